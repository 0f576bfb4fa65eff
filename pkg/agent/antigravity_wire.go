package agent

import (
	"bytes"
	"encoding/json"
	"fmt"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"

	"github.com/symposium-dev/symposium-go/pkg/canonhook"
)

// antigravityWire is Antigravity CLI's hook wire format
// (../shared/agent-payloads/antigravity/contract-from-public-reports.md §3,
// §4). Payloads are camelCase protojson that never name their event (the
// registered command does): conversationId, workspacePaths,
// toolCall{name, args} with PascalCase arguments that may arrive
// double-encoded, invocationNum on PreInvocation. agy parses the answer as
// strict protojson of a per-event message: PreToolUse must get exactly
// {"decision": allow|deny|ask, "reason", "overwrite"} (`{}`, no output or
// an unknown key deny the tool or re-drive it), PreInvocation `{}` or
// {"injectSteps": [{"ephemeralMessage"}]} (the only way to add context),
// every other event `{}`. Every answer exits 0: what agy does with another
// exit code is unmeasured and assumed to deny.
//
// The canonical payload carries the arguments under Claude's names
// (CommandLine → command, TargetFile → file_path, …), so a plugin hook
// written against any agent reads them; answers map them back.
type antigravityWire struct{}

const antigravityAllow = `{"decision":"allow"}`

func (antigravityWire) Name() string     { return "antigravity" }
func (antigravityWire) ProceedExit() int { return 0 }

// Proceed is an explicit allow on PreToolUse, and where the event is not
// known (an unknown event argument): a needless "decision" elsewhere is at
// worst an error in agy's log, a missing one on PreToolUse a denied tool.
func (antigravityWire) Proceed(event string) []byte {
	if event == PreToolUse || event == "" {
		return []byte(antigravityAllow)
	}
	return []byte("{}")
}

// antigravityArgs pairs each canonical tool's agy argument names with
// Claude's (§5). Arguments not listed keep their names.
var antigravityArgs = argNames{agent: antigravity, tools: []toolArgs{
	{"shell", [][2]string{{"CommandLine", "command"}}},
	{"file_write", [][2]string{{"TargetFile", "file_path"}, {"CodeContent", "content"}}},
	{"file_edit", [][2]string{{"TargetFile", "file_path"}, {"TargetContent", "old_string"}, {"ReplacementContent", "new_string"}, {"AllowMultiple", "replace_all"}}},
	{"file_read", [][2]string{{"AbsolutePath", "file_path"}}},
	{"search", [][2]string{{"Query", "pattern"}, {"SearchPath", "path"}}},
	{"find", [][2]string{{"Pattern", "pattern"}, {"SearchDirectory", "path"}}},
	{"web_fetch", [][2]string{{"Url", "url"}}},
}}

// antigravityBools are arguments agy 1.0.0 sent as "true"/"false" strings.
var antigravityBools = []string{"Overwrite", "AllowMultiple", "SafeToAutoRun", "IsRegex", "CaseInsensitive", "MatchPerLine"}

// antigravityPathArgs locate the workspace when workspacePaths is empty
// (`agy -p` without --add-dir): the hook runs in the hooks file's directory,
// not the project's.
var antigravityPathArgs = []string{"Cwd", "TargetFile", "AbsolutePath", "SearchPath", "DirectoryPath", "SearchDirectory"}

func (antigravityWire) Decode(event string, payload []byte) (*canonhook.Payload, error) {
	if err := checkEvent(event); err != nil {
		return nil, err
	}
	m, err := fields(payload)
	if err != nil {
		return nil, err
	}
	p := &canonhook.Payload{Event: event, Agent: "antigravity", Raw: payload}
	if event == SessionStart {
		// Registered on PreInvocation, which fires before every model
		// call; only a conversation's first is its start. A native
		// SessionStart payload has no invocationNum.
		var n json.Number
		if raw, ok := m["invocationNum"]; ok && json.Unmarshal(raw, &n) == nil && n.String() != "0" {
			return nil, canonhook.ErrNotThisEvent
		}
	}
	// executionNum counts the turns a Stop hook's "continue" added.
	var execution float64
	p.StopChained = json.Unmarshal(m["executionNum"], &execution) == nil && execution > 0
	if p.SessionID, err = takeString(m, "conversationId"); err != nil {
		return nil, err
	}
	var workspaces []string
	if raw, ok := m["workspacePaths"]; ok {
		if json.Unmarshal(raw, &workspaces) != nil {
			return nil, errField("workspacePaths", "an array of strings", raw)
		}
	}
	if tc := take(m, "toolCall"); tc != nil {
		var call struct {
			Name string          `json:"name"`
			Args json.RawMessage `json:"args"`
		}
		if err := json.Unmarshal(tc, &call); err != nil {
			return nil, errField("toolCall", "an object {name, args}", tc)
		}
		p.ToolName = call.Name
		args, err := antigravityArgsIn(call.Args)
		if err != nil {
			return nil, err
		}
		p.ToolInput = antigravityArgs.toClaude(call.Name, args)
		if len(workspaces) == 0 {
			workspaces = pathHints(args)
		}
	}
	if len(workspaces) > 0 {
		p.Cwd = localPath(workspaces[0])
	}
	// agy has no prompt event; a prompt from another agent's payload
	// (sym-translate) travels under this name.
	if p.Event == UserPromptSubmit {
		if p.Prompt, err = takeString(m, "prompt"); err != nil {
			return nil, err
		}
	}
	if event == PostToolUse {
		if e := take(m, "error"); e != nil {
			p.ToolResponse = mustObject("error", e)
		}
	}
	p.Extra = nonEmptyMap(m)
	return p, nil
}

