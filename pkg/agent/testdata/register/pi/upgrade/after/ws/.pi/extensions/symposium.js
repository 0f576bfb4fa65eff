// symposium Pi extension: written by `cargo agents sync`, rewritten by each sync and removed with the agent; do not edit.
// Forwards Pi's extension events to `sym-hook pi EVENT` (stdin: {hook, cwd, sessionId, event}) and applies the answer
// ({decision, reason, updatedInput, additionalContext}) the ways Pi 1.3 allows.
// Pi gives a handler no timeout and treats a throw from tool_call as a block: this file never throws, and whatever
// goes wrong here (sym-hook missing, failing, too slow, answering garbage), the call proceeds.
import { spawnSync } from "node:child_process";
import { existsSync, lstatSync, readFileSync } from "node:fs";
import { homedir } from "node:os";
import { dirname, join } from "node:path";

const BIN = "sym-hook";
const TIMEOUT_MS = 60000;
const GITIGNORE = "# Installed by cargo agents sync; regenerated on every sync.\n*\n"; // the .gitignore in each skill sync installed
const MANIFESTS = [".symposium/manifest.toml",".symposium.toml"]; // where sync lists them, relative to the skills directory

// installedSkills returns the SKILL.md of each skill sync installed in dir: listed in its manifest and
// holding our .gitignore (both marks, as sync itself checks). Pi skips those files in its own scan, as
// that .gitignore ignores them, so this extension names them to Pi instead.
function installedSkills(dir) {
  let text = "";
  for (const m of MANIFESTS) {
    try {
      text = readFileSync(join(dir, m), "utf8");
      break;
    } catch {}
  }
  const list = /^installed\s*=\s*\[([^\]]*)\]/m.exec(text);
  const out = [];
  for (const q of list ? list[1].matchAll(/'([^']*)'|"([^"]*)"/g) : []) {
    const name = q[1] ?? q[2];
    if (!name || name === "." || name === ".." || /[\\/]/.test(name)) continue;
    try {
      const skill = join(dir, name);
      if (!lstatSync(skill).isDirectory() || readFileSync(join(skill, ".gitignore"), "utf8") !== GITIGNORE) continue;
      if (existsSync(join(skill, "SKILL.md"))) out.push(join(skill, "SKILL.md"));
    } catch {}
  }
  return out;
}

// skillDirs: the skills directories Pi 1.3 scans (docs/skills.md): the user's always; the project's
// .pi/skills and .agents/skills from cwd up to the repository root only when Pi trusts the project.
function skillDirs(cwd, trusted) {
  const home = homedir();
  const dirs = [join(home, ".pi", "agent", "skills"), join(home, ".agents", "skills")];
  if (!trusted) return dirs;
  dirs.push(join(cwd, ".pi", "skills"));
  for (let d = cwd; ; d = dirname(d)) {
    dirs.push(join(d, ".agents", "skills"));
    if (existsSync(join(d, ".git")) || dirname(d) === d) break;
  }
  return dirs;
}

function sessionOf(ctx) {
  try {
    return ctx.sessionManager.getSessionId();
  } catch {
    return undefined;
  }
}

function ask(event, hook, ctx, ev) {
  const cwd = (ctx && ctx.cwd) || process.cwd();
  try {
    const r = spawnSync(BIN, ["pi", event], {
      input: JSON.stringify({ hook, cwd, sessionId: sessionOf(ctx), event: ev }),
      cwd, encoding: "utf8", timeout: TIMEOUT_MS, killSignal: "SIGKILL", maxBuffer: 16 << 20,
    });
    if (r.error) {
      if (r.error.code !== "ENOENT") console.error(`symposium: ${hook}: ${r.error.message}`);
      return {};
    }
    if (r.status !== 0) {
      console.error(`symposium: ${hook}: sym-hook exited ${r.status}: ${(r.stderr || "").trim()}`);
      return {};
    }
    const a = r.stdout.trim() ? JSON.parse(r.stdout) : {};
    return a && typeof a === "object" ? a : {};
  } catch (e) {
    console.error(`symposium: ${hook}: ${e}`);
    return {};
  }
}

export default function (pi) {
  let sessionContext = "";
  pi.on("session_start", async (event, ctx) => {
    try {
      sessionContext = ask("session-start", "session_start", ctx, { type: event.type, reason: event.reason }).additionalContext || "";
    } catch {}
  });
  pi.on("tool_call", async (event, ctx) => {
    try {
      const a = ask("pre-tool-use", "tool_call", ctx, event);
      if (a.decision === "deny" || a.decision === "block") {
        return { block: true, reason: String(a.reason || "blocked by a symposium plugin hook") }; // the model gets the reason
      }
      if (a.updatedInput && typeof a.updatedInput === "object" && event.input) {
        // In place: Pi runs the object it passed (types.d.ts: "mutate event.input in place").
        for (const k of Object.keys(event.input)) delete event.input[k];
        Object.assign(event.input, a.updatedInput);
      }
    } catch {}
    return undefined;
  });
  pi.on("tool_result", async (event, ctx) => {
    try {
      const a = ask("post-tool-use", "tool_result", ctx, event);
      if (a.additionalContext) return { content: [...(event.content || []), { type: "text", text: String(a.additionalContext) }] };
    } catch {}
    return undefined;
  });
  pi.on("before_agent_start", async (event, ctx) => {
    try {
      // Only the prompt goes out: the event also holds the whole system prompt.
      const a = ask("user-prompt-submit", "before_agent_start", ctx, { type: event.type, prompt: event.prompt });
      const text = [sessionContext, a.additionalContext].filter(Boolean).join("\n\n");
      sessionContext = "";
      if (text) return { message: { customType: "symposium", content: text, display: false } };
    } catch {}
    return undefined;
  });
  pi.on("resources_discover", async (event, ctx) => {
    try {
      const trusted = !!(ctx && typeof ctx.isProjectTrusted === "function" && ctx.isProjectTrusted());
      const skillPaths = skillDirs((event && event.cwd) || (ctx && ctx.cwd) || process.cwd(), trusted).flatMap(installedSkills);
      if (skillPaths.length) return { skillPaths };
    } catch {}
    return undefined;
  });
  pi.on("agent_end", async (event, ctx) => {
    try {
      ask("stop", "agent_end", ctx, { type: event.type });
    } catch {}
  });
}
