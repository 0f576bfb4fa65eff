package agent

import (
	"strings"
	"testing"
)

// TestPiShim runs the extension we install under node the way Pi 1.3.0
// calls one (pi/output-contract.md): the default export with a pi whose on()
// records the handlers, then each handler with (event, ctx), against a
// stand-in cargo-agents. A handler that throws blocks a tool call in Pi,
// so every failure of ours must come back as undefined (proceed).
func TestPiShim(t *testing.T) {
	script := `#!/bin/sh
in=$(cat)
case "$in" in
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
	got, _ := runShim(t, renderPiShim, script, driver)
	want := []string{
		`events: agent_end before_agent_start session_start tool_call tool_result`,
		`same object: {"command":"echo fine","description":"d"}`,
		`blocked: no forbidden commands`,
		`same object: {"command":"echo rewritten"}`,
		`same object: {"command":"hang-please","description":"d"}`,  // timed out: proceeds
		`same object: {"command":"exit-nonzero","description":"d"}`, // failed: proceeds
		`same object: {"command":"garbage-answer","description":"d"}`,
		`same object: {"command":"null-answer","description":"d"}`,
		`same object: {"command":"touch forbidden","description":"d"}`, // cargo-agents missing: proceeds
		`no input: undefined`,
		`result: {"content":[{"type":"text","text":"ran\n"},{"type":"text","text":"post note"}]}`,
		`first prompt: {"message":{"customType":"symposium","content":"session note\n\nprompt note","display":false}}`,
		`second prompt: {"message":{"customType":"symposium","content":"prompt note","display":false}}`,
		`end: undefined`,
	}
	if got != strings.Join(want, "\n") {
		t.Errorf("extension under node:\n%s\nwant:\n%s", got, strings.Join(want, "\n"))
	}
}
