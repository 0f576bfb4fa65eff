package agent

import (
	"bytes"
	"encoding/json"
	"errors"
	"strings"

	"github.com/symposium-dev/symposium-go/pkg/canonhook"
)

// clineWire is Cline CLI's hook format (../shared/agent-payloads/cline/
// output-contract.md, observed live on 3.0.65). stdin is one object
// {taskId, workspaceInfo {rootPath}, hookName, …} with the call under
// tool_call / tool_result {id, name, input[, output]}; the answer is JSON
// on stdout, the exit code ignored: {cancel, contextModification,
// errorMessage, overrideInput}. cancel aborts the whole task and the model
// never sees why, so we never send it: a blocked shell call is rewritten
// (overrideInput) into a command that prints the reason and exits 1, which
// the model reads as the tool's result; any other blocked call runs, with
// the reason in contextModification (Cline has no per-call deny).
type clineWire struct{}

func (clineWire) Name() string          { return "cline" }
func (clineWire) ProceedExit() int      { return 0 }
func (clineWire) Proceed(string) []byte { return nil }

// clineShellTools are Cline's shell tools: run_commands {commands: [..]}
// (the SDK CLI, captured) and execute_command {command} (older Cline).
func clineShell(tool string) bool {
	return tool == "run_commands" || tool == "execute_command" || tool == "shell"
}

func (clineWire) Decode(event string, payload []byte) (*canonhook.Payload, error) {
	if err := checkEvent(event); err != nil {
		return nil, err
	}
	m, err := fields(payload)
	if err != nil {
		return nil, err
	}
	p := &canonhook.Payload{Event: event, Agent: "cline", Raw: payload}
	if p.SessionID, err = takeString(m, "taskId"); err != nil {
		return nil, err
	}
	var ws struct {
		RootPath string `json:"rootPath"`
	}
	if raw, ok := m["workspaceInfo"]; ok {
		if err := json.Unmarshal(raw, &ws); err != nil {
			return nil, errors.New(`field "workspaceInfo": want an object`)
		}
	}
	p.Cwd = ws.RootPath
	key := map[string]string{PreToolUse: "tool_call", PostToolUse: "tool_result"}[event]
	if key != "" {
		call, err := takeMembers(m, key)
		if err != nil {
			return nil, err
		}
		if p.ToolName, err = takeString(call, "name"); err != nil {
			return nil, err
		}
		p.ToolInput = clineInputToClaude(p.ToolName, take(call, "input"))
		p.ToolResponse = take(call, "output")
		if len(call) > 0 {
			m[key], _ = marshalNoEscape(call)
		}
	}
	if event == UserPromptSubmit {
		// Not captured (it fires only for messages added to a running
		// task); the shape is the Cline extension's documented
		// userPromptSubmit {prompt, attachments}.
		var u struct {
			Prompt string `json:"prompt"`
		}
		if raw, ok := m["userPromptSubmit"]; ok {
			if err := json.Unmarshal(raw, &u); err != nil {
				return nil, errors.New(`field "userPromptSubmit": want an object with a string prompt`)
			}
			p.Prompt = u.Prompt // the object rides along whole (attachments)
		}
	}
	p.Extra = nonEmptyMap(m)
	return p, nil
}

// clineInputToClaude gives run_commands' one command as Claude's
// {command}, so a plugin hook reads a shell call the same way everywhere;
// several commands, and every other tool's input, stay as sent.
func clineInputToClaude(tool string, in json.RawMessage) json.RawMessage {
	var a struct {
		Commands []string `json:"commands"`
	}
	if tool == "run_commands" && json.Unmarshal(in, &a) == nil && len(a.Commands) == 1 {
		b, _ := marshalNoEscape(map[string]string{"command": a.Commands[0]})
		return b
	}
	return in
}

// clineInputFromClaude is the inverse: Claude's {command} for run_commands.
func clineInputFromClaude(tool string, in json.RawMessage) json.RawMessage {
	var a struct {
		Command *string `json:"command"`
	}
	if tool == "run_commands" && json.Unmarshal(in, &a) == nil && a.Command != nil {
		b, _ := marshalNoEscape(map[string][]string{"commands": {*a.Command}})
		return b
	}
	return in
}

// clineHookNames are the internal names Cline sends as hookName.
var clineHookNames = NameTable{
	{PreToolUse, "tool_call"}, {PostToolUse, "tool_result"}, {UserPromptSubmit, "prompt_submit"}, {SessionStart, "agent_start"}, {Stop, "agent_end"},
}

