package setupcmd

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"

	"github.com/symposium-dev/symposium-go/pkg/agent"
	"github.com/symposium-dev/symposium-go/pkg/atomicfile"
	"github.com/symposium-dev/symposium-go/pkg/config"
)

// trustRecordName is the file, in symposium's config directory, listing the
// trust entries `init --trust` (or a yes at init's prompt) added to the
// agents' files. It is symposium's own state, never a user's file: only
// what it lists is ever taken back, by `uninstall --trust`. It lives beside
// config.toml rather than in the cache because clearing a cache must not
// make symposium forget what it changed in the user's files.
const trustRecordName = "trust-added.json"

type trustRecord struct {
	Version int                `json:"version"`
	Entries []agent.TrustEntry `json:"entries"`
}

func trustRecordPath(d config.Dirs) string { return filepath.Join(d.Config, trustRecordName) }

func loadTrustRecord(d config.Dirs) (*trustRecord, error) {
	p := trustRecordPath(d)
	data, err := os.ReadFile(p)
	if errors.Is(err, fs.ErrNotExist) {
		return &trustRecord{Version: 1}, nil
	}
	if err != nil {
		return nil, err
	}
	var r trustRecord
	if err := json.Unmarshal(data, &r); err != nil {
		return nil, fmt.Errorf("%s: %w (symposium's record of the trust entries it added; fix or delete it)", p, err)
	}
	return &r, nil
}

// addTrust appends the entries init just added (once each) and saves.
func addTrust(d config.Dirs, added []agent.TrustEntry) error {
	if len(added) == 0 {
		return nil
	}
	r, err := loadTrustRecord(d)
	if err != nil {
		return err
	}
	for _, e := range added {
		dup := false
		for _, have := range r.Entries {
			if have.File == e.File && reflect.DeepEqual(have.Keys, e.Keys) && have.Append == e.Append && sameEntryValue(have.Value, e.Value) {
				dup = true // added, taken back by hand, added again: one entry
			}
		}
		if !dup {
			r.Entries = append(r.Entries, e)
		}
	}
	return saveTrustRecord(d, r)
}

func sameEntryValue(a, b any) bool {
	ja, _ := json.Marshal(a)
	jb, _ := json.Marshal(b)
	return string(ja) == string(jb)
}

// saveTrustRecord writes r, or removes the file when r lists nothing.
func saveTrustRecord(d config.Dirs, r *trustRecord) error {
	p := trustRecordPath(d)
	if len(r.Entries) == 0 {
		if err := os.Remove(p); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return err
		}
		return nil
	}
	r.Version = 1
	data, err := json.MarshalIndent(r, "", "  ")
	if err != nil {
		return err
	}
	return atomicfile.Write(p, append(data, '\n'), 0o600)
}
