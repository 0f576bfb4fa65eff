package plugin

// Forward compatibility: a manifest may use a field this version does not
// read (a later format's, or a typo). Sync keeps what it understands: the
// part holding the field (that hook, that group, that installation) is
// left out with a warning, an unknown top-level key is ignored, and the
// plugin's other parts load. plugin validate reports each as an error.

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/symposium-dev/symposium-go/pkg/pos"
)

// knownFields lists, per table, the fields this version reads; messages
// show them and nearField looks among them for the field a typo meant.
var knownFields = map[string]string{
	"":               "name, crates, depends-on, predicates, predicate, installations, skills, hooks, mcp_servers, mcp-servers, plugins, defaults, subcommand",
	"skills":         "crates, depends-on, predicates, source",
	"plugins":        "crates, depends-on, predicates, source",
	"defaults":       "skills",
	"source":         "path, git, crate_path",
	"plugins.source": "cargo, git, path",
	"hooks":          "name, event, matcher, command, executable, script, args, requirements, agent, format, timeout, predicates",
	"predicate":      "name, command, args",
	"mcp_servers":    "name, crates, depends-on, predicates, type, command, args, env, url, headers",
	"mcp-servers":    "name, crates, depends-on, predicates, type, command, args, env, url, headers",
}

// partWhat names each array-of-tables kind in Skipped.What.
var partWhat = map[string]string{
	"skills": "group", "plugins": "plugin", "hooks": "hook", "predicate": "predicate",
	"mcp_servers": "mcp_server", "mcp-servers": "mcp_server", "installations": "installation",
}

func isKnown(table, field string) bool {
	return strings.Contains(", "+knownFields[table]+", ", ", "+field+", ")
}

// unknownFields walks the loosely decoded manifest for fields this
// version does not read. Installations are checked by parseInstallation
// (an inline one has no table of its own to be walked here).
func (p *parser) unknownFields(loose map[string]any) {
	for _, k := range slices.Sorted(maps.Keys(loose)) {
		if !isKnown("", k) {
			p.unknownTop(k, loose[k])
			continue
		}
		switch k {
		case "defaults":
			t, _ := loose[k].(map[string]any)
			for _, f := range slices.Sorted(maps.Keys(t)) {
				if !isKnown("defaults", f) {
					p.dropPart("defaults", 0, f, "defaults", "", "[defaults]")
				}
			}
		case "skills", "plugins", "hooks", "predicate", "mcp_servers", "mcp-servers":
			list, _ := loose[k].([]any)
			for i, el := range list {
				t, _ := el.(map[string]any)
				p.unknownInPart(k, i, t)
			}
		}
	}
}

// unknownInPart checks one [[table]] entry, and its source table for the
// kinds that have one.
func (p *parser) unknownInPart(table string, i int, t map[string]any) {
	name, _ := t["name"].(string)
	words := fmt.Sprintf("[[%s]] %q", table, name)
	if name == "" {
		words = fmt.Sprintf("the [[%s]] entry at line %d", table, p.lines.header(table, i))
		// Groups and chained plugins have no name: they go by their
		// source in rejected records, as at match.
		src, _ := t["source"].(map[string]any)
		for _, k := range []string{"path", "git", "crate_path", "cargo"} {
			if v, ok := src[k].(string); ok && name == "" {
				name = v
			}
		}
	}
	for _, f := range slices.Sorted(maps.Keys(t)) {
		if !isKnown(table, f) {
			p.dropPart(table, i, f, partWhat[table], name, words)
		}
	}
	src, ok := t["source"].(map[string]any)
	if !ok || (table != "skills" && table != "plugins") {
		return
	}
	known := "source"
	if table == "plugins" {
		known = "plugins.source"
	}
	for _, f := range slices.Sorted(maps.Keys(src)) {
		if !isKnown(known, f) {
			p.dropSource(table, i, f, known, name, words)
		}
	}
}

// dropPart records that entry i of table is left out for its field f.
func (p *parser) dropPart(table string, i int, f, what, name, words string) {
	line := p.lines.key(table, i, f)
	known := knownFields[table]
	in := " in [[" + table + "]]"
	if table == "defaults" {
		in = " in [defaults]"
	}
	p.markDropped(table, i)
	p.skipped(what, name, line, fmt.Sprintf("unknown field %q%s (known: %s): skipping %s, the rest of the plugin loads%s", f, in, known, words, laterOr(f, known)))
}

// dropSource is dropPart for a field of an entry's source table.
func (p *parser) dropSource(table string, i int, f, knownKey, name, words string) {
	line := p.lines.key(table, i, "source")
	known := knownFields[knownKey]
	p.markDropped(table, i)
	p.skipped(partWhat[table], name, line, fmt.Sprintf("unknown field %q in source (known: %s): skipping %s, the rest of the plugin loads%s", f, known, words, laterOr(f, known)))
}

// unknownTop records an unknown top-level key or table, which is ignored.
func (p *parser) unknownTop(k string, v any) {
	known := knownFields[""]
	line := p.lines.key("", 0, k)
	what := fmt.Sprintf("unknown field %q", k)
	switch v.(type) {
	case map[string]any, []any:
		if s, ok := p.lines.firstSection(k); ok {
			line, what = s, fmt.Sprintf("unknown table [%s]", k)
		}
	}
	p.skipped("field", k, line, fmt.Sprintf("%s (known: %s): ignored%s", what, known, laterOr(k, known)))
}

// laterOr ends an unknown field's message: the known field a typo
// probably meant, or the other likely reason.
func laterOr(f, known string) string {
	if near := nearField(f, known); near != "" {
		return fmt.Sprintf("; did you mean %q?", near)
	}
	return " (a field of a later symposium version?)"
}

func (p *parser) markDropped(table string, i int) {
	if p.dropped[table] == nil {
		p.dropped[table] = map[int]bool{}
	}
	p.dropped[table][i] = true
}

func (p *parser) isDropped(table string, i int) bool { return p.dropped[table][i] }

// skipped records one Skipped with its "path:line:1: " prefix.
func (p *parser) skipped(what, name string, line int, msg string) {
	p.m.Skipped = append(p.m.Skipped, Skipped{What: what, Name: name, Line: line, Err: pos.Errorf(p.path, line, 1, "%s", msg)})
}
