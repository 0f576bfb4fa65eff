package pipeline_test

import (
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestLightDeps: sym-hook imports this package for auto-sync, so it must
// not pull in the parsers and matchers the stage processes own.
func TestLightDeps(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go list")
	}
	cmd := exec.Command("go", "list", "-deps", "./pkg/pipeline")
	cmd.Dir = filepath.Join("..", "..")
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list -deps ./pkg/pipeline: %v", err)
	}
	forbidden := []string{
		"github.com/Masterminds/semver",
		"github.com/adrg/frontmatter",
		"github.com/itchyny/gojq",
		"github.com/goccy/go-yaml",
		"github.com/symposium-dev/symposium-go/pkg/plugin",
		"github.com/symposium-dev/symposium-go/pkg/predicate",
		"github.com/symposium-dev/symposium-go/pkg/skill",
		"github.com/symposium-dev/symposium-go/pkg/cargo",
		"github.com/symposium-dev/symposium-go/pkg/install",
		"github.com/symposium-dev/symposium-go/pkg/agent",
	}
	for _, dep := range strings.Fields(string(out)) {
		for _, f := range forbidden {
			if dep == f || strings.HasPrefix(dep, f+"/") {
				t.Errorf("pkg/pipeline links %s", dep)
			}
		}
	}
}
