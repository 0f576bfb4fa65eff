package syncstate

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"

	"github.com/symposium-dev/symposium-go/pkg/hookrecord"
	"github.com/symposium-dev/symposium-go/pkg/stream"
)

// Record is the sync record of one workspace: what `cargo agents sync`
// checks, besides the hook record's inputs, before skipping the stages,
// and what it prints then. It is stored only when every file in it was old
// enough to trust.
type Record struct {
	Skills     int           `json:"skills"`      // skills that matched
	Hooks      int           `json:"hooks"`       // plugin hooks that matched
	MCPServers int           `json:"mcp_servers"` // MCP servers that matched
	Gates      []stream.Gate `json:"gates"`       // the agents' closed gates, as the sync found them
	// Candidates are the plugins embedded in dependencies that await the
	// user's consent, so a sync that finds nothing changed still asks.
	Candidates []stream.PluginStatus `json:"candidates,omitempty"`
	// Approval is the workspace plugins' approval state when something
	// waits for it ("awaiting", "changed"), so an unchanged sync still
	// says so.
	Approval string `json:"approval,omitempty"`
	// Files are the plugin sources' directories and manifests (see
	// stream.Source.Tree) and every file the sync wrote or checked, with
	// each installed skill recorded by the directory holding it, every
	// file the gates were read from, and every directory and file of the
	// matched skills of local sources and the workspace (StampTrees).
	Files Stamps `json:"-"`
}

// recordHeader starts every sync record; its number is the format version.
const recordHeader = "symposium sync record 2"

// RecordPath is the sync record of the workspace at root.
func RecordPath(cacheDir, root string) string {
	return filepath.Join(hookrecord.Dir(cacheDir), hookrecord.Key(root)+".sync")
}

// LegacyPaths are records of earlier formats, removed when a record is
// written.
func LegacyPaths(cacheDir, root string) []string { return legacyPaths(cacheDir, root) }

// EncodeRecord is r as stored: a header line, r as one JSON line, then one
// "SIZE MTIME PATH" line per file.
func EncodeRecord(r *Record) ([]byte, error) {
	meta, err := json.Marshal(r)
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	b.WriteString(recordHeader + "\n")
	b.Write(meta)
	b.WriteByte('\n')
	line := make([]byte, 0, 256)
	for _, s := range r.Files {
		line = append(s.AppendTo(line[:0]), '\n')
		b.Write(line)
	}
	return b.Bytes(), nil
}

// LoadRecord reads the sync record of the workspace at root; nil when
// there is none or it cannot be read (either way: run the stages).
func LoadRecord(cacheDir, root string) *Record {
	data, err := os.ReadFile(RecordPath(cacheDir, root))
	if err != nil {
		return nil
	}
	// One string for the whole file: each path is a substring of it.
	text := string(data)
	header, text, ok1 := cut(text)
	meta, text, ok2 := cut(text)
	r := &Record{}
	if !ok1 || !ok2 || header != recordHeader || json.Unmarshal([]byte(meta), r) != nil {
		return nil
	}
	for text != "" {
		l, rest, ok := cut(text)
		if !ok {
			return nil
		}
		s, err := hookrecord.ParseStamp(l)
		if err != nil {
			return nil
		}
		r.Files = append(r.Files, s)
		text = rest
	}
	if len(r.Files) == 0 {
		return nil
	}
	return r
}

func cut(s string) (line, rest string, ok bool) {
	i := strings.IndexByte(s, '\n')
	if i < 0 {
		return "", "", false
	}
	return s[:i], s[i+1:], true
}
