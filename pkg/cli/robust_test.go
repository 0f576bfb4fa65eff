package cli_test

// The robustness suite runs the built binaries as a user's machine would:
// eight syncs at once, then syncs killed at random moments (the whole process
// group, or cargo-agents alone while its stages run on), and after every kill
// each agent settings file must still parse. A final sync must repair
// everything: the tree it leaves is exactly the tree a clean sync leaves, with
// no temporary file of ours anywhere and every user key kept.

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/goccy/go-yaml"
	"github.com/pelletier/go-toml/v2"
	"github.com/tailscale/hujson"

	"github.com/symposium-dev/symposium-go/pkg/agent"
	"github.com/symposium-dev/symposium-go/pkg/atomicfile"
)

// robustKills is how many syncs are killed at a random moment.
const robustKills = 50

type robustEnv struct {
	t         *testing.T
	bin       string
	home, ws  string
	plugins   string
	env       []string
	userLines [][2]string // {path relative to ws, or "~/…" to home; a line that must survive}
}

func TestRobustSyncUnderKillsAndConcurrency(t *testing.T) {
	if testing.Short() {
		t.Skip("robustness suite: builds the binaries and runs ~60 syncs; skipped with -short")
	}
	e := newRobustEnv(t)
	e.run("cargo-agents", "init", "--hook-scope", "project",
		"--add-agent", "claude", "--add-agent", "codex", "--add-agent", "copilot", "--add-agent", "gemini",
		"--add-agent", "kiro", "--add-agent", "opencode", "--add-agent", "goose")

	// Eight syncs at once: each succeeds, and together they leave what one leaves.
	var wg sync.WaitGroup
	errs := make([]error, 8)
	outs := make([][]byte, 8)
	for i := range errs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			outs[i], errs[i] = e.command("cargo-agents", "sync").CombinedOutput()
		}()
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Fatalf("parallel sync %d: %v\n%s", i, err, outs[i])
		}
	}
	e.checkValid()
	e.run("cargo-agents", "sync", "--check")
	clean := e.tree()
	e.checkInstalled(true)

	// Random kills while syncs alternate between two dependency sets and
	// two versions of the source, so every sync has real work to do.
	rng := rand.New(rand.NewPCG(1, uint64(time.Now().UnixNano())))
	for i := range robustKills {
		e.flip(i%2 == 0)
		cmd := e.command("cargo-agents", "sync")
		if err := startGroup(cmd); err != nil {
			t.Fatal(err)
		}
		time.Sleep(time.Duration(rng.IntN(250)) * time.Millisecond)
		if i%3 == 0 {
			_ = cmd.Process.Kill() // cargo-agents alone (its stages die with it where the system can tie them: Linux)
		} else {
			killGroup(cmd)
		}
		_ = cmd.Wait()
		e.checkValid()
	}
	// Let orphaned stages of the last kills finish or fail on their own:
	// one still running after the final sync would change its tree.
	e.waitOrphans(60 * time.Second)
	// A write killed between its temp file and the rename leaves the temp
	// file; the next write of that file sweeps it once it is older than
	// atomicfile.Stale (younger, it may be a live writer's).
	time.Sleep(atomicfile.Stale)

	// The next sync repairs everything.
	e.flip(false)
	e.run("cargo-agents", "sync")
	e.run("cargo-agents", "sync", "--check")
	e.checkValid()
	e.checkInstalled(true)
	if got := e.tree(); !slices.Equal(got, clean) {
		t.Errorf("after the kills and one sync, the tree differs from a clean sync's:\n%s", diffLists(clean, got))
	}
}

// waitOrphans waits until no process runs one of the built binaries (read
// from /proc; where there is none, a fixed pause), at most limit: under a
// loaded machine a stage orphaned by the last kill may run for seconds.
func (e *robustEnv) waitOrphans(limit time.Duration) {
	if _, err := os.Stat("/proc/self/exe"); err != nil {
		time.Sleep(1200 * time.Millisecond)
		return
	}
	deadline := time.Now().Add(limit)
	for time.Now().Before(deadline) {
		busy := false
		procs, _ := filepath.Glob("/proc/[0-9]*/exe")
		for _, p := range procs {
			if exe, err := os.Readlink(p); err == nil && strings.HasPrefix(exe, e.bin+string(filepath.Separator)) {
				busy = true
				break
			}
		}
		if !busy {
			return
		}
		time.Sleep(100 * time.Millisecond)
	}
	e.t.Fatalf("stages of killed syncs still running after %s", limit)
}

