// Package write stores the sync state (pkg/syncstate) after a sync. It is
// apart from syncstate so that the hook path, which only reads the state,
// links no file writer.
package write

import (
	"bytes"
	"os"

	"github.com/symposium-dev/symposium-go/pkg/atomicfile"
	"github.com/symposium-dev/symposium-go/pkg/syncstate"
)

// State writes st for its workspace unless the bytes on disk are identical.
// It reports whether it wrote.
func State(cacheDir string, st *syncstate.State) (bool, error) {
	data, err := syncstate.Encode(st)
	if err != nil {
		return false, err
	}
	return store(syncstate.Path(cacheDir, st.WorkspaceRoot), data)
}

// Outputs records stamps for root; it writes nothing when they are equal to
// what is stored.
func Outputs(cacheDir, root string, stamps []syncstate.FileStamp) error {
	data, err := syncstate.EncodeOutputs(stamps)
	if err != nil {
		return err
	}
	_, err = store(syncstate.OutputsPath(cacheDir, root), data)
	return err
}

func store(path string, data []byte) (bool, error) {
	if old, err := os.ReadFile(path); err == nil && bytes.Equal(old, data) {
		atomicfile.Sweep(path) // a killed write's leftover goes even when nothing changes
		return false, nil
	}
	return true, atomicfile.Write(path, data, 0o644)
}
