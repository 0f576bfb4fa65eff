package symtranslate

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"

	"github.com/symposium-dev/symposium-go/pkg/cli"
	"github.com/symposium-dev/symposium-go/pkg/fileedit"
	"github.com/symposium-dev/symposium-go/pkg/hif"
)

// writeTarget merges the converted configuration into the target agent's
// project file: every entry not already there is appended to its event's
// list, the rest of the file is left as the user wrote it (pkg/fileedit).
// Where the agent reads another file in that one's place when it exists
// (Droid's hooks.json, hif.WriteFile), the entries go there, as sync puts
// them, at its top level: written into the project file, the agent would
// never see them.
func writeTarget(stdio cli.Stdio, o hooksOpts, out []byte) error {
	slug, _ := hif.ProviderSlug(o.to)
	path, eventMap, ok := hif.WriteFile(slug, o.kiroAgent, o.root)
	if !ok {
		return cli.Usagef("--write needs an agent as --to, not %q", o.to)
	}
	data, err := os.ReadFile(path)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	doc, err := fileedit.ParseJSON(path, data)
	if err != nil {
		return err
	}
	var top struct {
		Version json.RawMessage `json:"version"`
		Hooks   json.RawMessage `json:"hooks"`
	}
	if err := json.Unmarshal(out, &top); err != nil {
		return err
	}
	if top.Version != nil && !eventMap {
		if _, ok := doc.Get("version"); !ok {
			if err := doc.Set(top.Version, "version"); err != nil {
				return err
			}
		}
	}
	// Entries sit under hooks.<event>, or, for a provider whose file is
	// keyed by hook name (Antigravity), under <name>.<event>, or, in an
	// event-map file, under <event>.
	containers := []namedValue{{"hooks", top.Hooks}}
	switch {
	case eventMap:
		containers = []namedValue{{"", top.Hooks}}
	case hif.WholeDocument(slug):
		if containers, err = orderedEvents(out); err != nil {
			return err
		}
	}
	for _, c := range containers {
		if err := appendEntries(doc, c.name, c.value); err != nil {
			return err
		}
	}
	status, err := fileedit.Real().WriteFile(path, doc.Bytes(), 0o644)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdio.Out, "%s %s\n", status, path)
	return nil
}

// appendEntries appends to doc's container.<event> lists (top-level
// <event> lists for container "") every entry of events (an object of
// event → entries) that is not there yet.
func appendEntries(doc *fileedit.JSON, container string, events json.RawMessage) error {
	list, err := orderedEvents(events)
	if err != nil {
		return err
	}
	for _, ev := range list {
		at := []string{container, ev.name}
		if container == "" {
			at = at[1:]
		}
		var entries []json.RawMessage
		if err := json.Unmarshal(ev.value, &entries); err != nil {
			if ev.name == "enabled" {
				continue // Antigravity's switch beside the events
			}
			return err
		}
		var have []json.RawMessage
		if cur, ok := doc.Get(at...); ok {
			_ = json.Unmarshal(cur, &have)
		}
		for _, e := range entries {
			if containsJSON(have, e) {
				continue
			}
			if err := doc.Append(e, at...); err != nil {
				return err
			}
		}
	}
	return nil
}

type namedValue struct {
	name  string
	value json.RawMessage
}

// orderedEvents lists an object's members in document order.
func orderedEvents(raw json.RawMessage) ([]namedValue, error) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	if _, err := dec.Token(); err != nil {
		return nil, err
	}
	var out []namedValue
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, err
		}
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			return nil, err
		}
		out = append(out, namedValue{tok.(string), v})
	}
	return out, nil
}

// containsJSON reports whether list holds a value semantically equal to v.
func containsJSON(list []json.RawMessage, v json.RawMessage) bool {
	var want any
	if json.Unmarshal(v, &want) != nil {
		return false
	}
	wb, _ := json.Marshal(want)
	for _, x := range list {
		var got any
		if json.Unmarshal(x, &got) != nil {
			continue
		}
		gb, _ := json.Marshal(got)
		if bytes.Equal(wb, gb) {
			return true
		}
	}
	return false
}
