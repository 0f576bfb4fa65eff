package agent

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/symposium-dev/symposium-go/pkg/skillowner"
)

// TestPiShim runs the extension we install under node the way Pi 1.3.0
// calls one (pi/output-contract.md): the default export with a pi whose on()
// records the handlers, then each handler with (event, ctx), against a
// stand-in sym-hook. A handler that throws blocks a tool call in Pi,
// so every failure of ours must come back as undefined (proceed).
func TestPiShim(t *testing.T) {
	script := `#!/bin/sh
in=$(cat)
` + logArgs + `case "$in" in
  *forbidden*) echo '{"decision":"deny","reason":"no forbidden commands"}' ;;
  *REWRITE-ME*) echo '{"updatedInput":{"command":"echo rewritten"}}' ;;
  *hang-please*) sleep 5 ;;
  *exit-nonzero*) echo oops >&2; exit 3 ;;
  *garbage-answer*) echo 'not json' ;;
  *null-answer*) echo 'null' ;;
  *tool_result*) echo '{"additionalContext":"post note"}' ;;
  *before_agent_start*) echo '{"additionalContext":"prompt note"}' ;;
  *session_start*) echo '{"additionalContext":"session note"}' ;;
  *) ;;
esac
`
	driver := `
import shim from "./shim.mjs";
import missing from "./missing.mjs";
function load(factory) {
  const h = {};
  factory({ on: (ev, fn) => { h[ev] = fn; } });
  return h;
}
const ctx = { cwd: process.cwd(), hasUI: false };
const h = load(shim);
const out = [];
async function call(hooks, command) {
  const event = { type: "tool_call", toolName: "bash", toolCallId: "c", input: { command, description: "d" } };
  const input = event.input;
  try {
    const r = await hooks.tool_call(event, ctx);
    if (r && r.block) return "blocked: " + r.reason;
    return (event.input === input ? "same object: " : "new object: ") + JSON.stringify(event.input) + (r === undefined ? "" : " returned " + JSON.stringify(r));
  } catch (e) { return "THREW (Pi would block): " + e.message; }
}
out.push("events: " + Object.keys(h).sort().join(" "));
out.push(await call(h, "echo fine"));
out.push(await call(h, "touch forbidden"));
out.push(await call(h, "REWRITE-ME"));
out.push(await call(h, "hang-please"));
out.push(await call(h, "exit-nonzero"));
out.push(await call(h, "garbage-answer"));
out.push(await call(h, "null-answer"));
out.push(await call(load(missing), "touch forbidden"));
try { out.push("no input: " + JSON.stringify(await h.tool_call(null, ctx))); } catch (e) { out.push("THREW: " + e.message); }
const res = await h.tool_result({ type: "tool_result", toolName: "bash", toolCallId: "c", input: { command: "x" }, content: [{ type: "text", text: "ran\n" }], isError: false }, ctx);
out.push("result: " + JSON.stringify(res));
await h.session_start({ type: "session_start", reason: "startup" }, ctx);
out.push("first prompt: " + JSON.stringify(await h.before_agent_start({ type: "before_agent_start", prompt: "hi", systemPrompt: "long" }, ctx)));
out.push("second prompt: " + JSON.stringify(await h.before_agent_start({ type: "before_agent_start", prompt: "again" }, ctx)));
out.push("end: " + JSON.stringify(await h.agent_end({ type: "agent_end", messages: [] }, ctx)));
console.log(out.join("\n"));
`
	got, dir := runShim(t, renderPiShim, script, driver)
	want := []string{
		`events: agent_end before_agent_start resources_discover session_start tool_call tool_result`,
		`same object: {"command":"echo fine","description":"d"}`,
		`blocked: no forbidden commands`,
		`same object: {"command":"echo rewritten"}`,
		`same object: {"command":"hang-please","description":"d"}`,  // timed out: proceeds
		`same object: {"command":"exit-nonzero","description":"d"}`, // failed: proceeds
		`same object: {"command":"garbage-answer","description":"d"}`,
		`same object: {"command":"null-answer","description":"d"}`,
		`same object: {"command":"touch forbidden","description":"d"}`, // sym-hook missing: proceeds
		`no input: undefined`,
		`result: {"content":[{"type":"text","text":"ran\n"},{"type":"text","text":"post note"}]}`,
		`first prompt: {"message":{"customType":"symposium","content":"session note\n\nprompt note","display":false}}`,
		`second prompt: {"message":{"customType":"symposium","content":"prompt note","display":false}}`,
		`end: undefined`,
	}
	if got != strings.Join(want, "\n") {
		t.Errorf("extension under node:\n%s\nwant:\n%s", got, strings.Join(want, "\n"))
	}
	checkCalls(t, dir, "pi", "pre-tool-use", "post-tool-use", "session-start", "user-prompt-submit", "stop")
}

