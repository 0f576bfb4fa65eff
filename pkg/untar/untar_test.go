package untar

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/symposium-dev/symposium-go/internal/ostest"

	"github.com/symposium-dev/symposium-go/internal/tartest"
)

type entry = tartest.Entry

func archive(t *testing.T, entries ...entry) []byte { return tartest.TarGz(t, entries...) }

// The two ways symposium unpacks: a .crate, and a GitHub repository
// archive for a hook installation (a release asset is install without
// Top).
var (
	crate   = Options{Name: "demo-1.0.0.crate", Top: "demo-1.0.0", Links: MakeLinks, MaxEntry: 1000, MaxTotal: 2500, MaxEntries: 20}
	install = Options{Name: "https://example.com/r.tar.gz", Top: AnyTop, Links: SkipLinks, MaxEntry: 1000, MaxTotal: 2500, MaxEntries: 20}
	asset   = Options{Name: "https://example.com/a.tgz", Links: SkipLinks, MaxEntry: 1000, MaxTotal: 2500, MaxEntries: 20}
)

// unpack unpacks data into a fresh directory inside a sandbox and checks
// that nothing was written outside it, whatever the outcome.
func unpack(t *testing.T, data []byte, o Options) (string, error) {
	t.Helper()
	sandbox := t.TempDir()
	dir := filepath.Join(sandbox, "dst")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	err := Unpack(bytes.NewReader(data), dir, o)
	filepath.WalkDir(sandbox, func(p string, d fs.DirEntry, err error) error {
		if err == nil && p != sandbox && p != dir && !strings.HasPrefix(p, dir+string(filepath.Separator)) {
			t.Errorf("written outside the destination: %s", p)
		}
		if err == nil && d.Type()&fs.ModeSymlink != 0 {
			target, _ := filepath.EvalSymlinks(p)
			if target != "" && !strings.HasPrefix(target, dir+string(filepath.Separator)) {
				t.Errorf("symlink %s leads out, to %s", p, target)
			}
		}
		return nil
	})
	return dir, err
}

