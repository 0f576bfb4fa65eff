package agent

import (
	"github.com/tailscale/hujson"

	"github.com/symposium-dev/symposium-go/pkg/fileedit"
)

// testFiles is pkg/agentfiles' adapter for this package's own tests, which
// cannot import agentfiles (it imports this package).
type testFiles struct{ fileedit.Writer }

func filesOf(w fileedit.Writer) Files { return testFiles{w} }
func realFiles() Files                { return filesOf(fileedit.Real()) }

func (testFiles) ParseJSON(p string, data []byte) (JSONDoc, error) {
	d, err := fileedit.ParseJSON(p, data)
	if err != nil {
		return nil, err
	}
	return d, nil
}

func (testFiles) ParseTOML(p string, data []byte) (TOMLDoc, error) {
	d, err := fileedit.ParseTOML(p, data)
	if err != nil {
		return nil, err
	}
	return d, nil
}

func (testFiles) ParseYAML(p string, data []byte) (YAMLDoc, error) {
	d, err := fileedit.ParseYAML(p, data)
	if err != nil {
		return nil, err
	}
	return d, nil
}

func (testFiles) StandardizeJSONC(data []byte) ([]byte, error) { return hujson.Standardize(data) }
