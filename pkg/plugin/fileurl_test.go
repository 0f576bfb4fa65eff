package plugin

import (
	"runtime"
	"strings"
	"testing"
)

// TestFileURL: a file:// git URL names a local path the way the system
// spells it (drive letters and shares on Windows), and git gets it in a
// form its own file:// parsing reads as that path on that system; a URL
// that names no local path here is refused with why.
func TestFileURL(t *testing.T) {
	for _, tc := range []struct {
		goos, in  string
		path, git string // git: the URL git gets
		err       string // a refusal names this
	}{
		{goos: "linux", in: "file:///srv/plugins.git", path: "/srv/plugins.git", git: "file:///srv/plugins.git"},
		{goos: "linux", in: "file://localhost/srv/plugins", path: "/srv/plugins", git: "file:///srv/plugins"},
		{goos: "linux", in: "FILE:///srv/a%20b", path: "/srv/a b", git: "file:///srv/a b"},
		{goos: "linux", in: "file:///srv/100%25", path: "/srv/100%", git: "file:///srv/100%25"},
		{goos: "darwin", in: "file:///Users/me/plugins", path: "/Users/me/plugins", git: "file:///Users/me/plugins"},
		{goos: "linux", in: "file://server/share/x", err: `names the host "server"`},
		{goos: "linux", in: "file://C:/src/plugins", err: `names the host "C:"`},
		{goos: "linux", in: "file:///srv/%zz", err: "escape"},
		{goos: "linux", in: "file://", err: "no path"},
		{goos: "windows", in: "file:///C:/src/plugins", path: `C:\src\plugins`, git: "file://C:/src/plugins"},
		{goos: "windows", in: "file:///c:/src/plugins/", path: `c:\src\plugins\`, git: "file://c:/src/plugins/"},
		{goos: "windows", in: "file://C:/src/plugins", path: `C:\src\plugins`, git: "file://C:/src/plugins"},
		{goos: "windows", in: `file://C:\src\plugins`, path: `C:\src\plugins`, git: "file://C:/src/plugins"},
		{goos: "windows", in: "file:///C|/src/plugins", path: `C:\src\plugins`, git: "file://C:/src/plugins"},
		{goos: "windows", in: "file://localhost/C:/src/My%20Plugins", path: `C:\src\My Plugins`, git: "file://C:/src/My Plugins"},
		{goos: "windows", in: "file://server/share/x", path: `\\server\share\x`, git: "file://server/share/x"},
		{goos: "windows", in: "file:////server/share/x", path: `\\server\share\x`, git: "file://server/share/x"},
		{goos: "windows", in: "file://server", err: "share"},
		{goos: "windows", in: "file://server/", err: "share"},
		{goos: "windows", in: "file:///srv/plugins", path: `\srv\plugins`, git: "file:///srv/plugins"},
	} {
		path, git, err := fileURL(tc.goos, tc.in)
		switch {
		case tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)):
			t.Errorf("%s: fileURL(%q) = %q, %q, %v; want an error naming %q", tc.goos, tc.in, path, git, err, tc.err)
		case tc.err == "" && err != nil:
			t.Errorf("%s: fileURL(%q): %v", tc.goos, tc.in, err)
		case tc.err == "" && (path != tc.path || git != tc.git):
			t.Errorf("%s: fileURL(%q) = %q, %q; want %q, %q", tc.goos, tc.in, path, git, tc.path, tc.git)
		}
	}
}

// TestParseGitURLFile: ParseGitURL hands git the normalised file:// URL
// (or refuses one with no local path here), so no file URL reaches git
// as written.
func TestParseGitURLFile(t *testing.T) {
	in, want := "file://localhost/srv/plugins", "file:///srv/plugins"
	if runtime.GOOS == "windows" {
		in, want = "file:///C:/srv/plugins", "file://C:/srv/plugins"
	}
	ref, err := ParseGitURL(in)
	if err != nil || ref.Repo != want {
		t.Errorf("ParseGitURL(%q) = %+v, %v; want Repo %q", in, ref, err, want)
	}
	bad := "file://server/share/x"
	if runtime.GOOS == "windows" {
		bad = "file://server"
	}
	if ref, err := ParseGitURL(bad); err == nil {
		t.Errorf("ParseGitURL(%q) = %+v, want an error", bad, ref)
	}
}
