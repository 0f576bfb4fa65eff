package selfupdate

import (
	"archive/tar"
	"archive/zip"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"os"
	"path"
	"path/filepath"
	"runtime"
	"strings"
	"time"
)

// stagePrefix names the directory, beside the installed binaries, where an
// update is unpacked before it replaces them (same file system: renames).
const stagePrefix = ".symposium-update-"

// exeName is binary's file name on goos.
func exeName(binary, goos string) string {
	if goos == "windows" {
		return binary + ".exe"
	}
	return binary
}

// Unpack extracts the six binaries from archive (tar.gz, or zip for
// windows) into dir, executable. Any other entry is ignored; a missing
// binary is an error.
func Unpack(archive, dir, goos string) error {
	want := map[string]bool{}
	for _, b := range Binaries {
		want[exeName(b, goos)] = false
	}
	var err error
	if strings.HasSuffix(archive, ".zip") {
		err = unzip(archive, dir, want)
	} else {
		err = untgz(archive, dir, want)
	}
	if err != nil {
		return fmt.Errorf("unpacking %s: %w", filepath.Base(archive), err)
	}
	for name, found := range want {
		if !found {
			return fmt.Errorf("unpacking %s: no %s in it", filepath.Base(archive), name)
		}
	}
	return nil
}

func untgz(archive, dir string, want map[string]bool) error {
	f, err := os.Open(archive)
	if err != nil {
		return err
	}
	defer f.Close()
	gz, err := gzip.NewReader(f)
	if err != nil {
		return err
	}
	tr := tar.NewReader(gz)
	for {
		hdr, err := tr.Next()
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return err
		}
		name := path.Base(hdr.Name)
		if done, ok := want[name]; !ok || done || hdr.Typeflag != tar.TypeReg {
			continue
		}
		if err := writeExe(filepath.Join(dir, name), tr); err != nil {
			return err
		}
		want[name] = true
	}
}

func unzip(archive, dir string, want map[string]bool) error {
	zr, err := zip.OpenReader(archive)
	if err != nil {
		return err
	}
	defer zr.Close()
	for _, zf := range zr.File {
		name := path.Base(zf.Name)
		if done, ok := want[name]; !ok || done || !zf.Mode().IsRegular() {
			continue
		}
		r, err := zf.Open()
		if err != nil {
			return err
		}
		err = writeExe(filepath.Join(dir, name), r)
		r.Close()
		if err != nil {
			return err
		}
		want[name] = true
	}
	return nil
}

// writeExe writes an executable and syncs it: after the rename that
// installs it, a crash must not leave an empty binary.
func writeExe(dst string, r io.Reader) error {
	f, err := os.OpenFile(dst, os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o755)
	if err != nil {
		return err
	}
	_, err = io.Copy(f, io.LimitReader(r, maxAsset))
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// Replace installs the binaries unpacked in stage into dir, each by a
// rename, so each installed file is always a whole binary: a process
// already running one (a hook) keeps the old one. If a rename fails, the
// ones already done are put back: dir holds either the old set or the new.
// On Unix, the old file is hard-linked into stage first, so its name is
// never missing; on Windows a running executable cannot be replaced but
// can be moved, so it is moved into stage (left for SweepStages).
func Replace(dir, stage, goos string) error {
	type swapped struct{ target, backup string }
	var done []swapped
	undo := func(cause error) error {
		for i := len(done) - 1; i >= 0; i-- {
			s := done[i]
			if s.backup == "" {
				os.Remove(s.target)
			} else if err := os.Rename(s.backup, s.target); err != nil {
				return fmt.Errorf("%w; and putting back %s failed: %v (its previous version is %s)", cause, s.target, err, s.backup)
			}
		}
		return cause
	}
	for _, b := range Binaries {
		name := exeName(b, goos)
		target, backup := filepath.Join(dir, name), filepath.Join(stage, name+".old")
		if err := keepOld(target, backup); errors.Is(err, os.ErrNotExist) {
			backup = "" // not installed yet: nothing to put back
		} else if err != nil {
			return undo(fmt.Errorf("replacing %s: %w", target, err))
		}
		if err := os.Rename(filepath.Join(stage, name), target); err != nil {
			if backup != "" && runtime.GOOS == "windows" {
				os.Rename(backup, target)
			}
			return undo(fmt.Errorf("replacing %s: %w", target, err))
		}
		done = append(done, swapped{target, backup})
	}
	return nil
}

// keepOld preserves target as backup before it is replaced.
func keepOld(target, backup string) error {
	if _, err := os.Lstat(target); err != nil {
		return err
	}
	if runtime.GOOS == "windows" {
		return os.Rename(target, backup)
	}
	return os.Link(target, backup)
}

// SweepStages removes stage directories older than an hour left in dir
// by updates that were interrupted, or (on Windows) whose old binaries
// were still running.
func SweepStages(dir string, now time.Time) {
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if !e.IsDir() || !strings.HasPrefix(e.Name(), stagePrefix) {
			continue
		}
		if info, err := e.Info(); err == nil && now.Sub(info.ModTime()) > time.Hour {
			os.RemoveAll(filepath.Join(dir, e.Name()))
		}
	}
}
