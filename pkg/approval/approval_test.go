package approval

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/symposium-dev/symposium-go/internal/ostest"
)

// TestCheck: an approval holds for the manifests exactly as approved; an
// edit, an added or removed manifest, or a broken record is not one.
func TestCheck(t *testing.T) {
	for _, tc := range []struct {
		name    string
		change  func(t *testing.T, root, home string) []string // after approving; returns the manifests now
		want    State
		wantErr string
	}{
		{"unchanged", func(t *testing.T, root, home string) []string { return manifests(root) }, Approved, ""},
		{"edited in place", func(t *testing.T, root, home string) []string {
			appendTo(t, filepath.Join(root, "SYMPOSIUM.toml"), "# edited\n")
			return manifests(root)
		}, Changed, ""},
		{"member manifest added", func(t *testing.T, root, home string) []string {
			p := filepath.Join(root, "member", "SYMPOSIUM.toml")
			write(t, p, "[[hooks]]\n")
			return append(manifests(root), p)
		}, Changed, ""},
		{"manifest removed", func(t *testing.T, root, home string) []string {
			os.Remove(filepath.Join(root, "SYMPOSIUM.toml"))
			return nil
		}, Changed, ""},
		{"withdrawn", func(t *testing.T, root, home string) []string {
			if ok, err := Remove(home, root); !ok || err != nil {
				t.Fatalf("Remove: %v %v", ok, err)
			}
			return manifests(root)
		}, Awaiting, ""},
		{"broken record", func(t *testing.T, root, home string) []string {
			write(t, Path(home, root), "{not json")
			return manifests(root)
		}, Awaiting, "delete it and run `cargo agents use --workspace` again"},
		{"reached through a symlink", func(t *testing.T, root, home string) []string {
			ostest.Symlinks(t)
			link := filepath.Join(t.TempDir(), "link")
			if err := os.Symlink(root, link); err != nil {
				t.Fatal(err)
			}
			if Path(home, link) != Path(home, root) {
				t.Errorf("a symlinked checkout has another record: %s", Path(home, link))
			}
			return manifests(root)
		}, Approved, ""},
		{"named in another letter case (Windows)", func(t *testing.T, root, home string) []string {
			if runtime.GOOS != "windows" {
				t.Skip("paths are case-sensitive here: another case is another directory")
			}
			other := strings.ToLower(root)
			if other == root {
				other = strings.ToUpper(root)
			}
			if Path(home, other) != Path(home, root) {
				t.Errorf("%s and %s are one directory on Windows but have two records", other, root)
			}
			return manifests(root)
		}, Approved, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			root, home := t.TempDir(), t.TempDir()
			write(t, filepath.Join(root, "SYMPOSIUM.toml"), "[[hooks]]\nname = \"h\"\n")
			if _, err := Approve(home, root, manifests(root), time.Now()); err != nil {
				t.Fatal(err)
			}
			if rel, err := filepath.Rel(home, Path(home, root)); err != nil || strings.HasPrefix(rel, "..") {
				t.Fatalf("record %s is outside symposium's home %s", Path(home, root), home)
			}
			now := tc.change(t, root, home)
			got, err := Check(home, root, now)
			if got != tc.want {
				t.Errorf("state %q, want %q", got, tc.want)
			}
			if tc.wantErr == "" && err != nil || tc.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tc.wantErr)) {
				t.Errorf("err %v, want one containing %q", err, tc.wantErr)
			}
		})
	}
}

func manifests(root string) []string {
	p := filepath.Join(root, "SYMPOSIUM.toml")
	if _, err := os.Stat(p); err != nil {
		return nil
	}
	return []string{p}
}

func write(t *testing.T, p, s string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
		t.Fatal(err)
	}
}

func appendTo(t *testing.T, p, s string) {
	t.Helper()
	f, err := os.OpenFile(p, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	f.WriteString(s)
}
