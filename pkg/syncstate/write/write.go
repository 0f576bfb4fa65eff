// Package write stores the sync state (pkg/syncstate) after a sync. It is
// apart from syncstate so that the hook path, which only reads the state,
// links no file writer.
package write

import (
	"bytes"
	"os"
	"time"

	"github.com/symposium-dev/symposium-go/pkg/atomicfile"
	"github.com/symposium-dev/symposium-go/pkg/hookrecord"
	"github.com/symposium-dev/symposium-go/pkg/stream"
	"github.com/symposium-dev/symposium-go/pkg/syncstate"
)

// State writes st for its workspace unless the bytes on disk are identical.
// It reports whether it wrote.
func State(cacheDir string, st *syncstate.State) (bool, error) {
	data, err := syncstate.Encode(st)
	if err != nil {
		return false, err
	}
	removeLegacy(cacheDir, st.WorkspaceRoot)
	return store(hookrecord.Path(cacheDir, st.WorkspaceRoot), data)
}

// removeLegacy removes the records earlier versions stored for root.
func removeLegacy(cacheDir, root string) {
	for _, p := range syncstate.LegacyPaths(cacheDir, root) {
		os.Remove(p)
	}
}

// Record stores the sync record of root; it writes nothing when it is
// equal to what is stored. A nil r removes the stored one, so the next
// sync runs the stages.
func Record(cacheDir, root string, r *syncstate.Record) error {
	removeLegacy(cacheDir, root)
	path := syncstate.RecordPath(cacheDir, root)
	if r == nil {
		if err := os.Remove(path); err != nil && !os.IsNotExist(err) {
			return err
		}
		return nil
	}
	data, err := syncstate.EncodeRecord(r)
	if err != nil {
		return err
	}
	_, err = store(path, data)
	return err
}

func store(path string, data []byte) (bool, error) {
	if old, err := os.ReadFile(path); err == nil && bytes.Equal(old, data) {
		atomicfile.Sweep(path) // a killed write's leftover goes even when nothing changes
		return false, nil
	}
	return true, atomicfile.Write(path, data, 0o644)
}

// Statuses stores the status record of root (the last sync's plugin
// statuses); it writes nothing when it is equal to what is stored.
func Statuses(cacheDir, root string, statuses []stream.PluginStatus) error {
	data, err := syncstate.EncodeStatuses(statuses)
	if err != nil {
		return err
	}
	_, err = store(syncstate.StatusPath(cacheDir, root), data)
	return err
}

// ConfigRecord stores the config record (hookrecord.ConfigPath) of the
// config file at path as cfg describes it; it writes nothing when the
// stored one is equal.
func ConfigRecord(cacheDir, path string, cfg *hookrecord.HookConfig, now time.Time) error {
	inputs := hookrecord.Stamp([]string{path})
	h := &hookrecord.Header{Inputs: inputs, Trusted: hookrecord.Trusted(inputs, now), Config: cfg}
	data, err := h.Append(nil)
	if err != nil {
		return err
	}
	_, err = store(hookrecord.ConfigPath(cacheDir), data)
	return err
}
