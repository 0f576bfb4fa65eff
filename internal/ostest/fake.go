package ostest

import (
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// Fake puts the running test binary into a new directory under the
// program name (name.exe on Windows) and returns the directory, to put on
// PATH or name in a hook: started by that name, the binary runs the fake
// its TestMain handed to Main instead of the tests. A stand-in for a
// program (cargo, a hook script) that needs no sh, so it runs the same on
// every system.
func Fake(t testing.TB, name string) string {
	t.Helper()
	dir := t.TempDir()
	FakeAt(t, dir, name)
	return dir
}

// FakeAt is Fake into directory dir, which it makes; it returns the
// program's path (with .exe on Windows).
func FakeAt(t testing.TB, dir, name string) string {
	t.Helper()
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	dst := filepath.Join(dir, name)
	if runtime.GOOS == "windows" {
		// A copy: a hard link would be the running test binary's file,
		// which Windows will not let TempDir's cleanup delete.
		dst += ".exe"
	} else if os.Link(self, dst) == nil {
		return dst
	}
	if err := copyFile(self, dst); err != nil {
		t.Fatal(err)
	}
	return dst
}

func copyFile(src, dst string) error {
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.OpenFile(dst, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o755)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}

// Main runs, in a test binary's TestMain before m.Run, the fake the binary
// was started as (see Fake): fakes maps a program name to its body, which
// gets the arguments and returns the exit code. Started under any other
// name (the tests themselves), Main returns.
func Main(fakes map[string]func(args []string) int) {
	name := strings.TrimSuffix(filepath.Base(os.Args[0]), ".exe")
	if f, ok := fakes[name]; ok {
		os.Exit(f(os.Args[1:]))
	}
}
