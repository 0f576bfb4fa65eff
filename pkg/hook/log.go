package hook

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// Log levels, as in config's [logging] level.
const (
	levelTrace = iota
	levelDebug
	levelInfo
	levelWarn
	levelError
)

var levelNames = [...]string{"TRACE", "DEBUG", "INFO", "WARN", "ERROR"}

func parseLevel(s string) int {
	for i, n := range levelNames {
		if strings.EqualFold(s, n) {
			return i
		}
	}
	return levelInfo
}

// logger buffers one call's log lines and writes them to a file of their
// own at the end, and only when one of them reaches the configured level:
// a quiet call touches no file.
type logger struct {
	now     func() time.Time
	start   time.Time
	min     int
	lines   []string
	highest int
}

func newLogger(now func() time.Time) *logger {
	return &logger{now: now, start: now(), min: levelInfo, highest: -1}
}

func (l *logger) setLevel(name string) { l.min = parseLevel(name) }

func (l *logger) printf(level int, format string, args ...any) {
	if level > l.highest {
		l.highest = level
	}
	l.lines = append(l.lines, fmt.Sprintf("%s %-5s %s", l.now().UTC().Format("15:04:05.000"), levelNames[level], fmt.Sprintf(format, args...)))
}

// flush writes the log file when warranted and returns its path. Logging
// never fails the call: write errors are dropped.
func (l *logger) flush(dir, agentName, event string) string {
	if dir == "" || l.highest < l.min {
		return ""
	}
	var b strings.Builder
	fmt.Fprintf(&b, "sym-hook %s %s pid %d\n", agentName, event, os.Getpid())
	for _, line := range l.lines {
		// Lines below the level are kept: they are the context of the
		// line that made this file worth writing.
		b.WriteString(line)
		b.WriteByte('\n')
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return ""
	}
	name := fmt.Sprintf("hook-%s-%d.log", l.start.UTC().Format("20060102T150405.000"), os.Getpid())
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		return ""
	}
	return path
}
