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

// matchStreamAt1000 is sym-match's stream of that sync: the workspace,
// its two sources, then about 515 matched skills.
func matchStreamAt1000() []byte {
	var in bytes.Buffer
	w := stream.NewWriter(&in)
	ws := stream.Workspace{Kind: stream.KindWorkspace, Root: "/dev/shm/bench/ws", Manifest: "/dev/shm/bench/ws/Cargo.toml", Lockfile: "/dev/shm/bench/ws/Cargo.lock"}
	var inputs, tree []string
	for i := range 40 {
		ws.Members = append(ws.Members, stream.Member{Name: fmt.Sprintf("member-%03d", i), Version: "0.1.0", Manifest: fmt.Sprintf("crates/member-%03d/Cargo.toml", i)})
		inputs = append(inputs, fmt.Sprintf("/dev/shm/bench/ws/crates/member-%03d", i))
	}
	for i := range 20 {
		tree = append(tree, fmt.Sprintf("/dev/shm/bench/plugins/group-%02d", i))
	}
	w.Write(ws)
	w.Write(stream.Source{Kind: stream.KindSource, Name: "workspace", Dir: "/dev/shm/bench/ws", Inputs: inputs})
	w.Write(stream.Source{Kind: stream.KindSource, Name: "bench", Dir: "/dev/shm/bench/plugins", Inputs: []string{"/dev/shm/bench/plugins"}, Tree: tree})
	for i := range 515 {
		name := fmt.Sprintf("skill-%04d", i*2)
		w.Write(stream.Skill{Kind: stream.KindSkill, Name: name, Source: "bench", Dir: fmt.Sprintf("/dev/shm/bench/plugins/group-%02d/%s", i%20, name),
			Description: fmt.Sprintf("Generated skill %d for crate-%04d.", i*2, i), Crates: []string{fmt.Sprintf("crate-%04d>=1.0", i)}})
	}
	w.Flush()
	return in.Bytes()
}

// BenchmarkReadMatch is the orchestrator's reading of that stream.
func BenchmarkReadMatch(b *testing.B) {
	in := matchStreamAt1000()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := readMatch(bytes.NewReader(in), false); err != nil {
			b.Fatal(err)
		}
	}
}
