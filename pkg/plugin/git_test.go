package plugin

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/symposium-dev/symposium-go/pkg/config"
	"github.com/symposium-dev/symposium-go/pkg/cratepred"
	"github.com/symposium-dev/symposium-go/pkg/pos"
)

// gitEnv isolates git: a test GIT_CONFIG_GLOBAL that sends
// https://github.com/acme/ to local bare repositories. No network.
func gitEnv(t *testing.T) (bareDir string) {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git not installed")
	}
	home := t.TempDir()
	bareDir = filepath.Join(home, "bare")
	cfg := filepath.Join(home, "gitconfig")
	content := "[url \"file://" + bareDir + "/\"]\n\tinsteadOf = https://github.com/acme/\n[user]\n\tname = t\n\temail = t@example.com\n[init]\n\tdefaultBranch = main\n"
	if err := os.WriteFile(cfg, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Setenv("GIT_CONFIG_GLOBAL", cfg)
	t.Setenv("GIT_CONFIG_NOSYSTEM", "1")
	t.Setenv("HOME", home)
	return bareDir
}

func run(t *testing.T, dir string, args ...string) {
	t.Helper()
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("git %v: %v\n%s", args, err, out)
	}
}

// publish commits files to a work tree and pushes it to bare/<name>.git.
func publish(t *testing.T, bareDir, name string, files map[string]string) {
	t.Helper()
	bare := filepath.Join(bareDir, name+".git")
	work := filepath.Join(bareDir, "work-"+name)
	if _, err := os.Stat(bare); err != nil {
		run(t, "", "init", "-q", "--bare", "-b", "main", bare)
		run(t, "", "init", "-q", "-b", "main", work)
		run(t, work, "remote", "add", "origin", bare)
	}
	write(t, work, files)
	run(t, work, "add", "-A")
	run(t, work, "commit", "-q", "-m", "update")
	run(t, work, "push", "-q", "origin", "main")
}

func skillNames(sc *Scan) []string {
	var out []string
	for _, s := range sc.Standalones {
		out = append(out, s.Skill.Name)
	}
	return out
}

func TestGitSource(t *testing.T) {
	bareDir := gitEnv(t)
	publish(t, bareDir, "plugins", map[string]string{"serde-skill/SKILL.md": sk("serde-skill", "serde")})
	var warnings []string
	r := &Resolver{Dirs: config.Dirs{Cache: t.TempDir()}, Warn: func(w pos.Warning) { warnings = append(warnings, w.String()) }}
	spec := Spec{Name: "acme", Git: "https://github.com/acme/plugins", AutoUpdate: true}

	// none: the first use clones.
	src := r.Resolve(spec, UpdateNone)
	if src.Dir == "" {
		t.Fatalf("clone failed: %v", warnings)
	}
	if diff := cmp.Diff([]string{"serde-skill"}, skillNames(Discover(src))); diff != "" {
		t.Errorf("(-want +got)\n%s", diff)
	}
	if !strings.HasSuffix(src.Inputs[0], filepath.Join(".git", "HEAD")) || len(src.Inputs) != 2 {
		t.Errorf("inputs %v, want .git/HEAD and its ref file", src.Inputs)
	}

	// A new upstream commit: none keeps the cache, check warns, fetch updates.
	publish(t, bareDir, "plugins", map[string]string{"tokio-skill/SKILL.md": sk("tokio-skill", "tokio")})
	if got := skillNames(Discover(r.Resolve(spec, UpdateNone))); len(got) != 1 {
		t.Errorf("none updated the cache: %v", got)
	}
	warnings = nil
	r.Resolve(spec, UpdateCheck)
	if len(warnings) != 1 || !strings.Contains(warnings[0], "behind the remote") {
		t.Errorf("check warnings %q", warnings)
	}
	warnings = nil
	if diff := cmp.Diff([]string{"serde-skill", "tokio-skill"}, skillNames(Discover(r.Resolve(spec, UpdateFetch)))); diff != "" || len(warnings) != 0 {
		t.Errorf("fetch (-want +got)\n%s\nwarnings %q", diff, warnings)
	}

	// auto-update = false ignores the resolver's level.
	r.Update = UpdateFetch
	if got := r.Resolve(Spec{Name: "acme", Git: spec.Git}, "").Level; got != UpdateNone {
		t.Errorf("auto-update=false level %q", got)
	}

	// Offline: the remote is gone; fetch warns and the cache still serves.
	if err := os.RemoveAll(filepath.Join(bareDir, "plugins.git")); err != nil {
		t.Fatal(err)
	}
	warnings = nil
	src = r.Resolve(spec, UpdateFetch)
	if len(skillNames(Discover(src))) != 2 || len(warnings) != 1 || !strings.Contains(warnings[0], "using the cached copy") {
		t.Errorf("offline fetch: dir %q warnings %q", src.Dir, warnings)
	}

	// A source never cloned and unreachable: an error for it alone.
	warnings = nil
	src = r.Resolve(Spec{Name: "gone", Git: "https://github.com/acme/missing", AutoUpdate: true}, UpdateNone)
	if src.Dir != "" || len(warnings) != 1 || !strings.Contains(warnings[0], `plugin source "gone": cannot clone`) {
		t.Errorf("missing repo: dir %q warnings %q", src.Dir, warnings)
	}
}

