package agent

import (
	"encoding/json"
	"io/fs"
)

// pkg/agent is linked by the hook path (sym-hook, `cargo agents hook`),
// which must stay small and quick to start: it knows each agent's files and
// how to edit them, but edits through these interfaces. pkg/agentfiles
// implements them with pkg/fileedit (order- and comment-keeping JSONC,
// TOML and YAML editors), which only sync and init link.

// Writer is where edits go: fileedit.Writer's methods.
type Writer interface {
	WriteFile(path string, data []byte, perm fs.FileMode) (status string, err error)
	Remove(path string) (status string, err error)
	RemoveAll(dir string) (status string, err error)
	ReadFile(path string) ([]byte, error)
}

// Files is a Writer that can also parse the agents' config formats.
type Files interface {
	Writer
	ParseJSON(path string, data []byte) (JSONDoc, error)
	ParseTOML(path string, data []byte) (TOMLDoc, error)
	ParseYAML(path string, data []byte) (YAMLDoc, error)
	// StandardizeJSONC turns JSONC (comments, trailing commas) into JSON.
	StandardizeJSONC(data []byte) ([]byte, error)
}

// JSONDoc is a JSON(C) document edited in place (fileedit.JSON).
type JSONDoc interface {
	Bytes() []byte
	Path() string
	Get(ptr ...string) (json.RawMessage, bool)
	Len(ptr ...string) int
	Keys(ptr ...string) []string
	Set(value any, ptr ...string) error
	Append(value any, ptr ...string) error
	Delete(ptr ...string) bool
}

// TOMLDoc is a TOML document edited in place (fileedit.TOML).
type TOMLDoc interface {
	Bytes() []byte
	Get(keys ...string) (any, bool)
	GetTable(keys ...string) (map[string]any, bool)
	SetTable(value map[string]any, keys ...string) error
	DeleteTable(keys ...string) bool
	SetValue(value any, keys ...string) error
}

// YAMLDoc is a YAML document edited in place (fileedit.YAML).
type YAMLDoc interface {
	Bytes() []byte
	Get(keys ...string) (any, bool)
	SetMapping(value any, keys ...string) error
	Delete(keys ...string) bool
}
