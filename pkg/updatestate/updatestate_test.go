package updatestate

import (
	"os"
	"testing"
	"time"
)

func TestNewer(t *testing.T) {
	tests := []struct {
		a, b string
		want bool
	}{
		{"0.4.1", "0.4.0", true},
		{"0.4.0", "0.4.1", false},
		{"0.4.0", "0.4.0", false},
		{"v1.0.0", "0.9.9", true},
		{"0.10.0", "0.9.0", true},
		{"0.4.0", "0.4.0-dev", true},
		{"0.4.0-dev", "0.4.0", false},
		{"0.4.0-rc.10", "0.4.0-rc.9", true},
		{"0.4.0-rc.1", "0.4.0-beta", true},
		{"0.4.0-rc.1.1", "0.4.0-rc.1", true},
		{"0.4.0+build.2", "0.4.0+build.1", false},
		{"garbage", "0.1.0", false},
		{"0.1.0", "garbage", false},
		{"1.2", "1.1.0", false},
		{"", "0.1.0", false},
	}
	for _, tc := range tests {
		if got := Newer(tc.a, tc.b); got != tc.want {
			t.Errorf("Newer(%q, %q) = %v, want %v", tc.a, tc.b, got, tc.want)
		}
	}
}

func TestDue(t *testing.T) {
	now := time.Date(2026, 11, 26, 12, 0, 0, 0, time.UTC)
	tests := []struct {
		last time.Time
		want bool
	}{
		{time.Time{}, true},
		{now.Add(-time.Hour), false},
		{now.Add(-CheckInterval), true},
		{now.Add(time.Hour), true}, // clock set back
	}
	for _, tc := range tests {
		if got := (State{LastCheck: tc.last}).Due(now); got != tc.want {
			t.Errorf("Due with last check %v = %v, want %v", tc.last, got, tc.want)
		}
	}
}

func TestReadEncodeRoundTrip(t *testing.T) {
	dir := t.TempDir()
	if got := Read(dir); got != (State{}) {
		t.Fatalf("Read of a missing file = %+v, want zero", got)
	}
	want := State{Version: "0.4.0", LastCheck: time.Date(2026, 11, 26, 1, 2, 3, 0, time.UTC), Latest: "0.4.1"}
	if err := os.WriteFile(Path(dir), Encode(want), 0o644); err != nil {
		t.Fatal(err)
	}
	if got := Read(dir); !got.LastCheck.Equal(want.LastCheck) || got.Version != want.Version || got.Latest != want.Latest {
		t.Errorf("Read(Encode(%+v)) = %+v", want, got)
	}
	if err := os.WriteFile(Path(dir), []byte("version = [\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if got := Read(dir); got != (State{}) {
		t.Errorf("Read of a broken file = %+v, want zero", got)
	}
}

func TestNudge(t *testing.T) {
	tests := []struct {
		latest, current string
		want            bool
	}{
		{"0.4.1", "0.4.0", true},
		{"0.4.0", "0.4.0", false},
		{"", "0.4.0", false},
		{"0.3.0", "0.4.0", false},
	}
	for _, tc := range tests {
		got := State{Latest: tc.latest}.Nudge(tc.current)
		if (got != "") != tc.want {
			t.Errorf("Nudge(latest %q, current %q) = %q, want a nudge: %v", tc.latest, tc.current, got, tc.want)
		}
	}
}
