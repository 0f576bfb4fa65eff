// Package tartest builds tar.gz archives for tests of what unpacks them
// (pkg/untar and its callers), hostile ones included: any name, type and
// link target is written as given.
package tartest

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"testing"
)

// Entry is one entry of a test archive.
type Entry struct {
	Name string
	Body string     // a regular file's content
	Type byte       // 0 means tar.TypeReg
	Link string     // a symlink's or hard link's target
	Mode int64      // 0 means 0644
	Fmt  tar.Format // tar.FormatGNU forces GNU long-name entries
	PAX  map[string]string
}

// TarGz returns the gzip-compressed tar archive of entries.
func TarGz(t testing.TB, entries ...Entry) []byte {
	t.Helper()
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	tw := tar.NewWriter(zw)
	for _, e := range entries {
		typ := e.Type
		if typ == 0 {
			typ = tar.TypeReg
		}
		mode := e.Mode
		if mode == 0 {
			mode = 0o644
		}
		hdr := &tar.Header{Name: e.Name, Typeflag: typ, Linkname: e.Link, Mode: mode, Format: e.Fmt, PAXRecords: e.PAX}
		if typ == tar.TypeXGlobalHeader {
			hdr = &tar.Header{Typeflag: typ, PAXRecords: e.PAX}
		}
		if typ == tar.TypeReg {
			hdr.Size = int64(len(e.Body))
		}
		if err := tw.WriteHeader(hdr); err != nil {
			t.Fatal(err)
		}
		if typ == tar.TypeReg {
			if _, err := tw.Write([]byte(e.Body)); err != nil {
				t.Fatal(err)
			}
		}
	}
	if err := tw.Close(); err != nil {
		t.Fatal(err)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}