// errField reports a payload field of the wrong shape.
func errField(key, want string, got json.RawMessage) error {
	return fmt.Errorf("field %q: want %s, got %s", key, want, clip(got))
}

// antigravityArgsIn decodes toolCall.args (an object, or a JSON string
// holding one), undoing the double encoding of each value.
func antigravityArgsIn(raw json.RawMessage) (map[string]json.RawMessage, error) {
	if len(raw) == 0 || bytes.Equal(bytes.TrimSpace(raw), []byte("null")) {
		return map[string]json.RawMessage{}, nil
	}
	obj := argsObject(raw)
	if obj == nil {
		return nil, errField("toolCall.args", "an object", raw)
	}
	var args map[string]json.RawMessage
	if err := json.Unmarshal(obj, &args); err != nil {
		return nil, errField("toolCall.args", "an object", raw)
	}
	for k, v := range args {
		args[k] = undoubled(k, v)
	}
	return args, nil
}

// undoubled returns v with one level of string encoding removed where agy
// 1.0.0 added it: "\"/p/f.txt\"" is "/p/f.txt", "true" is true for a
// boolean argument, a string holding a JSON array is the array for
// ReplacementChunks.
func undoubled(key string, v json.RawMessage) json.RawMessage {
	var s string
	if json.Unmarshal(v, &s) != nil {
		return v
	}
	t := strings.TrimSpace(s)
	switch {
	case slices.Contains(antigravityBools, key) && (t == "true" || t == "false"):
		return json.RawMessage(t)
	case strings.HasPrefix(t, `"`):
		var inner string
		if json.Unmarshal([]byte(t), &inner) == nil {
			return jsonString(inner)
		}
	case key == "ReplacementChunks" && (strings.HasPrefix(t, "[") || strings.HasPrefix(t, "{")) && json.Valid([]byte(t)):
		return json.RawMessage(t)
	}
	return v
}

// pathHints are the directories a tool call's path arguments point into.
func pathHints(args map[string]json.RawMessage) []string {
	var out []string
	for _, k := range antigravityPathArgs {
		var s string
		if raw, ok := args[k]; ok && json.Unmarshal(raw, &s) == nil && filepath.IsAbs(localPath(s)) {
			if k != "Cwd" && k != "DirectoryPath" && k != "SearchDirectory" {
				s = filepath.Dir(localPath(s))
			}
			out = append(out, s)
		}
	}
	return out
}

// localPath turns a file:// URI into a path (one report shows
// workspacePaths in that form). Written out rather than with net/url,
// which would add its packages' start-up to every hook call.
func localPath(s string) string { return localPathOn(s, runtime.GOOS == "windows") }

// localPathOn is localPath for Unix or Windows, so both are tested on
// either. On Windows file:///C:/x (or VS Code's file:///c%3A/x) is C:\x,
// not \C:\x, and file://server/share/x is the UNC path \\server\share\x.
func localPathOn(s string, windows bool) string {
	rest, ok := strings.CutPrefix(s, "file://")
	if !ok {
		return s // a path already, as the agent wrote it
	}
	host := ""
	if i := strings.IndexByte(rest, '/'); i > 0 {
		host, rest = rest[:i], rest[i:] // file://host/path
	}
	p := percentDecode(rest)
	if windows {
		switch {
		case len(p) >= 3 && p[0] == '/' && p[2] == ':' && (p[1]|0x20 >= 'a' && p[1]|0x20 <= 'z'):
			p = p[1:]
		case host != "" && !strings.EqualFold(host, "localhost"):
			p = "//" + host + p
		}
	}
	return slashes(p, windows)
}

