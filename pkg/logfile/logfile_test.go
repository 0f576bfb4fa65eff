package logfile

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/symposium-dev/symposium-go/internal/ostest"
)

func TestFlushLevels(t *testing.T) {
	dir := t.TempDir()
	now := time.Date(2026, 11, 25, 9, 15, 0, 0, time.UTC)
	l := New("sync", func() time.Time { return now })
	l.Printf(Debug, "detail")
	if got := l.Flush(dir, "cargo agents sync"); got != "" {
		t.Errorf("Flush with only a debug line at info = %q, want no file", got)
	}
	l.Printf(Info, "did %d things", 3)
	path := l.Flush(dir, "cargo agents sync")
	if want := fmt.Sprintf("symposium-20261125-091500-sync-%d.log", os.Getpid()); filepath.Base(path) != want {
		t.Fatalf("Flush wrote %q, want %s", path, want)
	}
	data, _ := os.ReadFile(path)
	got := string(data)
	if !strings.HasPrefix(got, "cargo agents sync pid ") || !strings.Contains(got, "09:15:00.000 INFO  did 3 things\n") || strings.Contains(got, "detail") {
		t.Errorf("log file:\n%s\nwant the header and the info line, not the debug one", got)
	}

	l = New("init", func() time.Time { return now })
	l.SetLevel("debug")
	l.Printf(Debug, "detail")
	if path := l.Flush(dir, "x"); path == "" {
		t.Error("debug line at level debug: no file")
	}
	l = New("hook", func() time.Time { return now })
	l.Context = true
	l.Printf(Debug, "context")
	l.Printf(Warn, "trouble")
	data, _ = os.ReadFile(l.Flush(dir, "x"))
	if !strings.Contains(string(data), "DEBUG context\n") || !strings.Contains(string(data), "WARN  trouble\n") {
		t.Errorf("log with Context:\n%s\nwant the debug line too", data)
	}
	var nilLog *Log
	nilLog.Printf(Error, "ignored")
	if nilLog.Flush(dir, "x") != "" {
		t.Error("nil Log wrote a file")
	}
}