func TestRefused(t *testing.T) {
	const p = "demo-1.0.0/"
	const r = "o-r-v1/"
	big := strings.Repeat("x", 2000)
	manifest := entry{Name: p + "Cargo.toml", Body: "[package]\n"}
	long := strings.Repeat("d", 120) + "/"
	for _, tc := range []struct {
		name     string
		opts     Options
		entries  []entry
		entry    string // the entry the error must name; "" for none
		want     string
		tooLarge bool
	}{
		// Names.
		{"absolute", crate, []entry{manifest, {Name: "/tmp/evil", Body: "x"}}, "/tmp/evil", "absolute path", false},
		{"absolute, install", install, []entry{{Name: r, Type: tar.TypeDir}, {Name: "/tmp/evil", Body: "x"}}, "/tmp/evil", "absolute path", false},
		{"absolute, asset", asset, []entry{{Name: "/tmp/evil", Body: "x"}}, "/tmp/evil", "absolute path", false},
		{"dot-dot", crate, []entry{manifest, {Name: p + "../x", Body: "x"}}, p + "../x", "'..'", false},
		{"dot-dot deeper", crate, []entry{manifest, {Name: p + "a/../../../x", Body: "x"}}, p + "a/../../../x", "'..'", false},
		{"dot-dot inside, install", install, []entry{{Name: r + "a/../b", Body: "x"}}, r + "a/../b", "'..'", false},
		{"dot-dot, asset", asset, []entry{{Name: "../x", Body: "x"}}, "../x", "'..'", false},
		{"dot-dot in a skipped part, install", Options{Top: AnyTop, Sub: "hooks"}, []entry{{Name: r + "docs/../../x", Body: "x"}}, r + "docs/../../x", "'..'", false},
		{"backslash", asset, []entry{{Name: `a\..\..\x`, Body: "x"}}, `a\..\..\x`, "backslash", false},
		{"double slash", crate, []entry{manifest, {Name: p + "/etc/x", Body: "x"}}, p + "/etc/x", "not a path inside demo-1.0.0/", false},
		{"outside the top", crate, []entry{manifest, {Name: "other-1.0.0/x", Body: "x"}}, "other-1.0.0/x", "outside demo-1.0.0/", false},
		{"./ before the top", crate, []entry{{Name: "./" + p + "Cargo.toml", Body: "x"}}, "./" + p + "Cargo.toml", "outside demo-1.0.0/", false},
		{"second top, install", install, []entry{{Name: r + "a", Body: "x"}, {Name: "other/b", Body: "x"}}, "other/b", "outside o-r-v1/", false},
		{"no top, install", install, []entry{{Name: "./x", Body: "x"}}, "./x", "not in a top directory", false},
		{"top is a file", crate, []entry{{Name: "demo-1.0.0", Body: "x"}}, "demo-1.0.0", "top directory is not a directory", false},
		{"top is a file, install", install, []entry{{Name: "o-r-v1", Body: "x"}}, "o-r-v1", "top directory is not a directory", false},
		{"GNU long name with dot-dot", crate, []entry{manifest, {Name: p + long + "../../../x", Body: "x", Fmt: tar.FormatGNU}}, p + long + "../../../x", "'..'", false},

		// Symlinks.
		{"symlink to /etc/passwd", crate, []entry{manifest, {Name: p + "passwd", Type: tar.TypeSymlink, Link: "/etc/passwd"}}, p + "passwd", `symlink to "/etc/passwd" leaves demo-1.0.0/`, false},
		{"symlink up", crate, []entry{manifest, {Name: p + "up", Type: tar.TypeSymlink, Link: "../../x"}}, p + "up", "leaves demo-1.0.0/", false},
		{"symlink with backslash", crate, []entry{manifest, {Name: p + "up", Type: tar.TypeSymlink, Link: `..\..\x`}}, p + "up", "leaves demo-1.0.0/", false},
		{"empty symlink", crate, []entry{manifest, {Name: p + "up", Type: tar.TypeSymlink}}, p + "up", "leaves demo-1.0.0/", false},
		{"symlink then write through it", crate, []entry{manifest, {Name: p + "d", Type: tar.TypeSymlink, Link: "../.."}, {Name: p + "d/x", Body: "x"}}, p + "d", "leaves demo-1.0.0/", false},
		{"symlink over a file", crate, []entry{manifest, {Name: p + "Cargo.toml", Type: tar.TypeSymlink, Link: "x"}}, p + "Cargo.toml", "a second entry for the same path", false},

		// Hard links.
		{"hard link outside", crate, []entry{manifest, {Name: p + "h", Type: tar.TypeLink, Link: "/etc/passwd"}}, p + "h", `hard link to "/etc/passwd": absolute path`, false},
		{"hard link outside, install", install, []entry{{Name: r + "h", Type: tar.TypeLink, Link: "/etc/passwd"}}, r + "h", `hard link to "/etc/passwd": absolute path`, false},
		{"hard link up, asset", asset, []entry{{Name: "h", Type: tar.TypeLink, Link: "../x"}}, "h", "'..'", false},
		{"hard link to another top", crate, []entry{manifest, {Name: p + "h", Type: tar.TypeLink, Link: "other-1.0.0/x"}}, p + "h", "is not a file in demo-1.0.0/", false},
		{"hard link to a directory", crate, []entry{manifest, {Name: p + "d/", Type: tar.TypeDir}, {Name: p + "h", Type: tar.TypeLink, Link: p + "d"}}, p + "h", "not a file of the archive", false},
		{"hard link to nothing", crate, []entry{manifest, {Name: p + "h", Type: tar.TypeLink, Link: p + "gone"}}, p + "h", "not a file of the archive", false},
		{"hard link to a symlink", crate, []entry{manifest, {Name: p + "s", Type: tar.TypeSymlink, Link: "Cargo.toml"}, {Name: p + "h", Type: tar.TypeLink, Link: p + "s"}}, p + "h", "not a file of the archive", false},

		// Special files.
		{"fifo", crate, []entry{manifest, {Name: p + "fifo", Type: tar.TypeFifo}}, p + "fifo", "unsupported entry type", false},
		{"char device", crate, []entry{manifest, {Name: p + "dev", Type: tar.TypeChar}}, p + "dev", "unsupported entry type", false},
		{"block device, install", install, []entry{{Name: r + "dev", Type: tar.TypeBlock}}, r + "dev", "unsupported entry type", false},
		{"fifo, asset", asset, []entry{{Name: "fifo", Type: tar.TypeFifo}}, "fifo", "unsupported entry type", false},
		{"fifo where skipped", Options{Top: AnyTop, Sub: "hooks"}, []entry{{Name: "o-r-v1/docs/fifo", Type: tar.TypeFifo}}, "o-r-v1/docs/fifo", "unsupported entry type", false},
		{"contiguous file", asset, []entry{{Name: "c", Type: tar.TypeCont}}, "c", "unsupported entry type", false},

		// Duplicates and clashes.
		{"duplicate file", crate, []entry{manifest, manifest}, p + "Cargo.toml", "a second entry for the same path", false},
		{"duplicate file, install", install, []entry{{Name: r + "a", Body: "1"}, {Name: r + "a", Body: "2"}}, r + "a", "a second entry for the same path", false},
		{"file where a dir was", asset, []entry{{Name: "d/", Type: tar.TypeDir}, {Name: "d", Body: "x"}}, "d", "a second entry for the same path", false},
		{"dir where a file was", asset, []entry{{Name: "d", Body: "x"}, {Name: "d/", Type: tar.TypeDir}}, "d/", "a second entry for the same path", false},
		{"file below a file", asset, []entry{{Name: "d", Body: "x"}, {Name: "d/x", Body: "x"}}, "d/x", "a file of the archive is where its directory would be", false},
		{"dir below a file", asset, []entry{{Name: "d", Body: "x"}, {Name: "d/e/", Type: tar.TypeDir}}, "d/e/", "a file of the archive is where its directory would be", false},

		// Caps.
		{"oversized file", crate, []entry{manifest, {Name: p + "big", Body: big}}, p + "big", "2000 bytes, over the 1000-byte limit", true},
		{"oversized total", crate, []entry{manifest, {Name: p + "a", Body: big[:900]}, {Name: p + "b", Body: big[:900]}, {Name: p + "c", Body: big[:900]}}, "", "unpacks to over 2500 bytes", true},
		{"oversized total, install", install, []entry{{Name: r + "a", Body: big[:900]}, {Name: r + "b", Body: big[:900]}, {Name: r + "c", Body: big[:900]}}, "", "unpacks to over 2500 bytes", true},
		{"too many entries", install, dirs(r, 21), "", "more than 20 entries", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := unpack(t, archive(t, tc.entries...), tc.opts)
			t.Log(err)
			var ue *Error
			if !errors.As(err, &ue) {
				t.Fatalf("err = %v; want *Error", err)
			}
			if !strings.Contains(ue.Detail(), tc.want) || ue.Entry != tc.entry || ue.TooLarge != tc.tooLarge {
				t.Fatalf("err = %v (entry %q, too large %v); want %q about entry %q, too large %v", err, ue.Entry, ue.TooLarge, tc.want, tc.entry, tc.tooLarge)
			}
			if want := "unpacking " + tc.opts.Name + ": "; !strings.HasPrefix(err.Error(), want) {
				t.Fatalf("err = %v; want it to start with %q", err, want)
			}
			if tc.entry != "" && !strings.Contains(err.Error(), fmt.Sprintf("entry %q", tc.entry)) {
				t.Fatalf("err = %v; want it to name entry %q", err, tc.entry)
			}
		})
	}
}

