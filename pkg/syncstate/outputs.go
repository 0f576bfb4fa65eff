package syncstate

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
)

// Outputs are the files a sync wrote or checked (installed skills, agent
// settings, manifests). `cargo agents sync` skips the whole pipeline when the
// inputs and these are all unchanged. They are kept apart from State so that
// the hook path, which only needs the inputs, reads a small file.
type Outputs struct {
	Files []FileStamp `json:"files"`
}

// OutputsPath is the outputs file of the workspace at root.
func OutputsPath(cacheDir, root string) string {
	return strings.TrimSuffix(Path(cacheDir, root), ".json") + ".outputs.json"
}

// SaveOutputs records stamps for root; it writes nothing when they are equal
// to what is stored.
func SaveOutputs(cacheDir, root string, stamps []FileStamp) error {
	data, err := json.Marshal(Outputs{Files: stamps})
	if err != nil {
		return err
	}
	path := OutputsPath(cacheDir, root)
	if old, err := os.ReadFile(path); err == nil && string(old) == string(data) {
		return nil
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, data, 0o644); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}

// OutputsFresh reports whether every recorded output is as the last sync
// left it. No record means not fresh.
func OutputsFresh(cacheDir, root string) bool {
	data, err := os.ReadFile(OutputsPath(cacheDir, root))
	if err != nil {
		return false
	}
	var out Outputs
	if json.Unmarshal(data, &out) != nil || len(out.Files) == 0 {
		return false
	}
	st := State{Trusted: true, Inputs: out.Files}
	return st.Fresh("")
}
