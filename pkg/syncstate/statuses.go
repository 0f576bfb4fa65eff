package syncstate

import (
	"bufio"
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"

	"github.com/symposium-dev/symposium-go/pkg/hookrecord"
	"github.com/symposium-dev/symposium-go/pkg/stream"
)

// The status record of a workspace: the plugin_status records of its last
// sync, one JSON line each. `cargo agents status` matches offline, and a
// crate plugin that sync downloaded (one a chain or a use entry reached at
// the registry's newest version) may not be resolvable then; the record
// lets status still say what was installed and why.

// statusHeader starts every status record; its number is the format version.
const statusHeader = "symposium status record 1"

// StatusPath is the status record of the workspace at root.
func StatusPath(cacheDir, root string) string {
	return filepath.Join(hookrecord.Dir(cacheDir), hookrecord.Key(root)+".status")
}

// EncodeStatuses is the status record holding statuses.
func EncodeStatuses(statuses []stream.PluginStatus) ([]byte, error) {
	var b bytes.Buffer
	b.WriteString(statusHeader + "\n")
	for _, s := range statuses {
		line, err := json.Marshal(s)
		if err != nil {
			return nil, err
		}
		b.Write(line)
		b.WriteByte('\n')
	}
	return b.Bytes(), nil
}

// LoadStatuses reads the status record of the workspace at root; nil when
// there is none or it cannot be read.
func LoadStatuses(cacheDir, root string) []stream.PluginStatus {
	data, err := os.ReadFile(StatusPath(cacheDir, root))
	if err != nil {
		return nil
	}
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 0, 64<<10), 1<<20)
	if !sc.Scan() || sc.Text() != statusHeader {
		return nil
	}
	var out []stream.PluginStatus
	for sc.Scan() {
		var s stream.PluginStatus
		if json.Unmarshal(sc.Bytes(), &s) != nil || s.Kind != stream.KindPluginStatus {
			return nil
		}
		out = append(out, s)
	}
	if sc.Err() != nil {
		return nil
	}
	return out
}
