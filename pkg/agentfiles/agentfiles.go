// Package agentfiles gives pkg/agent its file editing: agent.Files
// implemented with pkg/fileedit's order- and comment-keeping editors. It is
// the seam that keeps those editors (and the YAML and JSONC libraries) off
// the hook path, which links pkg/agent but never edits a file.
package agentfiles

import (
	"github.com/tailscale/hujson"

	"github.com/symposium-dev/symposium-go/pkg/agent"
	"github.com/symposium-dev/symposium-go/pkg/fileedit"
)

// Real edits the file system (atomically, skipping unchanged bytes).
func Real() agent.Files { return Of(fileedit.Real()) }

// DryRun reports what would change and writes nothing.
func DryRun() agent.Files { return Of(fileedit.DryRun()) }

// Of wraps a fileedit.Writer.
func Of(w fileedit.Writer) agent.Files { return files{w} }

type files struct{ fileedit.Writer }

// Each parser returns a nil interface on error, never a typed nil.

func (files) ParseJSON(p string, data []byte) (agent.JSONDoc, error) {
	d, err := fileedit.ParseJSON(p, data)
	if err != nil {
		return nil, err
	}
	return d, nil
}

func (files) ParseTOML(p string, data []byte) (agent.TOMLDoc, error) {
	d, err := fileedit.ParseTOML(p, data)
	if err != nil {
		return nil, err
	}
	return d, nil
}

func (files) ParseYAML(p string, data []byte) (agent.YAMLDoc, error) {
	d, err := fileedit.ParseYAML(p, data)
	if err != nil {
		return nil, err
	}
	return d, nil
}

func (files) StandardizeJSONC(data []byte) ([]byte, error) { return hujson.Standardize(data) }
