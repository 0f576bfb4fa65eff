package hookrecord

import (
	"os"
	"strings"
	"time"
)

// A git plugin source with auto-update = true is refreshed by a sync once
// its last check is older than the debounce (config auto-update-interval,
// default 60 s). The check time is the mtime of "<clone>.checked", beside
// the clone (inside it, it would move the clone's fingerprint). The hook
// path never refreshes: it only drops "<clone>.refresh-due" (MarkDue), so
// the next explicit `cargo agents sync` does it; see docs/freshness.md.

// CheckedSuffix and DueSuffix name a source's stamp files, beside its clone.
const (
	CheckedSuffix = ".checked"
	DueSuffix     = ".refresh-due"
)

// Due reports whether the source whose check stamp is checked should be
// refreshed now: never checked, checked longer than interval ago, or
// marked due by a hook.
func Due(checked string, interval time.Duration, now time.Time) bool {
	if _, err := os.Stat(dueFile(checked)); err == nil {
		return true
	}
	fi, err := os.Stat(checked)
	return err != nil || now.Sub(fi.ModTime()) >= interval
}

// MarkDue records, for the hook path, that a refresh is due: one stat per
// source, and a write only when the mark is not there yet. It never waits
// on anything but the local file system.
func MarkDue(checked []string, interval time.Duration, now time.Time) (marked []string) {
	for _, c := range checked {
		if !toMark(c, interval, now) {
			continue
		}
		if os.WriteFile(dueFile(c), []byte(now.UTC().Format(time.RFC3339)+"\n"), 0o644) == nil {
			marked = append(marked, strings.TrimSuffix(c, CheckedSuffix))
		}
	}
	return marked
}

// AnyToMark reports whether MarkDue would mark a source: the lean hook
// (pkg/hookfast) leaves that call to the full one.
func AnyToMark(checked []string, interval time.Duration, now time.Time) bool {
	for _, c := range checked {
		if toMark(c, interval, now) {
			return true
		}
	}
	return false
}

// toMark reports whether checked is older than interval and not marked
// due yet.
func toMark(checked string, interval time.Duration, now time.Time) bool {
	if fi, err := os.Stat(checked); err == nil && now.Sub(fi.ModTime()) < interval {
		return false
	}
	_, err := os.Stat(dueFile(checked))
	return err != nil
}

// Checked stamps a source as checked now (the network was asked, whether
// it answered or not) and clears its due mark.
func Checked(checked string, now time.Time) {
	if f, err := os.Create(checked); err == nil {
		f.Close()
		os.Chtimes(checked, now, now)
	}
	os.Remove(dueFile(checked))
}

func dueFile(checked string) string { return strings.TrimSuffix(checked, CheckedSuffix) + DueSuffix }
