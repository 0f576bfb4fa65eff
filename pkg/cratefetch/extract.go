package cratefetch

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"os"
	"path/filepath"
	"time"

	"github.com/symposium-dev/symposium-go/pkg/atomicfile"
	"github.com/symposium-dev/symposium-go/pkg/untar"
)

// staleUnpack is how old an unpack's temp directory must be before another
// process takes it for a killed one's leftover.
const staleUnpack = 10 * time.Minute

// unpack extracts a .crate archive (already size- and checksum-checked)
// into CacheDir/crates/<name>-<version>. It unpacks into a temp directory
// beside the target and renames it into place, so a reader never sees half
// a crate and a refused archive leaves nothing.
func (f *Fetcher) unpack(c Crate, from string, data []byte) (string, error) {
	if f.CacheDir == "" {
		return "", &UnavailableError{Crate: c, Reason: "no cache directory to unpack " + from + " into"}
	}
	dst := filepath.Join(f.CacheDir, "crates", dirName(c))
	atomicfile.SweepDirs(dst, staleUnpack)
	tmp, err := atomicfile.TempDir(dst)
	if err != nil {
		return "", &UnavailableError{Crate: c, Reason: "unpacking into " + filepath.Dir(dst), Err: err}
	}
	done := false
	defer func() {
		if !done {
			os.RemoveAll(tmp)
		}
	}()
	if err := f.untar(c, from, data, tmp); err != nil {
		return "", err
	}
	sum := sha256.Sum256(data)
	if err := os.WriteFile(filepath.Join(tmp, okFile), []byte(hex.EncodeToString(sum[:])+"\n"), 0o644); err != nil {
		return "", &UnavailableError{Crate: c, Reason: "unpacking into " + tmp, Err: err}
	}
	// Another process may have unpacked the same archive meanwhile; its
	// copy is kept, as a reader may be in it.
	same := Crate{Name: c.Name, Version: c.Version, Checksum: hex.EncodeToString(sum[:])}
	if dir := f.cached(same); dir != "" {
		f.addUnpacked(c)
		return dir, nil
	}
	if err := f.place(tmp, dst); err != nil {
		if dir := f.cached(same); dir != "" {
			f.addUnpacked(c)
			return dir, nil
		}
		return "", &UnavailableError{Crate: c, Reason: "moving the unpacked crate to " + dst, Err: err}
	}
	done = true
	f.addUnpacked(c)
	return dst, nil
}

// place moves tmp to dst. An existing dst (unfinished, or from another
// archive) is first renamed aside under a temp name, so SweepDirs removes
// it if we die before doing so ourselves.
func (f *Fetcher) place(tmp, dst string) error {
	if _, err := os.Lstat(dst); err == nil {
		old, err := atomicfile.TempDir(dst)
		if err != nil {
			return err
		}
		if err := os.Remove(old); err != nil {
			return err
		}
		if err := os.Rename(dst, old); err != nil {
			return err
		}
		defer os.RemoveAll(old)
	}
	return atomicfile.ReplaceDir(tmp, dst)
}

// untar writes the archive's <name>-<version>/ entries into dir through
// untar.Unpack, with the crate's caps, its links made where they stay in
// the crate, and a refusal as a *RefusedError naming the crate.
func (f *Fetcher) untar(c Crate, from string, data []byte, dir string) error {
	err := untar.Unpack(bytes.NewReader(data), dir, untar.Options{
		Name:       from,
		Top:        dirName(c),
		Links:      untar.MakeLinks,
		MaxEntry:   f.MaxEntry, // untar puts its defaults, ours, in for 0
		MaxTotal:   f.MaxTotal,
		MaxEntries: f.MaxFiles,
		Warn:       func(msg string) { f.warn("%s: %s", c, msg) },
	})
	var ue *untar.Error
	switch {
	case errors.As(err, &ue):
		fix := fixHostile
		if ue.TooLarge {
			// Big is not hostile: cargo unpacks such a crate into
			// registry/src, which is read before any archive.
			fix = fixTooBig
		}
		return &RefusedError{Crate: c, From: from, Reason: ue.Detail(), Fix: fix}
	case err != nil:
		return &UnavailableError{Crate: c, Reason: "unpacking into " + dir, Err: err}
	}
	if fi, err := os.Lstat(filepath.Join(dir, "Cargo.toml")); err != nil || !fi.Mode().IsRegular() {
		return &RefusedError{Crate: c, From: from, Reason: "no " + dirName(c) + "/Cargo.toml in the archive", Fix: fixHostile}
	}
	return nil
}

const fixHostile = "the archive is not what cargo publishes; report it to the registry or the crate's authors"