// percentDecode undoes a URI's %XX escapes, keeping a % that starts none.
func percentDecode(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '%' && i+2 < len(s) {
			if v, err := strconv.ParseUint(s[i+1:i+3], 16, 8); err == nil {
				b.WriteByte(byte(v))
				i += 2
				continue
			}
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// slashes is p with Windows' separator on Windows.
func slashes(p string, windows bool) string {
	if windows {
		return strings.ReplaceAll(p, "/", `\`)
	}
	return p
}

func (w antigravityWire) Encode(event string, out *canonhook.Output) ([]byte, int, []byte) {
	if event == Stop {
		return stopAnswer(w, out, "continue"), 0, nil
	}
	switch event {
	case PreToolUse:
		o := newObj()
		switch {
		case out.Denied():
			o.str("decision", canonhook.Deny)
			o.str("reason", out.ReasonOrDefault())
		case out.Decision == canonhook.Ask:
			o.str("decision", canonhook.Ask)
			o.str("reason", out.Reason)
		default:
			o.str("decision", canonhook.Allow)
			if in := argsObject(out.UpdatedInput); in != nil {
				o.set("overwrite", antigravityArgs.fromClaudeJSON(out.Tool, in))
			}
		}
		return o.bytes(), 0, nil
	case SessionStart:
		if out.AdditionalContext != "" {
			step := newObj()
			step.str("ephemeralMessage", out.AdditionalContext)
			o := newObj()
			o.set("injectSteps", append(append([]byte("["), step.bytes()...), ']'))
			return o.bytes(), 0, nil
		}
	}
	return w.Proceed(event), 0, nil
}

func (antigravityWire) EncodeInput(p *canonhook.Payload) ([]byte, error) {
	if err := checkEvent(p.Event); err != nil {
		return nil, err
	}
	o := newObj()
	if isToolEvent(p.Event) {
		call := newObj()
		name := NativeTool("antigravity", p.ToolName)
		call.str("name", name)
		in := p.ToolInput
		if len(in) == 0 {
			in = json.RawMessage("{}")
		}
		call.set("args", antigravityArgs.fromClaudeJSON(name, in))
		o.set("toolCall", call.bytes())
		if p.Event == PostToolUse {
			var e struct {
				Error json.RawMessage `json:"error"`
			}
			if json.Unmarshal(p.ToolResponse, &e) == nil && len(e.Error) > 0 {
				o.set("error", e.Error)
			}
		}
	}
	if p.Event == UserPromptSubmit {
		o.set("prompt", jsonString(p.Prompt))
	}
	if p.Event == SessionStart && p.Agent != "antigravity" {
		o.set("invocationNum", json.RawMessage("0"))
	}
	o.str("conversationId", p.SessionID)
	// agy's own workspacePaths (kept in Extra) go back as they came.
	if _, own := p.Extra["workspacePaths"]; p.Cwd != "" && !(own && p.Agent == "antigravity") {
		ws, _ := json.Marshal([]string{p.Cwd})
		o.set("workspacePaths", ws)
	}
	if p.Agent == "antigravity" {
		o.extra(p.Extra)
	}
	return o.bytes(), nil
}

// DecodeOutput reads a hook written for agy: its PreToolUse answer
// (decision, reason, overwrite; the deprecated deny_reason), context from
// injectSteps' ephemeral messages, and Stop's "continue". Output that is not
// JSON is an error, as it is to agy.
func (antigravityWire) DecodeOutput(event string, stdout []byte, exit int) (*canonhook.Output, error) {
	t := bytes.TrimSpace(stdout)
	if len(t) == 0 {
		return &canonhook.Output{}, nil
	}
	var a struct {
		Decision    string          `json:"decision"`
		Reason      string          `json:"reason"`
		DenyReason  string          `json:"deny_reason"`
		Overwrite   json.RawMessage `json:"overwrite"`
		InjectSteps []struct {
			EphemeralMessage string `json:"ephemeralMessage"`
		} `json:"injectSteps"`
	}
	if err := json.Unmarshal(t, &a); err != nil {
		return nil, errField("answer", "one JSON object", t)
	}
	out := &canonhook.Output{Reason: a.Reason}
	if out.Reason == "" {
		out.Reason = a.DenyReason
	}
	switch strings.ToLower(a.Decision) {
	case canonhook.Deny:
		out.Decision = canonhook.Deny
	case canonhook.Ask, "force_ask":
		out.Decision = canonhook.Ask
	case canonhook.Allow:
		out.Decision = canonhook.Allow
	case "continue": // Stop: keep going, with the reason as the next instruction
		if event == Stop {
			out.Decision = canonhook.Deny
		}
	}
	if in := argsObject(a.Overwrite); in != nil {
		var args map[string]json.RawMessage
		if json.Unmarshal(in, &args) == nil {
			out.UpdatedInput = antigravityArgs.toClaude("", args)
		}
	}
	var ctx []string
	for _, s := range a.InjectSteps {
		if s.EphemeralMessage != "" {
			ctx = append(ctx, s.EphemeralMessage)
		}
	}
	out.AdditionalContext = strings.Join(ctx, "\n")
	return out, nil
}