func newRobustEnv(t *testing.T) *robustEnv {
	t.Helper()
	root := t.TempDir()
	e := &robustEnv{
		t:       t,
		bin:     buildBinaries(t),
		home:    filepath.Join(root, "home"),
		ws:      filepath.Join(root, "ws"),
		plugins: filepath.Join(root, "plugins"),
	}
	e.env = append(os.Environ(),
		"HOME="+e.home,
		"SYMPOSIUM_HOME="+filepath.Join(e.home, ".symposium"),
		"GIT_CONFIG_GLOBAL="+filepath.Join(e.home, ".gitconfig"),
		"GIT_CONFIG_NOSYSTEM=1",
		"XDG_CONFIG_HOME=", "XDG_CACHE_HOME=", "XDG_STATE_HOME=",
		"SYMPOSIUM_RECOMMENDATIONS_URL=file://"+filepath.Join(root, "no-such-recommendations"),
		"SYMPOSIUM_CRATES_INDEX_URL=http://127.0.0.1:9/",
		"PATH="+e.bin+string(os.PathListSeparator)+os.Getenv("PATH"),
	)
	// The agents' own directory variables (CLAUDE_CONFIG_DIR, ...) would
	// move their files out of the temporary home into the runner's own.
	for _, v := range agent.HostVars() {
		e.env = append(e.env, v+"=")
	}
	files := map[string]string{
		"home/.symposium/config.toml": `# my symposium settings
[defaults]
symposium-recommendations = false
user-plugins = false

[[plugin-source]]
name = "local"
path = "` + e.plugins + `"
`,
		"ws/Cargo.toml": depsManifest(true),
		// The user's own settings, with comments where the format has them.
		"ws/.claude/settings.json":        "{\n  \"theme\": \"dark\",\n  \"permissions\": {\"allow\": [\"Bash(ls)\"]}\n}\n",
		"ws/.gemini/settings.json":        "{\n  // mine\n  \"ui\": {\"theme\": \"GitHub\"}\n}\n",
		"ws/.codex/config.toml":           "# my codex\nmodel = \"o3\"\n\n[mcp_servers.mine]\ncommand = \"my-server\"\n",
		"ws/.mcp.json":                    "{\"mcpServers\": {\"mine\": {\"command\": \"my-server\"}}}\n",
		"ws/opencode.json":                "{\n  \"$schema\": \"https://opencode.ai/config.json\",\n  \"theme\": \"tokyonight\"\n}\n",
		"ws/.claude/skills/mine/SKILL.md": "---\nname: mine\ndescription: the user's own skill\n---\nMine.\n",
		"home/.config/goose/config.yaml":  "# goose settings\nGOOSE_PROVIDER: openai\ndefaults: &d\n  timeout: 300\nextensions:\n  mine:\n    <<: *d\n    cmd: my-server\n    enabled: true\n    type: stdio\n",
	}
	for rel, body := range files {
		writeFile(t, filepath.Join(root, rel), body)
	}
	e.userLines = [][2]string{
		{".claude/settings.json", `"theme": "dark"`},
		{".claude/settings.json", `Bash(ls)`},
		{".gemini/settings.json", "// mine"},
		{".gemini/settings.json", `"theme": "GitHub"`},
		{".codex/config.toml", "# my codex"},
		{".codex/config.toml", "[mcp_servers.mine]"},
		{".mcp.json", `"mine"`},
		{"opencode.json", `"tokyonight"`},
		{"opencode.json", `"$schema"`},
		{".claude/skills/mine/SKILL.md", "the user's own skill"},
		{"~/.config/goose/config.yaml", "# goose settings"},
		{"~/.config/goose/config.yaml", "<<: *d"},
		{"~/.symposium/config.toml", "# my symposium settings"},
		{"~/.symposium/config.toml", `name = "local"`},
	}
	e.writePlugins(false)
	return e
}