func TestGitSkillGroup(t *testing.T) {
	bareDir := gitEnv(t)
	publish(t, bareDir, "widget-skills", map[string]string{
		"symposium/v1/basics/SKILL.md": "---\nname: widget-basics\ndescription: d\n---\n",
		"symposium/v2/new/SKILL.md":    "---\nname: widget-new\ndescription: d\n---\n",
	})
	root := t.TempDir()
	write(t, root, map[string]string{"widgetlib/SYMPOSIUM.toml": `name = "widgetlib"
[[skills]]
crates = ["widgetlib=1.0"]
source.git = "https://github.com/acme/widget-skills/tree/main/symposium/v1"
[[skills]]
crates = ["widgetlib=2.0"]
source.git = "https://github.com/acme/widget-skills/tree/main/symposium/v2"
`})
	var warnings []string
	r := &Resolver{Dirs: config.Dirs{Cache: t.TempDir()}, Warn: func(w pos.Warning) { warnings = append(warnings, w.String()) }}
	sc := Discover(&Source{Name: "local", Dir: root, Level: UpdateNone})
	res := Match([]*Scan{sc}, cratepred.NewSet([]cratepred.Dep{{Name: "widgetlib", Version: "1.4.0"}}), r)
	if len(res.Skills) != 1 || res.Skills[0].Name != "widget-basics" || len(warnings) != 0 {
		t.Fatalf("skills %+v warnings %q", res.Skills, warnings)
	}
	if !strings.Contains(res.Skills[0].Dir, filepath.Join("plugin-sources", "git")) {
		t.Errorf("skill dir %q is not in the cache", res.Skills[0].Dir)
	}
	var hasHead bool
	for _, in := range res.Sources[0].Inputs {
		hasHead = hasHead || strings.HasSuffix(in, filepath.Join(".git", "HEAD"))
	}
	if !hasHead {
		t.Errorf("source inputs lack the clone's .git/HEAD: %v", res.Sources[0].Inputs)
	}
	if len(res.Rejected) != 1 || res.Rejected[0].What != "group" {
		t.Errorf("rejected %+v, want the v2 group", res.Rejected)
	}
}

// TestRecommendationsFallback: with no network and no cache, the embedded
// snapshot serves, with one warning.
func TestRecommendationsFallback(t *testing.T) {
	gitEnv(t)
	var warnings []string
	d := config.Dirs{Cache: t.TempDir(), Config: t.TempDir()}
	r := &Resolver{Dirs: d, Warn: func(w pos.Warning) { warnings = append(warnings, w.String()) }}
	cfg := config.Default()
	cfg.RecommendationsGit = "file://" + filepath.Join(t.TempDir(), "none")
	specs := Specs(cfg, d)
	if len(specs) != 2 || specs[0].Name != config.RecommendationsSource || specs[1].Name != config.UserPluginsSource {
		t.Fatalf("specs %+v", specs)
	}
	src := r.Resolve(specs[0], "")
	if !src.Embedded || len(warnings) != 1 || !strings.Contains(warnings[0], "built-in snapshot 7d48db9") {
		t.Fatalf("src %+v warnings %q", src, warnings)
	}
	if got := len(Discover(src).Standalones); got != 3 {
		t.Errorf("%d standalone skills in the snapshot, want 3", got)
	}
	// user-plugins missing: empty, no warning.
	warnings = nil
	if sc := Discover(r.Resolve(specs[1], "")); len(sc.Plugins)+len(sc.Standalones)+len(sc.Problems) != 0 || len(warnings) != 0 {
		t.Errorf("missing user-plugins: %+v %q", sc, warnings)
	}
}

