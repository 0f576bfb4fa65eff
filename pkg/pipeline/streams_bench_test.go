package pipeline

import (
	"bytes"
	"fmt"
	"testing"

	"github.com/symposium-dev/symposium-go/pkg/stream"
)

// installStream is sym-install's stream of a first sync at 1,000
// generated skills (scripts/bench.sh): three skills directories of about
// 515 skills, then hooks, manifests, gates and their inputs.
func installStream() []byte {
	var in bytes.Buffer
	w := stream.NewWriter(&in)
	for _, dir := range []struct{ rel, agents string }{{".agents/skills", "codex,copilot,gemini,goose,opencode"}, {".claude/skills", "claude"}, {".kiro/skills", "kiro"}} {
		for i := range 515 {
			name := fmt.Sprintf("skill-%04d", i)
			w.Write(stream.Action{Kind: stream.KindAction, Op: "skill", Agent: dir.agents, Path: "/dev/shm/bench/ws/" + dir.rel + "/" + name, Status: stream.StatusCreated, Name: name})
		}
		w.Write(stream.Action{Kind: stream.KindAction, Op: "hook", Agent: "claude", Path: "/dev/shm/bench/ws/.claude/settings.json", Status: stream.StatusCreated, Detail: "PreToolUse,PostToolUse,PostToolUseFailure,UserPromptSubmit,SessionStart,Stop"})
		w.Write(stream.Action{Kind: stream.KindAction, Op: "manifest", Path: "/dev/shm/bench/ws/" + dir.rel + "/.symposium/manifest.toml", Status: stream.StatusUpdated})
	}
	w.Write(stream.Gate{Kind: stream.KindGate, Agent: "copilot", Problem: "Copilot CLI ignores the hooks: not a trusted folder", Fix: "add \"/dev/shm/bench/ws\" to \"trustedFolders\"\nin config.json", Action: "add it"})
	for _, p := range []string{"/home/.codex/config.toml", "/dev/shm/bench/ws/.codex/hooks.json", "/home/.gemini/settings.json"} {
		w.Write(stream.GateInput{Kind: stream.KindGateInput, Agent: "codex", Path: p})
	}
	w.Flush()
	return in.Bytes()
}

// BenchmarkReadInstall is the orchestrator's reading of that stream.
func BenchmarkReadInstall(b *testing.B) {
	in := installStream()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := readInstall(bytes.NewReader(in)); err != nil {
			b.Fatal(err)
		}
	}
}
