package cargows

// This is the only file in the package that runs a process: the
// --cargo-metadata fallback, which asks cargo for the same records Load
// reads natively. It runs the full resolve (not --no-deps), so versions come
// from the lock, with --all-features, because optional dependencies are
// direct dependencies too (DESIGN.md, "Direct dependencies").

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"

	"github.com/symposium-dev/symposium-go/pkg/stream"
)

// MetadataOptions configures CargoMetadata.
type MetadataOptions struct {
	Options
	Cargo string   // the cargo executable; "" = "cargo" from PATH
	Env   []string // extra environment (e.g. CARGO_HOME) appended to os.Environ()
	Args  []string // extra arguments for cargo metadata (e.g. --locked)
}

// metadata is the part of `cargo metadata --format-version 1` we read.
type metadata struct {
	Packages         []mdPackage `json:"packages"`
	WorkspaceMembers []string    `json:"workspace_members"`
	WorkspaceRoot    string      `json:"workspace_root"`
	Resolve          *struct {
		Nodes []struct {
			ID   string `json:"id"`
			Deps []struct {
				Name     string `json:"name"` // extern crate name
				Pkg      string `json:"pkg"`
				DepKinds []struct {
					Kind   string `json:"kind"`
					Target string `json:"target"`
				} `json:"dep_kinds"`
			} `json:"deps"`
		} `json:"nodes"`
	} `json:"resolve"`
}

// mdPackage is one package of cargo metadata's packages list.
type mdPackage struct {
	ID           string   `json:"id"`
	Name         string   `json:"name"`
	Version      string   `json:"version"`
	Source       string   `json:"source"`
	ManifestPath string   `json:"manifest_path"`
	Dependencies []mdDecl `json:"dependencies"`
	Targets      []struct {
		Kind []string `json:"kind"`
		Name string   `json:"name"`
	} `json:"targets"`
}

// mdDecl is one dependency declaration of a package.
type mdDecl struct {
	Name     string `json:"name"`
	Req      string `json:"req"`
	Kind     string `json:"kind"` // null (normal), "dev", "build"
	Rename   string `json:"rename"`
	Optional bool   `json:"optional"`
	Target   string `json:"target"`
}

// CargoMetadata runs `cargo metadata --format-version 1 --offline
// --all-features` for the workspace opts names and turns its resolve into
// the records Load gives. Requirements are cargo's spelling ("^1.2" for
// "1.2"); nothing is unresolved, since cargo refuses to run without a lock it
// can complete offline.
func CargoMetadata(ctx context.Context, opts MetadataOptions) (*Result, error) {
	args := []string{"metadata", "--format-version", "1", "--offline", "--all-features"}
	if opts.ManifestPath != "" {
		p, err := manifestFile(opts.ManifestPath)
		if err != nil {
			return nil, err
		}
		args = append(args, "--manifest-path", p)
	}
	args = append(args, opts.Args...)
	cmd := exec.CommandContext(ctx, cmp.Or(opts.Cargo, "cargo"), args...)
	cmd.Dir = opts.Dir
	cmd.Env = append(os.Environ(), opts.Env...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("cargo %s: %w\n%s", strings.Join(args, " "), err, strings.TrimSpace(stderr.String()))
	}
	return fromMetadata(out)
}

// fromMetadata converts cargo metadata JSON (with resolve) into records.
func fromMetadata(data []byte) (*Result, error) {
	var md metadata
	if err := json.Unmarshal(data, &md); err != nil {
		return nil, fmt.Errorf("reading cargo metadata output: %w", err)
	}
	if md.Resolve == nil {
		return nil, fmt.Errorf("cargo metadata output has no resolve (was --no-deps given?)")
	}
	pkgs := make(map[string]int, len(md.Packages))
	for i, p := range md.Packages {
		pkgs[p.ID] = i
	}
	res := &Result{Workspace: metadataWorkspace(&md, pkgs)}
	deps, err := metadataDeps(&md, pkgs)
	if err != nil {
		return nil, err
	}
	res.Deps = deps
	// cargo metadata prints no checksums; Cargo.lock has them.
	if res.Workspace.Lockfile != "" {
		if lock, err := readLock(res.Workspace.Lockfile); err == nil {
			for i := range res.Deps {
				d := &res.Deps[i]
				if j := lock.find(d.Name, d.Version, d.Source); j >= 0 && d.Source != "" {
					d.Checksum = lock.Package[j].Checksum
				}
			}
		}
	}
	return res, nil
}