// depsManifest is the workspace's Cargo.toml with or without tokio.
func depsManifest(withTokio bool) string {
	s := "[package]\nname = \"app\"\nversion = \"0.1.0\"\nedition = \"2021\"\n\n[dependencies]\nserde = \"1\"\n"
	if withTokio {
		s += "tokio = \"1\"\n"
	}
	return s
}

// robustSkills is how many skills each crate's plugin provides; each has a
// few files, one of them large, so a sync spends real time copying.
const robustSkills = 20

// writePlugins writes the plugin source; v2 changes every skill's body.
func (e *robustEnv) writePlugins(v2 bool) {
	version := "v1"
	if v2 {
		version = "v2"
	}
	big := strings.Repeat("padding line for a skill reference file\n", 2000)
	for _, crate := range []string{"serde", "tokio"} {
		dir := filepath.Join(e.plugins, crate+"-kit")
		writeFile(e.t, filepath.Join(dir, "SYMPOSIUM.toml"), fmt.Sprintf(`name = "%[1]s-kit"
crates = ["%[1]s"]

[[skills]]
source.path = "skills"

[[hooks]]
name = "%[1]s-guard"
event = "PreToolUse"
matcher = "Bash"
command = "./guard.sh"

[[mcp_servers]]
name = "%[1]s-mcp"
command = "%[1]s-mcp-server"
args = ["--stdio"]
`, crate))
		writeFile(e.t, filepath.Join(dir, "guard.sh"), "#!/bin/sh\nexit 0\n")
		for i := range robustSkills {
			name := fmt.Sprintf("%s-skill-%02d", crate, i)
			sd := filepath.Join(dir, "skills", name)
			writeFile(e.t, filepath.Join(sd, "SKILL.md"), fmt.Sprintf("---\nname: %s\ndescription: Skill %d for %s.\n---\nBody %s.\n", name, i, crate, version))
			writeFile(e.t, filepath.Join(sd, "reference", "big.md"), version+"\n"+big)
			writeFile(e.t, filepath.Join(sd, "scripts", "run.sh"), "#!/bin/sh\necho "+version+"\n")
		}
	}
}

// flip moves the workspace to one of two states: alt drops tokio and
// changes every skill's content.
func (e *robustEnv) flip(alt bool) {
	writeFile(e.t, filepath.Join(e.ws, "Cargo.toml"), depsManifest(!alt))
	e.writePlugins(alt)
}

func (e *robustEnv) command(name string, args ...string) *exec.Cmd {
	cmd := exec.Command(filepath.Join(e.bin, name), args...)
	cmd.Dir = e.ws
	cmd.Env = e.env
	return cmd
}

func (e *robustEnv) run(name string, args ...string) {
	e.t.Helper()
	if out, err := e.command(name, args...).CombinedOutput(); err != nil {
		e.t.Fatalf("%s %s: %v\n%s", name, strings.Join(args, " "), err, out)
	}
}

// checkValid parses every agent settings file there is, in its own format.
func (e *robustEnv) checkValid() {
	e.t.Helper()
	for _, p := range e.settingsFiles() {
		data, err := os.ReadFile(p)
		if err != nil {
			e.t.Fatalf("%s: %v", p, err)
		}
		switch filepath.Ext(p) {
		case ".json":
			std, err := hujson.Standardize(data)
			if err == nil && !json.Valid(std) {
				err = fmt.Errorf("invalid JSON")
			}
			if err != nil {
				e.t.Fatalf("%s no longer parses: %v\n%s", p, err, data)
			}
		case ".toml":
			var v map[string]any
			if err := toml.Unmarshal(data, &v); err != nil {
				e.t.Fatalf("%s no longer parses: %v\n%s", p, err, data)
			}
		case ".yaml":
			var v map[string]any
			if err := yaml.UnmarshalWithOptions(data, &v, yaml.Strict()); err != nil {
				e.t.Fatalf("%s no longer parses: %v\n%s", p, err, data)
			}
		}
	}
	for _, ul := range e.userLines {
		p, line := e.userPath(ul[0]), ul[1]
		data, err := os.ReadFile(p)
		if err != nil || !bytes.Contains(data, []byte(line)) {
			e.t.Fatalf("%s lost the user's %q (err %v):\n%s", p, line, err, data)
		}
	}
}

