// Command fsfloor is the file-system baseline for a first sync in
// scripts/bench.sh: it recreates the directories and files under the given
// subdirectories of a reference tree (what a sync installed) in a new
// directory, with bare system calls and as many workers as sym-install
// uses, and prints how long that took in milliseconds. No sync can create
// the same entries faster on that file system.
//
//	fsfloor REFERENCE OUT SUBDIR...
package main

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sync"
	"syscall"
	"time"
)

type entry struct {
	rel  string
	data []byte // nil for a directory
}

func main() {
	if len(os.Args) < 4 {
		fmt.Fprintln(os.Stderr, "usage: fsfloor REFERENCE OUT SUBDIR...")
		os.Exit(2)
	}
	ref, out := os.Args[1], os.Args[2]
	// Read the whole reference first: only the creation is timed.
	var roots []string
	var jobs [][]entry // one per top-level entry of each subdir, created by one worker
	for _, sub := range os.Args[3:] {
		base := filepath.Join(ref, sub)
		roots = append(roots, sub)
		tops, err := os.ReadDir(base)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		for _, top := range tops {
			var job []entry
			err := filepath.WalkDir(filepath.Join(base, top.Name()), func(p string, d fs.DirEntry, err error) error {
				if err != nil {
					return err
				}
				rel, _ := filepath.Rel(ref, p)
				if d.IsDir() {
					job = append(job, entry{rel: rel})
					return nil
				}
				data, err := os.ReadFile(p)
				if data == nil {
					data = []byte{}
				}
				job = append(job, entry{rel: rel, data: data})
				return err
			})
			if err != nil {
				fmt.Fprintln(os.Stderr, err)
				os.Exit(1)
			}
			jobs = append(jobs, job)
		}
	}

	start := time.Now()
	for _, r := range roots {
		if err := os.MkdirAll(filepath.Join(out, r), 0o755); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
	}
	next := make(chan []entry)
	var wg sync.WaitGroup
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for job := range next {
				for _, e := range job {
					p := filepath.Join(out, e.rel)
					if e.data == nil {
						syscall.Mkdir(p, 0o755)
						continue
					}
					fd, err := syscall.Open(p, syscall.O_WRONLY|syscall.O_CREAT|syscall.O_EXCL|syscall.O_CLOEXEC, 0o644)
					if err != nil {
						continue
					}
					syscall.Write(fd, e.data)
					syscall.Close(fd)
				}
			}
		}()
	}
	for _, j := range jobs {
		next <- j
	}
	close(next)
	wg.Wait()
	fmt.Printf("%.1f\n", float64(time.Since(start).Microseconds())/1000)
}
