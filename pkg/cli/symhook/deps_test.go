package symhook_test

import (
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestHotPathDeps keeps the hook binary small and quick to start: the
// manifest, version, query and skill parsers belong to sync's stages, never
// to the code that runs on every tool call.
func TestHotPathDeps(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go list")
	}
	cmd := exec.Command("go", "list", "-deps", "./cmd/sym-hook")
	cmd.Dir = filepath.Join("..", "..", "..")
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list -deps ./cmd/sym-hook: %v", err)
	}
	forbidden := []string{
		"github.com/Masterminds/semver",
		"github.com/adrg/frontmatter",
		"github.com/itchyny/gojq",
		"github.com/symposium-dev/symposium-go/pkg/plugin",
		"github.com/symposium-dev/symposium-go/pkg/predicate",
		"github.com/symposium-dev/symposium-go/pkg/skill",
		"github.com/symposium-dev/symposium-go/pkg/cargo",
	}
	for _, dep := range strings.Fields(string(out)) {
		for _, f := range forbidden {
			if dep == f || strings.HasPrefix(dep, f+"/") {
				t.Errorf("sym-hook links %s", dep)
			}
		}
	}
}