func dirs(top string, n int) []entry {
	var es []entry
	for i := range n {
		es = append(es, entry{Name: top + strings.Repeat("d", i+1) + "/", Type: tar.TypeDir})
	}
	return es
}

func TestBroken(t *testing.T) {
	good := archive(t, entry{Name: "a", Body: strings.Repeat("abc", 300)})
	for _, tc := range []struct {
		name, want string
		data       []byte
	}{
		{"not gzip", "not a gzip archive", []byte("PK\x03\x04 a zip")},
		{"gzip, not tar", "broken tar archive", gz(t, []byte(strings.Repeat("not a tar header ", 64)))},
		{"truncated", `entry "a": broken tar archive: unexpected EOF`, gz(t, ungz(t, good)[:700])},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := unpack(t, tc.data, asset)
			var ue *Error
			if !errors.As(err, &ue) || !strings.Contains(err.Error(), tc.want) || ue.TooLarge {
				t.Fatalf("err = %v; want *Error with %q", err, tc.want)
			}
		})
	}
}

func gz(t *testing.T, data []byte) []byte {
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	zw.Write(data)
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func ungz(t *testing.T, data []byte) []byte {
	zr, err := gzip.NewReader(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if _, err := buf.ReadFrom(zr); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// TestReadCap: what is skipped is not written, but reading it is bounded
// too, so an archive cannot make the unpacker decompress without end.
func TestReadCap(t *testing.T) {
	huge := strings.Repeat("\x00", 17<<20)
	data := archive(t, entry{Name: "o-r-v1/docs/huge", Body: huge}, entry{Name: "o-r-v1/hooks/x", Body: "x"})
	o := install
	o.Sub, o.MaxEntry = "hooks", 1<<30
	_, err := unpack(t, data, o)
	var ue *Error
	if !errors.As(err, &ue) || !ue.TooLarge || !strings.Contains(err.Error(), "unpacks to over 2500 bytes") {
		t.Fatalf("err = %v; want too large", err)
	}
}

// A directory planted in the destination as a symlink out of it is not
// followed, even though no check of the archive's names catches it: the
// os.Root does.
func TestPlantedSymlink(t *testing.T) {
	ostest.Symlinks(t)
	sandbox := t.TempDir()
	dir := filepath.Join(sandbox, "dst")
	outside := filepath.Join(sandbox, "outside")
	for _, d := range []string{dir, outside} {
		if err := os.Mkdir(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink(outside, filepath.Join(dir, "evil")); err != nil {
		t.Fatal(err)
	}
	err := Unpack(bytes.NewReader(archive(t, entry{Name: "evil/x", Body: "x"})), dir, asset)
	var ue *Error
	if !errors.As(err, &ue) || ue.Entry != "evil/x" {
		t.Fatalf("err = %v; want refused", err)
	}
	if ents, _ := os.ReadDir(outside); len(ents) != 0 {
		t.Fatalf("written through the planted symlink: %v", ents)
	}
}

func TestUnpacked(t *testing.T) {
	const p = "demo-1.0.0/"
	const r = "o-r-v1/"
	long := strings.Repeat("d", 120) + "/" + strings.Repeat("f", 120)
	for _, tc := range []struct {
		name    string
		opts    Options
		entries []entry
		files   map[string]string // path: body, "->target" a symlink, "/" a directory
		absent  []string
		warn    string // in the one warning expected
	}{
		{
			name: "crate",
			opts: crate,
			entries: []entry{
				{Name: p, Type: tar.TypeDir},
				{Name: p + "Cargo.toml", Body: "[package]\n"},
				{Name: p + "src/lib.rs", Body: "fn f() {}"},
				{Name: p + "build.sh", Body: "#!/bin/sh\n", Mode: 0o4755},
				{Name: p + "./dot/x", Body: "x"},
				{Name: p + "empty/", Type: tar.TypeDir},
				{Name: p + "empty/", Type: tar.TypeDir},
			},
			files: map[string]string{"Cargo.toml": "[package]\n", "src/lib.rs": "fn f() {}", "build.sh": "#!/bin/sh\n", "dot/x": "x", "empty": "/"},
		},
		{
			name: "crate links",
			opts: crate,
			entries: []entry{
				{Name: p + "Cargo.toml", Body: "[package]\n"},
				{Name: p + "docs/guide.md", Body: "guide"},
				{Name: p + "README.md", Type: tar.TypeSymlink, Link: "docs/guide.md"},
				{Name: p + "skills/link.md", Type: tar.TypeSymlink, Link: "../docs/guide.md"},
				{Name: p + "copy.md", Type: tar.TypeLink, Link: p + "docs/guide.md"},
				{Name: p + "later/link", Type: tar.TypeLink, Link: p + "late.md"},
				{Name: p + "late.md", Body: "late"},
			},
			files:  map[string]string{"README.md": "->docs/guide.md", "copy.md": "guide", "later/link": "late"},
			absent: []string{"skills/link.md"},
			warn:   "demo-1.0.0.crate: left out symlink skills/link.md -> ../docs/guide.md",
		},
		{
			name: "GitHub archive: PAX global header, links skipped",
			opts: install,
			entries: []entry{
				{Type: tar.TypeXGlobalHeader, PAX: map[string]string{"comment": "0123abcd"}},
				{Name: r, Type: tar.TypeDir},
				{Name: r + "hooks/check.sh", Body: "echo", Mode: 0o755},
				{Name: r + "hooks/etc", Type: tar.TypeSymlink, Link: "/etc"},
				{Name: r + "hooks/up", Type: tar.TypeSymlink, Link: "../../.."},
				{Name: r + "hooks/up/x", Body: "not through the link"},
				{Name: r + "hooks/copy", Type: tar.TypeLink, Link: r + "hooks/check.sh"},
				{Name: r + "hooks/other", Type: tar.TypeLink, Link: "elsewhere/x"},
			},
			files:  map[string]string{"hooks/check.sh": "echo", "hooks/up": "/", "hooks/up/x": "not through the link"},
			absent: []string{"hooks/etc", "hooks/copy", "hooks/other"},
		},
		{
			name: "GitHub archive, a subdirectory",
			opts: Options{Top: AnyTop, Sub: "tools/hooks"},
			entries: []entry{
				{Name: r, Type: tar.TypeDir},
				{Name: r + "README", Body: "readme"},
				{Name: r + "tools/", Type: tar.TypeDir},
				{Name: r + "tools/hooks", Type: tar.TypeDir},
				{Name: r + "tools/hooks/run.sh", Body: "run"},
				{Name: r + "tools/hooksy/no", Body: "no"},
			},
			files:  map[string]string{"run.sh": "run"},
			absent: []string{"README", "tools", "no"},
		},
		{
			name: "release asset made with tar -C dir .",
			opts: asset,
			entries: []entry{
				{Name: "./", Type: tar.TypeDir},
				{Name: "./bin/", Type: tar.TypeDir},
				{Name: "./bin/tool", Body: "ELF", Mode: 0o755},
				{Name: "README", Body: "readme"},
			},
			files: map[string]string{"bin/tool": "ELF", "README": "readme"},
		},
		{
			name: "GNU and PAX long names",
			opts: crate,
			entries: []entry{
				{Name: p + "Cargo.toml", Body: "[package]\n"},
				{Name: p + long, Body: "gnu", Fmt: tar.FormatGNU},
				{Name: p + long + "2", Body: "pax", Fmt: tar.FormatPAX},
				{Name: p + "l", Type: tar.TypeSymlink, Link: long, Fmt: tar.FormatGNU},
			},
			files: map[string]string{long: "gnu", long + "2": "pax", "l": "->" + long},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for _, want := range tc.files {
				if strings.HasPrefix(want, "->") {
					ostest.Symlinks(t) // the case makes one
				}
			}
			var warnings []string
			o := tc.opts
			o.Warn = func(m string) { warnings = append(warnings, m) }
			dir, err := unpack(t, archive(t, tc.entries...), o)
			if err != nil {
				t.Fatal(err)
			}
			for name, want := range tc.files {
				p := filepath.Join(dir, filepath.FromSlash(name))
				fi, err := os.Lstat(p)
				if err != nil {
					t.Errorf("%s: %v", name, err)
					continue
				}
				switch {
				case want == "/":
					if !fi.IsDir() {
						t.Errorf("%s: %v; want a directory", name, fi.Mode())
					}
				case strings.HasPrefix(want, "->"):
					if got, _ := os.Readlink(p); got != want[2:] {
						t.Errorf("%s: symlink to %q; want %q", name, got, want[2:])
					}
				default:
					if !fi.Mode().IsRegular() {
						t.Errorf("%s: %v; want a file", name, fi.Mode())
					}
					if got, _ := os.ReadFile(p); string(got) != want {
						t.Errorf("%s = %q; want %q", name, got, want)
					}
				}
			}
			for _, name := range tc.absent {
				if _, err := os.Lstat(filepath.Join(dir, filepath.FromSlash(name))); !errors.Is(err, fs.ErrNotExist) {
					t.Errorf("%s: want it left out, got %v", name, err)
				}
			}
			switch {
			case tc.warn == "" && len(warnings) != 0:
				t.Errorf("warnings = %q; want none", warnings)
			case tc.warn != "" && (len(warnings) != 1 || !strings.Contains(warnings[0], tc.warn)):
				t.Errorf("warnings = %q; want one with %q", warnings, tc.warn)
			}
		})
	}
}

// TestModes: only the executable bit of an entry's mode is kept.
func TestModes(t *testing.T) {
	ostest.UnixModes(t)
	dir, err := unpack(t, archive(t,
		entry{Name: "setuid", Body: "x", Mode: 0o4755},
		entry{Name: "world", Body: "x", Mode: 0o666},
		entry{Name: "exec", Body: "x", Mode: 0o700},
	), asset)
	if err != nil {
		t.Fatal(err)
	}
	for name, want := range map[string]fs.FileMode{"setuid": 0o755, "world": 0o644, "exec": 0o755} {
		fi, err := os.Stat(filepath.Join(dir, name))
		if err != nil || fi.Mode() != want {
			t.Errorf("%s: mode %v, %v; want %v", name, fi.Mode(), err, want)
		}
	}
}
