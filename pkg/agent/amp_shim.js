// @i-know-the-amp-plugin-api-is-wip-and-very-experimental-right-now
// symposium Amp plugin: written by `cargo agents sync`, rewritten by each sync and removed with the agent; do not edit.
// Forwards Amp's plugin events to `sym-hook amp EVENT` (stdin: {hook, cwd, threadId, event}) and applies the
// answer ({decision, reason, updatedInput, additionalContext}) the ways Amp's manual documents. Amp runs plugins only
// when started as `PLUGINS=all amp`. Nothing here was checked against a running Amp (README, "Amp"): every
// failure of ours (sym-hook missing, failing, too slow, answering garbage) lets the call proceed, and no handler
// throws.
import { spawn } from "node:child_process";

const BIN = {{BIN}};
const TIMEOUT_MS = {{TIMEOUT_MS}};

function threadOf(event, ctx) {
  try {
    return (event && event.thread && event.thread.id) || (ctx && ctx.thread && ctx.thread.id) || undefined;
  } catch {
    return undefined;
  }
}

// ask runs sym-hook with the payload on stdin and resolves to its answer
// object ({} for anything but a JSON object on a clean exit).
function ask(event, hook, ev, ctx) {
  return new Promise((resolve) => {
    let done = false;
    const finish = (a, why) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      if (why) console.error(`symposium: ${hook}: ${why}`);
      resolve(a && typeof a === "object" ? a : {});
    };
    const cwd = process.cwd();
    let child;
    try {
      child = spawn(BIN, ["amp", event], { cwd, stdio: ["pipe", "pipe", "pipe"], detached: process.platform !== "win32" });
    } catch (e) {
      return finish({}, String(e));
    }
    const timer = setTimeout(() => {
      try {
        process.platform !== "win32" ? process.kill(-child.pid, "SIGKILL") : child.kill("SIGKILL");
      } catch {}
      finish({}, `sym-hook took longer than ${TIMEOUT_MS} ms`);
    }, TIMEOUT_MS);
    let out = "";
    let err = "";
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (err += d));
    child.on("error", (e) => finish({}, e.code === "ENOENT" ? "" : e.message));
    child.on("close", (code) => {
      if (code !== 0) return finish({}, `sym-hook exited ${code}: ${err.trim()}`);
      try {
        finish(out.trim() ? JSON.parse(out) : {});
      } catch (e) {
        finish({}, String(e));
      }
    });
    child.stdin.on("error", () => {});
    child.stdin.end(JSON.stringify({ hook, cwd, threadId: threadOf(ev, ctx), event: ev }));
  });
}

export default function (amp) {
  amp.on("tool.call", async (event, ctx) => {
    try {
      const a = await ask("pre-tool-use", "tool.call", event, ctx);
      if (a.decision === "deny" || a.decision === "block") {
        // The model gets the message and the thread goes on.
        return { action: "reject-and-continue", message: String(a.reason || "blocked by a symposium plugin hook") };
      }
      if (a.updatedInput && typeof a.updatedInput === "object" && event.input) {
        // In place, as Pi's API (which Amp's follows) runs the object it passed; unverified for Amp.
        for (const k of Object.keys(event.input)) delete event.input[k];
        Object.assign(event.input, a.updatedInput);
      }
    } catch {}
    return { action: "allow" };
  });
  amp.on("tool.result", async (event, ctx) => {
    try {
      const a = await ask("post-tool-use", "tool.result", event, ctx);
      // A tool.result handler may return {status, output}: context goes after a text output.
      if (a.additionalContext && event.status === "done" && typeof event.output === "string") {
        return { status: "done", output: `${event.output}\n\n${a.additionalContext}` };
      }
    } catch {}
    return undefined;
  });
  // The manual documents no way to add context from these: plugin hooks run, their context is dropped.
  amp.on("session.start", async (event, ctx) => {
    try {
      await ask("session-start", "session.start", { thread: event && event.thread }, ctx);
    } catch {}
  });
  amp.on("agent.start", async (event, ctx) => {
    try {
      await ask("user-prompt-submit", "agent.start", { message: event && event.message, thread: event && event.thread }, ctx);
    } catch {}
  });
  amp.on("agent.end", async (event, ctx) => {
    try {
      await ask("stop", "agent.end", { thread: event && event.thread }, ctx);
    } catch {}
  });
}
