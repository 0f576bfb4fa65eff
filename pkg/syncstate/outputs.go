package syncstate

import (
	"encoding/json"
	"os"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
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

// EncodeOutputs is the outputs record of stamps as stored.
func EncodeOutputs(stamps []FileStamp) ([]byte, error) {
	return json.Marshal(Outputs{Files: stamps})
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
	return StampsFresh(out.Files)
}

// StampsFresh reports whether every stamp still describes its file. A sync
// leaves thousands of outputs, and a stat is mostly waiting on the kernel,
// so several goroutines share the work and all stop at the first change.
func StampsFresh(stamps []FileStamp) bool {
	return eachChunk(len(stamps), func(lo, hi int) bool { return stampsFresh(stamps[lo:hi]) })
}

// eachChunk calls do on consecutive ranges of [0, n): on one goroutine for
// a short list, else on several (a stat is mostly waiting on the kernel).
// It stops at the first range for which do returns false, and reports
// whether none did.
func eachChunk(n int, do func(lo, hi int) bool) bool {
	const chunk = 256
	if n <= chunk {
		return do(0, n)
	}
	var stop atomic.Bool
	var next atomic.Int64
	var wg sync.WaitGroup
	workers := min(2*runtime.GOMAXPROCS(0), (n+chunk-1)/chunk)
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for !stop.Load() {
				lo := int(next.Add(chunk)) - chunk
				if lo >= n {
					return
				}
				if !do(lo, min(lo+chunk, n)) {
					stop.Store(true)
				}
			}
		}()
	}
	wg.Wait()
	return !stop.Load()
}

func stampsFresh(stamps []FileStamp) bool {
	for _, in := range stamps {
		fi, err := os.Stat(in.Path)
		if err != nil {
			if in.Size != -1 {
				return false
			}
			continue
		}
		if in.Size != fi.Size() || in.MTime != fi.ModTime().UnixNano() {
			return false
		}
	}
	return true
}
