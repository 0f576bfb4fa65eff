package syncstate

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/symposium-dev/symposium-go/pkg/stream"
)

// TestStatusRecord: what EncodeStatuses writes, LoadStatuses reads back;
// a record of another format, or a broken line, reads as none.
func TestStatusRecord(t *testing.T) {
	cache, root := t.TempDir(), "/src/app"
	want := []stream.PluginStatus{
		{Kind: stream.KindPluginStatus, Name: "p1", State: stream.StateActive, Root: "registry local"},
		{Kind: stream.KindPluginStatus, Name: "evilcrate", State: stream.StateActive, Root: "registry local via plugin widget", Crate: "evilcrate", Version: "6.6.6"},
	}
	data, err := EncodeStatuses(want)
	if err != nil {
		t.Fatal(err)
	}
	path := StatusPath(cache, root)
	os.MkdirAll(filepath.Dir(path), 0o755)
	for _, tc := range []struct {
		name string
		body []byte
		want []stream.PluginStatus
	}{
		{"round trip", data, want},
		{"empty", []byte(statusHeader + "\n"), nil},
		{"other format", append([]byte("symposium status record 0\n"), data[len(statusHeader)+1:]...), nil},
		{"broken line", append(append([]byte{}, data...), "{\n"...), nil},
		{"not a status", []byte(statusHeader + "\n{\"kind\":\"skill\"}\n"), nil},
	} {
		if err := os.WriteFile(path, tc.body, 0o644); err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(tc.want, LoadStatuses(cache, root)); diff != "" {
			t.Errorf("%s (-want +got):\n%s", tc.name, diff)
		}
	}
	if got := LoadStatuses(cache, "/elsewhere"); got != nil {
		t.Errorf("another workspace: %v", got)
	}
}