func TestPrune(t *testing.T) {
	dir := t.TempDir()
	now := time.Date(2026, 11, 25, 12, 0, 0, 0, time.UTC)
	touch := func(name string) {
		if err := os.WriteFile(filepath.Join(dir, name), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for i := 0; i < MaxFiles+5; i++ {
		touch(FileName(now.Add(-time.Duration(i)*time.Minute), "hook", 100+i))
	}
	touch(FileName(now.Add(-MaxAge-time.Hour), "sync", 1)) // too old
	touch("hook-20261101T000000.000-7.log")                // an earlier version's name
	touch("notes.log")                                     // not ours
	touch("symposium-garbage.log")                         // not ours either
	Prune(dir, now)
	entries, _ := os.ReadDir(dir)
	var ours int
	names := map[string]bool{}
	for _, e := range entries {
		names[e.Name()] = true
		if strings.HasPrefix(e.Name(), "symposium-2026") {
			ours++
		}
	}
	if ours != MaxFiles {
		t.Errorf("%d logs kept, want %d", ours, MaxFiles)
	}
	for _, n := range []string{"notes.log", "symposium-garbage.log", FileName(now, "hook", 100)} {
		if !names[n] {
			t.Errorf("%s was removed", n)
		}
	}
	for _, n := range []string{FileName(now.Add(-MaxAge-time.Hour), "sync", 1), "hook-20261101T000000.000-7.log", FileName(now.Add(-time.Duration(MaxFiles)*time.Minute), "hook", 100+MaxFiles)} {
		if names[n] {
			t.Errorf("%s was kept", n)
		}
	}
}

// Lines are formatted when written, not when recorded; what is written
// must be what formatting at once would have given.
func TestLazyFormatting(t *testing.T) {
	dir := t.TempDir()
	at := time.Date(2026, 11, 25, 9, 15, 0, 123e6, time.FixedZone("X", 3600))
	l := New("hook", func() time.Time { return at })
	l.Context = true
	l.Printf(Debug, "")
	l.Printf(Debug, "%s %q %d %v %.1f %v %v", "s", "q", 7, true, 1.25, 3*time.Second, fmt.Errorf("boom"))
	names := []string{"before"}
	l.Printf(Debug, "slice %v", names)
	p := &struct{ N int }{1}
	l.Printf(Debug, "pointer %v", p)
	names[0], p.N = "after", 2
	at = at.Add(time.Hour) // a later line's time, not the earlier ones'
	l.Printf(Warn, "%d%%", 5)
	data, err := os.ReadFile(l.Flush(dir, "x"))
	if err != nil {
		t.Fatal(err)
	}
	want := "08:15:00.123 DEBUG \n" +
		"08:15:00.123 DEBUG s \"q\" 7 true 1.2 3s boom\n" +
		"08:15:00.123 DEBUG slice [before]\n" +
		"08:15:00.123 DEBUG pointer &{1}\n" +
		"09:15:00.123 WARN  5%\n"
	if got := string(data); !strings.HasSuffix(got, "\n"+want) {
		t.Errorf("log file:\n%s\nwant it to end with\n%s", got, want)
	}
	// A second Flush writes the same lines again.
	data, _ = os.ReadFile(l.Flush(dir, "x"))
	if got := string(data); !strings.HasSuffix(got, "\n"+want) {
		t.Errorf("second log file:\n%s\nwant it to end with\n%s", got, want)
	}
}

// TestFlushPrivate: a log may quote what the user's config holds (a git
// URL's user name, paths): the directory is 0700 and each file 0600, and a
// directory an older version made 0755 is tightened.
func TestFlushPrivate(t *testing.T) {
	ostest.UnixModes(t) // a Windows log directory is as private as the profile holding it
	for _, tc := range []struct {
		name     string
		existing os.FileMode // 0: the directory does not exist yet
	}{
		{"new directory", 0},
		{"older 0755 directory", 0o755},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "logs")
			if tc.existing != 0 {
				if err := os.Mkdir(dir, tc.existing); err != nil {
					t.Fatal(err)
				}
				if err := os.Chmod(dir, tc.existing); err != nil {
					t.Fatal(err)
				}
			}
			l := New("sync", time.Now)
			l.Printf(Warn, "something")
			path := l.Flush(dir, "x")
			if path == "" {
				t.Fatal("no file written")
			}
			for p, want := range map[string]os.FileMode{dir: 0o700, path: 0o600} {
				fi, err := os.Stat(p)
				if err != nil {
					t.Fatal(err)
				}
				if fi.Mode().Perm() != want {
					t.Errorf("%s: mode %v, want %v", p, fi.Mode().Perm(), want)
				}
			}
		})
	}
}

// TestEnabled: Enabled is true exactly for the lines Flush can write: at or
// above the level, or any line with Context; never on a nil Log.
func TestEnabled(t *testing.T) {
	tests := []struct {
		level   string
		context bool
		line    Level
		want    bool
	}{
		{"info", false, Debug, false},
		{"info", false, Info, true},
		{"info", false, Error, true},
		{"debug", false, Debug, true},
		{"warn", false, Info, false},
		{"warn", true, Debug, true},
		{"", false, Debug, false}, // the default level is info
	}
	for _, tt := range tests {
		l := New("sync", nil)
		if tt.level != "" {
			l.SetLevel(tt.level)
		}
		l.Context = tt.context
		if got := l.Enabled(tt.line); got != tt.want {
			t.Errorf("level %q, context %v: Enabled(%v) = %v, want %v", tt.level, tt.context, tt.line, got, tt.want)
		}
	}
	var none *Log
	if none.Enabled(Error) {
		t.Error("a nil Log is enabled")
	}
}