// TestOfflineNeverClones: a hook's auto-sync (offline) never runs git for
// a source it has no clone of; an explicit sync tries again every time (no
// "do not retry" state), and a clone that fails leaves nothing behind.
func TestOfflineNeverClones(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	t.Setenv("PATH", "") // offline must not even need git
	dir := filepath.Join(t.TempDir(), "cache", "src")
	ref := GitRef{Repo: "file://" + filepath.Join(t.TempDir(), "no-such-repo")}
	ctx := context.Background()
	if _, err := syncClone(ctx, ref, dir, UpdateOffline); err != errNotCloned {
		t.Fatalf("offline syncClone = %v, want errNotCloned", err)
	}
	if _, err := os.Stat(filepath.Dir(dir)); err == nil {
		t.Error("an offline sync created the cache directory")
	}
}

func TestExplicitSyncRetries(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	dir := filepath.Join(t.TempDir(), "cache", "src")
	ref := GitRef{Repo: "file://" + filepath.Join(t.TempDir(), "no-such-repo")}
	for i := 0; i < 2; i++ {
		_, err := syncClone(context.Background(), ref, dir, UpdateNone)
		if err == nil || !strings.Contains(err.Error(), "git clone") {
			t.Fatalf("try %d: syncClone = %v, want a real clone attempt", i, err)
		}
	}
	entries, _ := os.ReadDir(filepath.Dir(dir))
	for _, e := range entries {
		if e.Name() != "src.lock" {
			t.Errorf("left behind: %s", e.Name())
		}
	}
	// What killed clones of older versions left is swept too.
	legacy := filepath.Join(filepath.Dir(dir), ".clone-123")
	if err := os.MkdirAll(filepath.Join(legacy, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	old := time.Now().Add(-time.Hour)
	os.Chtimes(legacy, old, old)
	syncClone(context.Background(), ref, dir, UpdateNone)
	if _, err := os.Stat(legacy); err == nil {
		t.Error("a killed clone's .clone-123 was not swept")
	}
}

// TestGitProtocolAllowList: a URL from a manifest cannot run a command,
// even when the user's git config allows every protocol.
func TestGitProtocolAllowList(t *testing.T) {
	gitEnv(t)
	cfg := os.Getenv("GIT_CONFIG_GLOBAL")
	f, err := os.OpenFile(cfg, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	f.WriteString("[protocol]\n\tallow = always\n")
	f.Close()
	pwned := filepath.Join(t.TempDir(), "pwned")
	evil := "ext::sh -c touch% " + pwned
	for _, u := range []string{evil, "-uhelp", "--upload-pack=touch " + pwned, "fd::3", "foo://x/y"} {
		if err := checkGitURL(u); err == nil {
			t.Errorf("checkGitURL(%q) accepted", u)
		}
	}
	for _, u := range []string{"https://github.com/o/r", "http://h/r.git", "ssh://git@h/r", "git://h/r", "file:///srv/r", "git@github.com:o/r.git", "/srv/repos/r"} {
		if err := checkGitURL(u); err != nil {
			t.Errorf("checkGitURL(%q) = %v", u, err)
		}
	}
	if _, err := syncClone(context.Background(), GitRef{Repo: evil}, filepath.Join(t.TempDir(), "c"), UpdateNone); err == nil {
		t.Error("syncClone of an ext:: URL succeeded")
	}
	// Even if a URL got past the check, git itself refuses the transport.
	if _, err := git(context.Background(), "", "ls-remote", "--", evil); err == nil {
		t.Error("git ls-remote of an ext:: URL succeeded")
	}
	if _, err := os.Stat(pwned); err == nil {
		t.Fatal("the ext:: URL ran its command")
	}
}

// TestConcurrentFirstClones: several syncs (agent sessions starting at
// once) clone one source together; each ends with the whole clone, none
// deletes another's.
func TestConcurrentFirstClones(t *testing.T) {
	bare := gitEnv(t)
	files := map[string]string{}
	for i := 0; i < 50; i++ {
		files[fmt.Sprintf("skills/s%02d/SKILL.md", i)] = "---\nname: s\ndescription: d\n---\n"
	}
	publish(t, bare, "plugins", files)
	dir := filepath.Join(t.TempDir(), "cache", "plugins")
	ref := GitRef{Repo: "https://github.com/acme/plugins"}
	var wg sync.WaitGroup
	errs := make([]error, 6)
	for i := range errs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			co, err := syncClone(context.Background(), ref, dir, UpdateNone)
			if err == nil {
				entries, rerr := os.ReadDir(filepath.Join(co.Dir, "skills"))
				if rerr != nil || len(entries) != 50 {
					err = fmt.Errorf("%d skills in the clone (%v)", len(entries), rerr)
				}
			}
			errs[i] = err
		}()
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Errorf("sync %d: %v", i, err)
		}
	}
}
