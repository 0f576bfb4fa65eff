package cli

import (
	"slices"
	"testing"

	"github.com/symposium-dev/symposium-go/pkg/proc"
)

// TestDieWithOrchestrator: a stage started by cargo-agents watches the pid
// it was given, and hands the variable on to nothing it runs; started
// otherwise (`cargo agents plugin` runs sym-match), it watches nothing.
func TestDieWithOrchestrator(t *testing.T) {
	tests := []struct {
		name    string
		env     map[string]string
		watched []int
	}{
		{"not a stage", map[string]string{}, nil},
		{"started by cargo-agents", map[string]string{proc.EnvParentPID: "4242"}, []int{4242}},
		{"a value that is no pid: unset, unwatched", map[string]string{proc.EnvParentPID: "x"}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			env := tt.env
			var watched []int
			dieWithOrchestrator(
				func(k string) (string, bool) { v, ok := env[k]; return v, ok },
				func(k string) error { delete(env, k); return nil },
				func(pid int) { watched = append(watched, pid) })
			if !slices.Equal(watched, tt.watched) {
				t.Errorf("watched %v, want %v", watched, tt.watched)
			}
			if v, left := env[proc.EnvParentPID]; left {
				t.Errorf("%s=%s still set: the stage's own commands would watch cargo-agents too", proc.EnvParentPID, v)
			}
		})
	}
}
