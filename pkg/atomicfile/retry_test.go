package atomicfile

import (
	"errors"
	"strings"
	"testing"
	"time"
)

// TestRenameRetrying: a target another program holds open (Windows) is
// retried until it is released, and when it never is the error says what
// to do; other errors are not retried.
func TestRenameRetrying(t *testing.T) {
	errBusy, errOther := errors.New("busy"), errors.New("other")
	tests := []struct {
		name      string
		failures  []error // what rename returns on successive calls; then nil
		wantCalls int
		wantErr   string // substring; "" for success
	}{
		{"free", nil, 1, ""},
		{"released after two tries", []error{errBusy, errBusy}, 3, ""},
		{"other error not retried", []error{errOther}, 1, "other"},
		{"held open throughout", repeat(errBusy, len(renameWaits)+1), len(renameWaits) + 1, "another program holds it open"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			calls := 0
			rename := func() error {
				calls++
				if calls <= len(tt.failures) {
					return tt.failures[calls-1]
				}
				return nil
			}
			var waited time.Duration
			err := renameRetrying("settings.json", rename, func(err error) bool { return errors.Is(err, errBusy) },
				func(d time.Duration) { waited += d })
			if calls != tt.wantCalls {
				t.Errorf("rename called %d times, want %d", calls, tt.wantCalls)
			}
			switch {
			case tt.wantErr == "" && err != nil:
				t.Errorf("err = %v, want nil", err)
			case tt.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tt.wantErr)):
				t.Errorf("err = %v, want one containing %q", err, tt.wantErr)
			}
			if waited > 3*time.Second {
				t.Errorf("waited %v in all; a hook cannot wait that long", waited)
			}
		})
	}
}

func repeat(err error, n int) []error {
	out := make([]error, n)
	for i := range out {
		out[i] = err
	}
	return out
}
