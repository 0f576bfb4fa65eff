package cargows

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/symposium-dev/symposium-go/internal/sharedtest"
	"github.com/symposium-dev/symposium-go/pkg/stream"
)

// corpusCases lists the case directories of corpus/cargo.
func corpusCases(t testing.TB) []string {
	t.Helper()
	dir := filepath.Join(sharedtest.Dir(t, "corpus"), "cargo")
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range ents {
		if e.IsDir() {
			out = append(out, e.Name())
		}
	}
	if len(out) != 10 {
		t.Fatalf("corpus/cargo has %d cases, want 10: %v", len(out), out)
	}
	return out
}

// expectedFile is the part of a case's expected.json we compare against
// (the format is described in corpus/cargo/README.md).
type expectedFile struct {
	Workspace struct {
		Members []stream.Member `json:"members"`
	} `json:"workspace"`
	Deps []struct {
		Member          string    `json:"member"`
		Name            string    `json:"name"`
		Version         string    `json:"version"`
		DepKind         string    `json:"dep_kind"`
		Source          *string   `json:"source"`
		Path            *string   `json:"path"`
		WorkspaceMember bool      `json:"workspace_member"`
		Renames         []string  `json:"renames"`
		Targets         []*string `json:"targets"`
		Reqs            []string  `json:"reqs"`
		Optional        bool      `json:"optional"`
	} `json:"deps"`
}

// wantDeps turns expected.json's deps into the records sym-deps emits:
// workspace members dropped, a null target (declared for every platform)
// meaning no targets, several requirements joined with ", ".
func loadExpected(t *testing.T, caseDir string) ([]stream.Member, []stream.Dep) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(caseDir, "expected.json"))
	if err != nil {
		t.Fatal(err)
	}
	var exp expectedFile
	if err := json.Unmarshal(data, &exp); err != nil {
		t.Fatalf("expected.json: %v", err)
	}
	var deps []stream.Dep
	for _, e := range exp.Deps {
		if e.WorkspaceMember {
			continue
		}
		d := stream.Dep{Kind: stream.KindDep, Member: e.Member, Name: e.Name, Version: e.Version, DepKind: e.DepKind,
			Req: strings.Join(e.Reqs, ", "), Optional: e.Optional}
		if e.Source != nil {
			d.Source = *e.Source
		}
		if e.Path != nil {
			d.Path = *e.Path
		}
		if len(e.Renames) > 0 {
			d.Renames = slices.Sorted(slices.Values(e.Renames))
		}
		for _, tg := range e.Targets {
			if tg == nil {
				d.Targets = nil
				break
			}
			d.Targets = append(d.Targets, *tg)
		}
		slices.Sort(d.Targets)
		deps = append(deps, d)
	}
	SortDeps(deps)
	return exp.Workspace.Members, deps
}

// TestCorpus runs Load on every case of corpus/cargo and compares members
// and dep records with expected.json.
func TestCorpus(t *testing.T) {
	for _, name := range corpusCases(t) {
		t.Run(name, func(t *testing.T) {
			dir := filepath.Join(sharedtest.Dir(t, "corpus"), "cargo", name)
			wantMembers, wantDeps := loadExpected(t, dir)
			res, err := Load(Options{Dir: dir})
			if err != nil {
				t.Fatalf("Load(%s): %v", dir, err)
			}
			if len(res.Warnings) > 0 {
				t.Errorf("Load(%s) warned: %v", name, res.Warnings)
			}
			if diff := cmp.Diff(wantMembers, res.Workspace.Members); diff != "" {
				t.Errorf("members (-want +got):\n%s", diff)
			}
			// expected.json is cargo metadata's, which has no checksums.
			if diff := cmp.Diff(wantDeps, res.Deps, cmpopts.IgnoreFields(stream.Dep{}, "Checksum")); diff != "" {
				t.Errorf("deps (-want +got):\n%s", diff)
			}
			if res.Workspace.Root != dir || res.Workspace.Lockfile != filepath.Join(dir, "Cargo.lock") {
				t.Errorf("root, lockfile = %s, %s; want %s and its Cargo.lock", res.Workspace.Root, res.Workspace.Lockfile, dir)
			}
			// Every member manifest and the lock are inputs; nested
			// workspaces' lockfiles are not.
			for _, m := range res.Workspace.Members {
				if p := filepath.Join(dir, m.Manifest); !slices.Contains(res.Workspace.Inputs, p) {
					t.Errorf("inputs lack %s", p)
				}
			}
			for _, in := range res.Workspace.Inputs {
				if filepath.Base(in) == "Cargo.lock" && in != res.Workspace.Lockfile {
					t.Errorf("inputs hold a foreign lockfile %s", in)
				}
			}
		})
	}
}