// TestPiShimSkills: Pi 1.3.0 skips a SKILL.md that a .gitignore in the
// directory it scans ignores (core/skills.js addIgnoreRules), and each skill
// sync installs carries a .gitignore of "*", so Pi never listed one (seen
// live: scripts/e2e-agents-live.sh). The extension hands Pi the SKILL.md
// files of the skills sync installed through resources_discover, which Pi
// loads as files, without ignore rules; the project's only when Pi trusts
// the project, as Pi would for its own scan.
func TestPiShimSkills(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("node is not installed: the extension's behaviour is checked with node")
	}
	root := t.TempDir()
	home := filepath.Join(root, "home")
	repo := filepath.Join(root, "repo")
	mkSkills := func(dir string, ours, listed []string, extra map[string]string) {
		t.Helper()
		manifest := "installed = [\n"
		for _, n := range listed {
			manifest += "  '" + n + "',\n"
		}
		files := map[string]string{".symposium/manifest.toml": manifest + "]\n"}
		for _, n := range ours {
			files[n+"/SKILL.md"] = "---\nname: " + n + "\ndescription: d\n---\n"
			files[n+"/.gitignore"] = skillowner.Gitignore
		}
		for p, c := range extra {
			files[p] = c
		}
		for p, c := range files {
			p = filepath.Join(dir, p)
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(p, []byte(c), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	mkSkills(filepath.Join(home, ".agents/skills"), []string{"home-skill"}, []string{"home-skill"}, nil)
	mkSkills(filepath.Join(repo, ".agents/skills"), []string{"ours", "unlisted"}, []string{"ours", "mine", "claimed"}, map[string]string{
		"mine/SKILL.md":      "---\nname: mine\ndescription: the user's, Pi lists it itself\n---\n",
		"claimed/SKILL.md":   "---\nname: claimed\ndescription: listed, but its .gitignore is not ours\n---\n",
		"claimed/.gitignore": "*\n",
		"../../.git/HEAD":    "ref: refs/heads/main\n",
		"../../sub/.keep":    "",
	})
	// above the repository root: Pi does not look there
	mkSkills(filepath.Join(root, ".agents/skills"), []string{"above"}, []string{"above"}, nil)
	shim := filepath.Join(root, "shim.mjs")
	if err := os.WriteFile(shim, renderPiShim(Target{Command: filepath.Join(root, "no-cargo-agents"), Timeout: 1}), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name, ctx string
		want      []string
	}{
		{"trusted project", `{ cwd: CWD, isProjectTrusted: () => true }`, []string{"home/.agents/skills/home-skill/SKILL.md", "repo/.agents/skills/ours/SKILL.md"}},
		{"untrusted project", `{ cwd: CWD, isProjectTrusted: () => false }`, []string{"home/.agents/skills/home-skill/SKILL.md"}},
		{"no trust answer", `{ cwd: CWD }`, []string{"home/.agents/skills/home-skill/SKILL.md"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			driver := filepath.Join(root, "driver.mjs")
			js := `import shim from "./shim.mjs";
const h = {};
shim({ on: (ev, fn) => { h[ev] = fn; } });
const CWD = ` + strconv.Quote(filepath.Join(repo, "sub")) + `;
const r = await h.resources_discover({ type: "resources_discover", cwd: CWD, reason: "startup" }, ` + tc.ctx + `);
console.log(JSON.stringify(((r && r.skillPaths) || []).map((p) => p.slice(` + strconv.Itoa(len(root)+1) + `)).sort()));
`
			if err := os.WriteFile(driver, []byte(js), 0o644); err != nil {
				t.Fatal(err)
			}
			cmd := exec.Command(node, driver)
			cmd.Env = append(os.Environ(), "HOME="+home)
			got, err := cmd.CombinedOutput()
			if err != nil {
				t.Fatalf("node: %v\n%s", err, got)
			}
			want, _ := json.Marshal(tc.want)
			if g := strings.TrimSpace(string(got)); g != string(want) {
				t.Errorf("skillPaths = %s, want %s", g, want)
			}
		})
	}
}
