// Package logfile is the log every symposium invocation leaves behind (book:
// "Logging and debugging"): one file per invocation in the logs directory,
// named symposium-YYYYMMDD-HHMMSS-COMMAND-PID.log, holding the lines at or
// above the configured [logging] level, with old files pruned as new ones
// are written.
//
// The hook path uses it on every agent tool call, so it imports nothing but
// the standard library, buffers in memory and touches the disk only when a
// line reached the level: a call with nothing to say writes no file.
package logfile

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"
)

// Level is a log level, as in config's [logging] level.
type Level int

// The levels, lowest first.
const (
	Trace Level = iota
	Debug
	Info
	Warn
	Error
)

var levelNames = [...]string{"TRACE", "DEBUG", "INFO", "WARN", "ERROR"}

func (l Level) String() string { return levelNames[l] }

// ParseLevel reads a [logging] level; config has checked it already, so
// anything else is the default, info.
func ParseLevel(s string) Level {
	for i, n := range levelNames {
		if strings.EqualFold(s, n) {
			return Level(i)
		}
	}
	return Info
}

// Pruning: a log is kept for MaxAge, and at most MaxFiles are kept.
const (
	MaxFiles = 100
	MaxAge   = 14 * 24 * time.Hour
)

// Log collects one invocation's lines.
type Log struct {
	// Context makes a file, once some line reached the level, hold every
	// line: for the hook, whose every call logs at debug and only the
	// odd one reaches the level, the lines before a warning explain it.
	Context bool

	command string
	now     func() time.Time
	start   time.Time
	min     Level
	lines   []line
}

// line is one recorded line. Most lines are never written (a hook's debug
// lines, below the level), so formatting waits until Flush writes one:
// until then (done false) layout and args are kept instead of text.
type line struct {
	level  Level
	at     time.Time
	layout string
	args   []any
	done   bool
	text   string
}

// format sets text, once.
func (ln *line) format() {
	if !ln.done {
		ln.text = fmt.Sprintf("%s %-5s %s", ln.at.UTC().Format("15:04:05.000"), ln.level, fmt.Sprintf(ln.layout, ln.args...))
		ln.layout, ln.args, ln.done = "", nil, true
	}
}

// immutable reports whether formatting args later gives the text it gives
// now: values of basic types, durations and errors (which do not change
// once made). Anything else, a pointer or a slice say, is formatted at
// once.
func immutable(args []any) bool {
	for _, a := range args {
		switch a.(type) {
		case nil, string, bool, int, int8, int16, int32, int64, uint, uint8, uint16, uint32, uint64, uintptr,
			float32, float64, time.Duration, error:
		default:
			return false
		}
	}
	return true
}

// New starts the log of one invocation of command ("sync", "hook", ...),
// at level info until SetLevel. A nil now means time.Now.
func New(command string, now func() time.Time) *Log {
	if now == nil {
		now = time.Now
	}
	return &Log{command: command, now: now, start: now(), min: Info}
}

// SetLevel sets the minimum level written, by its config name.
func (l *Log) SetLevel(name string) { l.min = ParseLevel(name) }

// Printf records a line. A nil *Log records nothing, so callers need no
// check.
func (l *Log) Printf(level Level, format string, args ...any) {
	if l == nil {
		return
	}
	ln := line{level: level, at: l.now(), layout: format, args: args}
	if !immutable(args) {
		ln.format()
	}
	l.lines = append(l.lines, ln)
}

// Enabled reports whether Flush can write a line at level: one at or above
// the level, or any line of a Log with Context. A caller with many lines
// to log at a level that is off (a sync's one line per path, at debug)
// skips them instead of formatting and keeping them for nothing.
func (l *Log) Enabled(level Level) bool {
	return l != nil && (level >= l.min || l.Context)
}

// Flush writes the lines at or above the level to a new file in dir,
// headed by header, prunes old files and returns the file's path: "" when
// no line reached the level, dir is "", or the write failed. Logging never
// fails the command, so errors are dropped.
func (l *Log) Flush(dir, header string) string {
	if l == nil || dir == "" {
		return ""
	}
	reached := false
	for _, ln := range l.lines {
		reached = reached || ln.level >= l.min
	}
	if !reached {
		return ""
	}
	var b strings.Builder
	for i := range l.lines {
		if ln := &l.lines[i]; ln.level >= l.min || l.Context {
			ln.format()
			b.WriteString(ln.text)
			b.WriteByte('\n')
		}
	}
	// A log quotes the user's config and paths: only the user reads it.
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return ""
	}
	if fi, err := os.Stat(dir); err == nil && fi.Mode().Perm()&0o077 != 0 {
		os.Chmod(dir, fi.Mode().Perm()&0o700) // made by an older version
	}
	// One process may log several runs in one second (tests, and
	// a hook that runs in-process): later ones get a number.
	name := FileName(l.start, l.command, os.Getpid())
	var path string
	var f *os.File
	for n := 1; ; n++ {
		path = filepath.Join(dir, name)
		if n > 1 {
			path = filepath.Join(dir, fmt.Sprintf("%s.%d.log", strings.TrimSuffix(name, ".log"), n))
		}
		var err error
		f, err = os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
		if err == nil {
			break
		}
		if !os.IsExist(err) || n == 100 {
			return ""
		}
	}
	_, err := fmt.Fprintf(f, "%s pid %d\n%s", header, os.Getpid(), b.String())
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return ""
	}
	Prune(dir, l.now())
	return path
}

const prefix = "symposium-"

// stamp is the book's timestamp; it sorts as time does.
const stamp = "20060102-150405"

// FileName is the name of the log of the invocation of command that began
// at start in process pid. The pid keeps two invocations in one second
// apart (an agent's hooks often fire together).
func FileName(start time.Time, command string, pid int) string {
	return fmt.Sprintf("%s%s-%s-%d.log", prefix, start.UTC().Format(stamp), command, pid)
}

// Prune removes from dir the logs older than MaxAge, then the oldest ones
// beyond MaxFiles. Only names this package writes are touched (and the
// hook-*.log files of earlier versions, oldest of all), read from the
// names alone: no file is opened or stat'ed.
func Prune(dir string, now time.Time) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	type logFile struct {
		name string
		at   time.Time
	}
	var logs []logFile
	for _, e := range entries {
		n := e.Name()
		if !strings.HasSuffix(n, ".log") || e.IsDir() {
			continue
		}
		switch {
		case strings.HasPrefix(n, prefix) && len(n) >= len(prefix)+len(stamp):
			at, err := time.Parse(stamp, n[len(prefix):len(prefix)+len(stamp)])
			if err == nil {
				logs = append(logs, logFile{n, at})
			}
		case strings.HasPrefix(n, "hook-"):
			logs = append(logs, logFile{n, time.Time{}})
		}
	}
	sort.Slice(logs, func(i, j int) bool {
		if !logs[i].at.Equal(logs[j].at) {
			return logs[i].at.Before(logs[j].at)
		}
		return logs[i].name < logs[j].name
	})
	for i, lf := range logs {
		if len(logs)-i > MaxFiles || now.Sub(lf.at) > MaxAge {
			os.Remove(filepath.Join(dir, lf.name))
		}
	}
}