func (clineWire) EncodeInput(p *canonhook.Payload) ([]byte, error) {
	if err := checkEvent(p.Event); err != nil {
		return nil, err
	}
	o := newObj()
	o.str("taskId", p.SessionID)
	own := p.Agent == "cline" // its own fields ride along in Extra
	if !own {
		o.str("hookName", clineHookNames.Of(p.Event))
	}
	if p.Cwd != "" && (!own || p.Extra["workspaceInfo"] == nil) {
		ws, _ := marshalNoEscape(map[string]string{"rootPath": p.Cwd})
		o.set("workspaceInfo", ws)
	}
	key := map[string]string{PreToolUse: "tool_call", PostToolUse: "tool_result"}[p.Event]
	if key != "" {
		tool := NativeTool("cline", p.ToolName)
		call := newObj()
		call.str("name", tool)
		call.set("input", clineInputFromClaude(tool, p.ToolInput))
		call.set("output", p.ToolResponse)
		if own { // the call's other members (id, timings) come back too
			var rest map[string]json.RawMessage
			_ = json.Unmarshal(p.Extra[key], &rest)
			call.extra(rest)
		}
		o.set(key, call.bytes())
	}
	if p.Event == UserPromptSubmit && p.Prompt != "" && (!own || p.Extra["userPromptSubmit"] == nil) {
		u, _ := marshalNoEscape(map[string]string{"prompt": p.Prompt})
		o.set("userPromptSubmit", u)
	}
	if own {
		o.extra(p.Extra)
	}
	return o.bytes(), nil
}

// Encode answers for Cline: never cancel (that aborts the user's whole
// task); see clineWire.
func (clineWire) Encode(event string, out *canonhook.Output) ([]byte, int, []byte) {
	if out.Empty() || (event != PreToolUse && event != PostToolUse && event != UserPromptSubmit && event != SessionStart) {
		return nil, 0, nil
	}
	o := newObj()
	ctx := out.AdditionalContext
	if event == PreToolUse {
		denied := out.Denied() || out.Decision == canonhook.Ask
		switch {
		case denied && clineShell(out.Tool):
			o.set("overrideInput", clineRefusal(out.Tool, out.ReasonOrDefault()))
		case denied:
			ctx = joinLines("symposium: a plugin hook would block this call, but Cline cannot block one call without aborting the task, so it ran: "+out.ReasonOrDefault(), ctx)
		default:
			if in := argsObject(out.UpdatedInput); in != nil {
				o.set("overrideInput", clineInputFromClaude(out.Tool, in))
			}
		}
	}
	o.str("contextModification", ctx)
	return nonEmpty(o), 0, nil
}

// clineRefusal is a shell call's input rewritten to print why it was
// blocked and fail, so the model sees the reason as the call's result.
func clineRefusal(tool, reason string) json.RawMessage {
	cmd := "echo " + shellQuote("blocked by a symposium plugin hook: "+reason) + "; exit 1"
	if tool == "execute_command" {
		b, _ := marshalNoEscape(map[string]string{"command": cmd})
		return b
	}
	b, _ := marshalNoEscape(map[string][]string{"commands": {cmd}})
	return b
}

func joinLines(a, b string) string {
	if b == "" {
		return a
	}
	return a + "\n" + b
}

// DecodeOutput reads a hook written for Cline: the whole stdout, or its
// last line starting "HOOK_CONTROL\t", as Cline does. cancel is a deny.
func (clineWire) DecodeOutput(event string, stdout []byte, exit int) (*canonhook.Output, error) {
	for _, line := range bytes.Split(stdout, []byte("\n")) {
		if rest, ok := bytes.CutPrefix(line, []byte("HOOK_CONTROL\t")); ok {
			stdout = rest
		}
	}
	out := &canonhook.Output{}
	if len(bytes.TrimSpace(stdout)) == 0 {
		return out, nil
	}
	var a struct {
		Cancel              bool            `json:"cancel"`
		ContextModification string          `json:"contextModification"`
		Context             string          `json:"context"`
		ErrorMessage        string          `json:"errorMessage"`
		OverrideInput       json.RawMessage `json:"overrideInput"`
	}
	if err := json.Unmarshal(bytes.TrimSpace(stdout), &a); err != nil {
		return nil, errors.New("hook answer is not a JSON object: " + strings.TrimSpace(clip(stdout)))
	}
	if a.Cancel {
		out.Decision, out.Reason = canonhook.Deny, a.ErrorMessage
	}
	out.AdditionalContext = a.ContextModification
	if out.AdditionalContext == "" {
		out.AdditionalContext = a.Context
	}
	if in := argsObject(a.OverrideInput); in != nil {
		out.UpdatedInput = clineInputToClaude("run_commands", in)
	}
	return out, nil
}