func (e *robustEnv) userPath(rel string) string {
	if r, ok := strings.CutPrefix(rel, "~/"); ok {
		return filepath.Join(e.home, r)
	}
	return filepath.Join(e.ws, rel)
}

// settingsFiles are the JSON, TOML and YAML files in the workspace and the
// home directory, outside installed skills.
func (e *robustEnv) settingsFiles() []string {
	var out []string
	for _, top := range []string{e.ws, e.home} {
		_ = filepath.WalkDir(top, func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				return nil
			}
			if d.IsDir() && (d.Name() == "skills" || d.Name() == "cache" || d.Name() == "logs") {
				return filepath.SkipDir
			}
			switch filepath.Ext(p) {
			case ".json", ".toml", ".yaml":
				if d.Type().IsRegular() {
					out = append(out, p)
				}
			}
			return nil
		})
	}
	return out
}

// checkInstalled checks every skill of the first state is installed with its
// source's bytes, for each skills directory.
func (e *robustEnv) checkInstalled(withTokio bool) {
	e.t.Helper()
	crates := []string{"serde"}
	if withTokio {
		crates = append(crates, "tokio")
	}
	for _, skills := range []string{".claude/skills", ".agents/skills", ".kiro/skills"} {
		for _, crate := range crates {
			for i := range robustSkills {
				name := fmt.Sprintf("%s-skill-%02d", crate, i)
				src := filepath.Join(e.plugins, crate+"-kit", "skills", name)
				dst := filepath.Join(e.ws, skills, name)
				for _, f := range []string{"SKILL.md", "reference/big.md", "scripts/run.sh"} {
					want, err := os.ReadFile(filepath.Join(src, f))
					if err != nil {
						e.t.Fatal(err)
					}
					got, err := os.ReadFile(filepath.Join(dst, f))
					if err != nil || !bytes.Equal(got, want) {
						e.t.Fatalf("%s: not the source's bytes (err %v):\n%.200s\nwant:\n%.200s", filepath.Join(dst, f), err, got, want)
					}
				}
			}
		}
	}
}

// tree lists every path under the workspace and the home directory, except
// logs (one file per invocation by design).
func (e *robustEnv) tree() []string {
	var out []string
	for _, top := range []string{e.ws, e.home} {
		_ = filepath.WalkDir(top, func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				return nil
			}
			if d.IsDir() && d.Name() == "logs" {
				return filepath.SkipDir
			}
			if strings.HasSuffix(p, ".sync") && filepath.Base(filepath.Dir(p)) == "sync-state" {
				// The sync record is kept only when every file it stamps
				// is older than the racy-stamp window: whether a sync left
				// one depends on the clock, not on what it did.
				return nil
			}
			rel, _ := filepath.Rel(filepath.Dir(top), p)
			out = append(out, rel)
			return nil
		})
	}
	sort.Strings(out)
	return out
}

func diffLists(want, got []string) string {
	w, g := map[string]bool{}, map[string]bool{}
	for _, s := range want {
		w[s] = true
	}
	for _, s := range got {
		g[s] = true
	}
	var b strings.Builder
	for _, s := range got {
		if !w[s] {
			fmt.Fprintf(&b, "+ %s\n", s)
		}
	}
	for _, s := range want {
		if !g[s] {
			fmt.Fprintf(&b, "- %s\n", s)
		}
	}
	return b.String()
}

func writeFile(t *testing.T, path, body string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	mode := fs.FileMode(0o644)
	if strings.HasSuffix(path, ".sh") {
		mode = 0o755
	}
	if err := os.WriteFile(path, []byte(body), mode); err != nil {
		t.Fatal(err)
	}
}

// buildBinaries builds the six binaries, as `make build` does, so the suite
// runs exactly what a user installs.
func buildBinaries(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	cmd := exec.Command("go", "build", "-trimpath", "-o", dir+string(filepath.Separator), "./cmd/...")
	cmd.Dir = filepath.Join("..", "..")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return dir
}
