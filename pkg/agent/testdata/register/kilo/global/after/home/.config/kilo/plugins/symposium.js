// symposium Kilo shim: written by `cargo agents sync`, rewritten by each sync and removed with the agent; do not edit.
// Forwards OpenCode's plugin hooks (and the session.created and session.idle events) to `sym-hook opencode EVENT` (stdin: {hook, directory, worktree, input, output})
// and applies the answer ({decision, reason, updatedInput, additionalContext}) the ways OpenCode 1.18 allows.
// Whatever goes wrong here (sym-hook missing, failing, too slow, answering garbage), the call proceeds.
import { spawnSync } from "node:child_process";

const BIN = "sym-hook";
// OpenCode gives a plugin hook no timeout: one that hangs wedges the session for good.
const TIMEOUT_MS = 60000;

function ask(event, hook, ctx, input, output) {
  try {
    const r = spawnSync(BIN, ["kilo", event], {
      input: JSON.stringify({ hook, directory: ctx.directory, worktree: ctx.worktree, input, output }),
      cwd: ctx.directory, encoding: "utf8", timeout: TIMEOUT_MS, killSignal: "SIGKILL", maxBuffer: 16 << 20,
    });
    if (r.error) {
      if (r.error.code !== "ENOENT") console.error(`symposium: ${hook}: ${r.error.message}`);
      return {};
    }
    if (r.status !== 0) {
      console.error(`symposium: ${hook}: sym-hook exited ${r.status}: ${(r.stderr || "").trim()}`);
      return {};
    }
    return r.stdout.trim() ? JSON.parse(r.stdout) : {};
  } catch (e) {
    console.error(`symposium: ${hook}: ${e}`);
    return {};
  }
}

export const Symposium = async (ctx) => {
  const sessionContext = new Map();
  return {
    "tool.execute.before": async (input, output) => {
      const a = ask("pre-tool-use", "tool.execute.before", ctx, input, output);
      if (a.decision === "deny" || a.decision === "block") {
        throw new Error(a.reason || "blocked by a symposium plugin hook"); // the model gets exactly this
      }
      if (a.updatedInput && typeof a.updatedInput === "object" && output.args) {
        // In place: OpenCode runs the object it passed, not a new output.args.
        for (const k of Object.keys(output.args)) delete output.args[k];
        Object.assign(output.args, a.updatedInput);
      }
    },
    "tool.execute.after": async (input, output) => {
      // Never throws: the tool already ran, and a throw would replace its result.
      const a = ask("post-tool-use", "tool.execute.after", ctx, input, output);
      if (!a.additionalContext) return;
      if (Array.isArray(output.content)) output.content.push({ type: "text", text: a.additionalContext });
      else output.output = `${output.output ?? ""}\n\n${a.additionalContext}`;
    },
    "chat.message": async (input, output) => {
      const a = ask("user-prompt-submit", "chat.message", ctx, input, output);
      const part = (output.parts || []).find((p) => p.type === "text");
      if (a.additionalContext && part) output.parts.push({ ...part, id: part.id + "ctx", text: a.additionalContext, synthetic: true });
    },
    "experimental.chat.system.transform": async (input, output) => {
      const c = sessionContext.get(input.sessionID);
      if (c && Array.isArray(output.system)) output.system.push(c);
    },
    event: async ({ event }) => {
      const id = event?.properties?.sessionID;
      if (event?.type === "session.idle") ask("stop", "session.idle", ctx, { sessionID: id }, { event });
      if (event?.type !== "session.created") return;
      const a = ask("session-start", "session.created", ctx, { sessionID: id }, { event });
      if (a.additionalContext) sessionContext.set(id, a.additionalContext);
    },
  };
};

// OpenCode 2.x loads only a default export {id, setup(ctx)} and no longer runs the function above;
// 1.18 (and Kilo) take `server` from the same object and ignore the rest. The 2.x hook names and
// payloads here are from its migration guide (tool hooks "execute.before", whose input is mutable
// and a throw rejects the call, and "execute.after", whose result is mutable), not yet run against
// a real 2.x: anything missing is skipped, never an error at load.
export default {
  id: "symposium",
  server: Symposium,
  async setup(ctx) {
    const dir = (ctx && ctx.directory) || process.cwd();
    const h = await Symposium({ directory: dir, worktree: (ctx && ctx.worktree) || dir });
    const tool = ctx && ctx.tool;
    if (!tool || typeof tool.hook !== "function") return;
    const ids = (ev) => ({ tool: ev.tool, sessionID: ev.sessionID, callID: ev.callID });
    tool.hook("execute.before", async (ev) => {
      if (!ev || typeof ev.input !== "object" || ev.input === null) return;
      await h["tool.execute.before"](ids(ev), { args: ev.input }); // throws the deny; rewrites in place
    });
    tool.hook("execute.after", async (ev) => {
      if (!ev || typeof ev.result !== "object" || ev.result === null) return;
      await h["tool.execute.after"]({ ...ids(ev), args: ev.input }, ev.result);
    });
  },
};
