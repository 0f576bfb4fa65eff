package agent

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestOpencodeShim runs the shim we install under node the way OpenCode
// 1.18.33 calls a plugin (plugin-contract.md §4, §5): the factory with ctx,
// then each hook with (input, output), against a stand-in sym-hook.
// The real OpenCode runs it in make e2e-agents.
func TestOpencodeShim(t *testing.T) {
	// The stand-in answers by the command it is asked about.
	script := `#!/bin/sh
in=$(cat)
` + logArgs + `case "$in" in
  *forbidden*) echo '{"decision":"deny","reason":"no forbidden commands"}' ;;
  *REWRITE-ME*) echo '{"updatedInput":{"command":"echo rewritten"}}' ;;
  *hang-please*) sleep 5 ;;
  *exit-nonzero*) echo oops >&2; exit 3 ;;
  *garbage-answer*) echo 'not json' ;;
  *tool.execute.after*) echo '{"additionalContext":"post note"}' ;;
  *chat.message*) echo '{"additionalContext":"prompt note"}' ;;
  *session.created*) echo '{"additionalContext":"session note"}' ;;
  *) ;;
esac
`
	driver := `
import { Symposium } from "./shim.mjs";
import { Symposium as Missing } from "./missing.mjs";
const ctx = { directory: process.cwd(), worktree: process.cwd() };
const h = await Symposium(ctx);
const out = [];
async function before(hooks, command) {
  const output = { args: { command, description: "d" } };
  const args = output.args;
  try { await hooks["tool.execute.before"]({ tool: "bash", sessionID: "s", callID: "c" }, output); }
  catch (e) { return "blocked: " + e.message; }
  return (output.args === args ? "same object: " : "new object: ") + JSON.stringify(output.args);
}
out.push(await before(h, "echo fine"));
out.push(await before(h, "touch forbidden"));
out.push(await before(h, "REWRITE-ME"));
out.push(await before(h, "hang-please"));
out.push(await before(h, "exit-nonzero"));
out.push(await before(h, "garbage-answer"));
out.push(await before(await Missing(ctx), "touch forbidden"));
const after = { title: "t", output: "ran\n", metadata: {} };
await h["tool.execute.after"]({ tool: "bash", sessionID: "s", callID: "c", args: {} }, after);
out.push("after: " + JSON.stringify(after.output));
const mcp = { content: [{ type: "text", text: "x" }] };
await h["tool.execute.after"]({ tool: "mini_echo", sessionID: "s", callID: "c", args: {} }, mcp);
out.push("mcp: " + JSON.stringify(mcp.content));
const chat = { message: {}, parts: [{ type: "text", text: "hi", id: "p1" }] };
await h["chat.message"]({ sessionID: "s" }, chat);
out.push("chat: " + JSON.stringify(chat.parts.map((p) => p.text)));
await h.event({ event: { type: "session.created", properties: { sessionID: "s" } } });
const sys = { system: ["base"] };
await h["experimental.chat.system.transform"]({ sessionID: "s" }, sys);
out.push("system: " + JSON.stringify(sys.system));
// OpenCode 2.x: the default export's setup registers tool hooks on ctx.tool.
import v2 from "./shim.mjs";
out.push("v1 server: " + (v2.server === Symposium) + ", id " + v2.id);
const reg = {};
await v2.setup({ directory: process.cwd(), tool: { hook: (name, fn) => { reg[name] = fn; } } });
out.push("v2 hooks: " + Object.keys(reg).sort().join(" "));
for (const command of ["touch forbidden", "REWRITE-ME"]) {
  const ev = { tool: "bash", sessionID: "s", callID: "c", input: { command } };
  const input = ev.input;
  try { await reg["execute.before"](ev); out.push("v2 ran: " + JSON.stringify(ev.input) + (ev.input === input ? "" : " (new object)")); }
  catch (e) { out.push("v2 blocked: " + e.message); }
}
const res = { output: "ran" };
await reg["execute.after"]({ tool: "bash", sessionID: "s", callID: "c", input: {}, status: "completed", result: res });
out.push("v2 after: " + JSON.stringify(res.output));
await v2.setup({}); // a context without tool hooks: nothing registered, no error
out.push("v2 no tool api: ok");
console.log(out.join("\n"));
`
	got, dir := runShim(t, renderOpencodeShim, script, driver)
	want := []string{
		`same object: {"command":"echo fine","description":"d"}`,
		`blocked: no forbidden commands`,
		`same object: {"command":"echo rewritten"}`,
		`same object: {"command":"hang-please","description":"d"}`,  // timed out: proceeds
		`same object: {"command":"exit-nonzero","description":"d"}`, // failed: proceeds
		`same object: {"command":"garbage-answer","description":"d"}`,
		`same object: {"command":"touch forbidden","description":"d"}`, // sym-hook missing: proceeds
		`after: "ran\n\n\npost note"`,
		`mcp: [{"type":"text","text":"x"},{"type":"text","text":"post note"}]`,
		`chat: ["hi","prompt note"]`,
		`system: ["base","session note"]`,
		`v1 server: true, id symposium`,
		`v2 hooks: execute.after execute.before`,
		`v2 blocked: no forbidden commands`,
		`v2 ran: {"command":"echo rewritten"}`,
		`v2 after: "ran\n\npost note"`,
		`v2 no tool api: ok`,
	}
	if got != strings.Join(want, "\n") {
		t.Errorf("shim under node:\n%s\nwant:\n%s", got, strings.Join(want, "\n"))
	}
	checkCalls(t, dir, "opencode", "pre-tool-use", "post-tool-use", "user-prompt-submit", "session-start")
}

// TestOpencodeShimBinPath: the binary's path is written into the shim as a
// JavaScript string; any path (a newline in a directory name broke the
// whole module) must parse and give back exactly that path.
func TestOpencodeShimBinPath(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("node is not installed: the shim is checked with node")
	}
	dir := t.TempDir()
	for i, bin := range []string{
		"cargo-agents",
		"/opt/bin-new\nline/cargo-agents",
		"/opt/cr\r/tab\t/cargo-agents",
		`/opt/q"uote/back\slash/cargo-agents`,
		"/opt/ls\u2028ps\u2029/cargo-agents",
		"/opt/${x}`tick`/</script>/cargo-agents",
		"/opt/esc\x1b[2J/cargo-agents",
	} {
		mod := filepath.Join(dir, fmt.Sprintf("s%d.mjs", i))
		src := append(renderOpencodeShim(Target{Command: bin, Timeout: 1}), "\nexport { BIN as testBin };\n"...)
		if err := os.WriteFile(mod, src, 0o644); err != nil {
			t.Fatal(err)
		}
		cmd := exec.Command(node, "--input-type=module", "-e", fmt.Sprintf("import { testBin } from %q; process.stdout.write(testBin);", mod))
		out, err := cmd.CombinedOutput()
		if err != nil || string(out) != bin {
			t.Errorf("BIN for %q: got %q, %v", bin, out, err)
		}
	}
}
