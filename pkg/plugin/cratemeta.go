package plugin

import (
	"encoding/json"
	"reflect"
	"strings"

	"github.com/pelletier/go-toml/v2"
)

const metaPrefix = "package.metadata.symposium"

// extractMetadata turns Cargo.toml's [package.metadata.symposium] into a
// manifest document. Where it can, it keeps Cargo.toml's line numbers:
// every line outside the table is blanked and its headers lose the
// prefix. When that does not reproduce the table exactly (keys of the
// table written after one of its sub-tables, a dotted or inline form), it
// falls back to the table re-encoded, whose lines are its own.
func extractMetadata(data []byte) ([]byte, bool) {
	var doc map[string]any
	if err := toml.Unmarshal(data, &doc); err != nil {
		return nil, false
	}
	pkg, _ := doc["package"].(map[string]any)
	meta, _ := pkg["metadata"].(map[string]any)
	table, ok := meta["symposium"]
	if !ok {
		return nil, false
	}
	t, isTable := table.(map[string]any)
	if !isTable {
		// Not a table: let the manifest parser say so.
		return []byte("name = 0 # [package.metadata.symposium] is not a table\n"), true
	}
	if out := keepLines(data); out != nil {
		var got map[string]any
		if toml.Unmarshal(out, &got) == nil && sameJSON(got, t) {
			return out, true
		}
	}
	out, err := toml.Marshal(t)
	if err != nil {
		return nil, false
	}
	return out, true
}

func keepLines(data []byte) []byte {
	lines := strings.Split(string(data), "\n")
	in, sawSub := false, false
	for i, l := range lines {
		t := strings.TrimSpace(l)
		if strings.HasPrefix(t, "[") {
			arr := strings.HasPrefix(t, "[[")
			name := t
			if j := strings.IndexByte(name, '#'); j > 0 {
				name = name[:j]
			}
			name = strings.ReplaceAll(strings.Trim(strings.TrimSpace(name), "[]"), " ", "")
			switch {
			case name == metaPrefix && !arr:
				if sawSub {
					return nil // its keys would land in the sub-table
				}
				in = true
				lines[i] = ""
			case strings.HasPrefix(name, metaPrefix+"."):
				in, sawSub = true, true
				rest := name[len(metaPrefix)+1:]
				if arr {
					lines[i] = "[[" + rest + "]]"
				} else {
					lines[i] = "[" + rest + "]"
				}
			default:
				in = false
				lines[i] = ""
			}
			continue
		}
		if !in {
			lines[i] = ""
		}
	}
	return []byte(strings.Join(lines, "\n"))
}

func sameJSON(a, b any) bool {
	ja, err1 := json.Marshal(a)
	jb, err2 := json.Marshal(b)
	if err1 != nil || err2 != nil {
		return false
	}
	var va, vb any
	_ = json.Unmarshal(ja, &va)
	_ = json.Unmarshal(jb, &vb)
	return reflect.DeepEqual(va, vb)
}
