package agent

import (
	"strings"
	"testing"
)

// TestAmpShim runs the plugin we install under node the way Amp's manual
// says Amp loads one (the default export called with an amp whose on()
// registers handlers, each handler called with (event, ctx)), against a
// stand-in sym-hook. tool.call must answer {action: "allow"} for every
// failure of ours, and no handler may throw.
func TestAmpShim(t *testing.T) {
	script := `#!/bin/sh
in=$(cat)
` + logArgs + `case "$in" in
  *forbidden*) echo '{"decision":"deny","reason":"no forbidden commands"}' ;;
  *bare-deny*) echo '{"decision":"deny"}' ;;
  *REWRITE-ME*) echo '{"updatedInput":{"cmd":"echo rewritten"}}' ;;
  *hang-please*) sleep 5 ;;
  *exit-nonzero*) echo oops >&2; exit 3 ;;
  *garbage-answer*) echo 'not json' ;;
  *null-answer*) echo 'null' ;;
  *tool.result*) echo '{"additionalContext":"post note"}' ;;
  *) ;;
esac
`
	driver := `
import shim from "./shim.mjs";
import missing from "./missing.mjs";
function load(factory) {
  const h = {};
  factory({ on: (ev, fn) => { h[ev] = fn; return { unsubscribe() {} }; } });
  return h;
}
const ctx = { thread: { id: "T-1" }, logger: { log() {} } };
const h = load(shim);
const out = [];
async function call(hooks, cmd) {
  const event = { toolUseID: "toolu_1", tool: "Bash", input: { cmd }, thread: { id: "T-1" } };
  try {
    const r = await hooks["tool.call"](event, ctx);
    return JSON.stringify(r) + " input " + JSON.stringify(event.input);
  } catch (e) { return "THREW: " + e.message; }
}
out.push("events: " + Object.keys(h).sort().join(" "));
out.push(await call(h, "echo fine"));
out.push(await call(h, "touch forbidden"));
out.push(await call(h, "bare-deny"));
out.push(await call(h, "REWRITE-ME"));
const t0 = Date.now();
out.push(await call(h, "hang-please"));
out.push("hang took under 4 s: " + (Date.now() - t0 < 4000));
out.push(await call(h, "exit-nonzero"));
out.push(await call(h, "garbage-answer"));
out.push(await call(h, "null-answer"));
out.push(await call(load(missing), "touch forbidden"));
try { out.push("no event: " + JSON.stringify(await h["tool.call"](null, ctx))); } catch (e) { out.push("THREW: " + e.message); }
const done = { toolUseID: "toolu_1", tool: "Bash", input: { cmd: "x" }, status: "done", output: "ran" };
out.push("result: " + JSON.stringify(await h["tool.result"](done, ctx)));
out.push("error result: " + JSON.stringify(await h["tool.result"]({ ...done, status: "error", output: undefined }, ctx)));
out.push("session: " + JSON.stringify(await h["session.start"]({ thread: { id: "T-1" } }, ctx)));
out.push("prompt: " + JSON.stringify(await h["agent.start"]({ message: "hi", thread: { id: "T-1" } }, ctx)));
out.push("end: " + JSON.stringify(await h["agent.end"]({ thread: { id: "T-1" } }, ctx)));
console.log(out.join("\n"));
`
	got, dir := runShim(t, renderAmpShim, script, driver)
	want := []string{
		`events: agent.end agent.start session.start tool.call tool.result`,
		`{"action":"allow"} input {"cmd":"echo fine"}`,
		`{"action":"reject-and-continue","message":"no forbidden commands"} input {"cmd":"touch forbidden"}`,
		`{"action":"reject-and-continue","message":"blocked by a symposium plugin hook"} input {"cmd":"bare-deny"}`,
		`{"action":"allow"} input {"cmd":"echo rewritten"}`,
		`{"action":"allow"} input {"cmd":"hang-please"}`, // timed out: proceeds
		`hang took under 4 s: true`,
		`{"action":"allow"} input {"cmd":"exit-nonzero"}`, // failed: proceeds
		`{"action":"allow"} input {"cmd":"garbage-answer"}`,
		`{"action":"allow"} input {"cmd":"null-answer"}`,
		`{"action":"allow"} input {"cmd":"touch forbidden"}`, // sym-hook missing: proceeds
		`no event: {"action":"allow"}`,
		`result: {"status":"done","output":"ran\n\npost note"}`,
		`error result: undefined`,
		`session: undefined`,
		`prompt: undefined`,
		`end: undefined`,
	}
	if got != strings.Join(want, "\n") {
		t.Errorf("plugin under node:\n%s\nwant:\n%s", got, strings.Join(want, "\n"))
	}
	checkCalls(t, dir, "amp", "pre-tool-use", "post-tool-use", "session-start", "user-prompt-submit", "stop")
}