// metadataWorkspace is the workspace record of md, its members ordered as
// Load orders them.
func metadataWorkspace(md *metadata, pkgs map[string]int) stream.Workspace {
	root := md.WorkspaceRoot
	ws := stream.Workspace{Kind: stream.KindWorkspace, Root: root, Manifest: filepath.Join(root, "Cargo.toml")}
	inputs := []string{ws.Manifest}
	if lock := filepath.Join(root, "Cargo.lock"); fileExists(lock) {
		ws.Lockfile = lock
		inputs = append(inputs, lock)
	}
	for _, id := range md.WorkspaceMembers {
		p := md.Packages[pkgs[id]]
		rel, _ := filepath.Rel(root, p.ManifestPath)
		ws.Members = append(ws.Members, stream.Member{Name: p.Name, Version: p.Version, Manifest: filepath.ToSlash(rel)})
		inputs = append(inputs, p.ManifestPath)
	}
	slices.SortFunc(ws.Members, func(a, b stream.Member) int {
		// The root package first, then by directory, as Load orders them.
		ra, rb := a.Manifest == "Cargo.toml", b.Manifest == "Cargo.toml"
		if ra != rb {
			if ra {
				return -1
			}
			return 1
		}
		return strings.Compare(filepath.Dir(a.Manifest), filepath.Dir(b.Manifest))
	})
	slices.Sort(inputs)
	ws.Inputs = slices.Compact(inputs)
	return ws
}

// metadataDeps turns each resolve edge from a member to a package that is
// not one into dep records, merged as Load merges declarations.
func metadataDeps(md *metadata, pkgs map[string]int) ([]stream.Dep, error) {
	isMember := make(map[string]bool, len(md.WorkspaceMembers))
	for _, id := range md.WorkspaceMembers {
		isMember[id] = true
	}
	agg := newAggregator(0)
	for _, node := range md.Resolve.Nodes {
		if !isMember[node.ID] {
			continue
		}
		me := &md.Packages[pkgs[node.ID]]
		for _, nd := range node.Deps {
			if isMember[nd.Pkg] {
				continue // another member: not a direct dependency
			}
			pi, ok := pkgs[nd.Pkg]
			if !ok {
				return nil, fmt.Errorf("cargo metadata: %s depends on unknown package %s", me.Name, nd.Pkg)
			}
			dep := &md.Packages[pi]
			for _, dk := range nd.DepKinds {
				kind := cmp.Or(dk.Kind, "normal")
				rec := stream.Dep{Kind: stream.KindDep, Name: dep.Name, Version: dep.Version, DepKind: kind, Member: me.Name, Source: dep.Source, Req: "*"}
				if dep.Source == "" {
					rel, _ := filepath.Rel(md.WorkspaceRoot, filepath.Dir(dep.ManifestPath))
					rec.Path = filepath.ToSlash(rel)
				}
				var rename string
				optional := false
				if d := declaration(me, dep, kind, dk.Target, nd.Name); d != nil {
					rec.Req, rename, optional = d.Req, d.Rename, d.Optional
				}
				agg.add(&rec, rename, dk.Target, optional)
			}
		}
	}
	return agg.finish(), nil
}

// declaration finds the declaration of me behind one resolve edge to dep:
// same package, kind and target, preferring the one whose extern name
// (its rename, or dep's lib name) is extern; nil when there is none.
func declaration(me, dep *mdPackage, kind, target, extern string) *mdDecl {
	libName := strings.ReplaceAll(dep.Name, "-", "_")
	for _, t := range dep.Targets {
		if slices.ContainsFunc(t.Kind, func(k string) bool { return k == "lib" || k == "rlib" || k == "proc-macro" || k == "dylib" }) {
			libName = t.Name
		}
	}
	best := -1
	for i, d := range me.Dependencies {
		if d.Name != dep.Name || cmp.Or(d.Kind, "normal") != kind || d.Target != target {
			continue
		}
		name := libName
		if d.Rename != "" {
			name = strings.ReplaceAll(d.Rename, "-", "_")
		}
		if name == extern || best < 0 {
			best = i
		}
	}
	if best < 0 {
		return nil
	}
	return &me.Dependencies[best]
}

func fileExists(p string) bool {
	st, err := os.Stat(p)
	return err == nil && st.Mode().IsRegular()
}
