package pipeline

import (
	"errors"
	"io"
	"time"

	"github.com/symposium-dev/symposium-go/pkg/approval"
	"github.com/symposium-dev/symposium-go/pkg/stream"
)

// matchResult is what the sync keeps of sym-match's stream: the summary's
// part of it, and what the stored state stamps and notes.
type matchResult struct {
	sum Summary // WorkspaceRoot, Matched, Approval, Statuses, Candidates, Trace

	workspace    stream.Workspace
	hooks        []stream.Hook
	inputs       []string // the workspace's Cargo.toml files and Cargo.lock
	sourceInputs []string
	sourceTree   []string
	refresh      []string
	unread       []string // sources that could not be read
	snapshot     []string // sources served from the built-in snapshot
	skillDirs    []string
	localDirs    []string // local sources' directories
	dormant      int
}

// skillDir is the one field of a skill record the sync needs (without
// --explain): decoding only it keeps the cost per matched skill small.
type skillDir struct {
	Dir string `json:"dir"`
}

// readMatch reads sym-match's stream. With explain it keeps every record
// of the decision trace too; without, its skills, most of it, are decoded
// as they are read (Reader.NextSkill), for their directory.
func readMatch(r io.Reader, explain bool) (*matchResult, error) {
	m := &matchResult{}
	rd := stream.NewReader(r, "sym-match output")
	for {
		var raw stream.Raw
		var err error
		if explain {
			raw, err = rd.Next()
		} else {
			var sk stream.Skill
			var decoded bool
			if raw, decoded, err = rd.NextSkill(&sk); decoded {
				m.addSkill(sk.Dir)
				continue
			}
		}
		if errors.Is(err, io.EOF) {
			break
		}
		if err == nil && explain {
			err = m.sum.Trace.add(rd, raw)
		}
		if err == nil {
			err = m.add(rd, raw, explain)
		}
		if err != nil {
			return nil, err
		}
	}
	m.sum.Matched.Hooks = len(m.hooks)
	return m, nil
}

// addSkill counts a matched skill, installed from dir.
func (m *matchResult) addSkill(dir string) {
	m.sum.Matched.Skills++
	m.skillDirs = append(m.skillDirs, dir)
}

// add takes one record of the match stream; with traced, a skill record
// was decoded into the trace already.
func (m *matchResult) add(rd *stream.Reader, raw stream.Raw, traced bool) error {
	switch raw.Kind {
	case stream.KindWorkspace:
		if err := rd.Decode(raw, &m.workspace); err != nil {
			return err
		}
		m.sum.WorkspaceRoot = m.workspace.Root
		m.inputs = append(m.inputs, m.workspace.Inputs...)
	case stream.KindSource:
		var src stream.Source
		if err := rd.Decode(raw, &src); err != nil {
			return err
		}
		m.addSource(src)
	case stream.KindSkill:
		var sk skillDir
		var full stream.Skill
		switch {
		case traced:
			sk.Dir = m.sum.Trace.Skills[len(m.sum.Trace.Skills)-1].Dir
		case stream.DecodeSkill(raw.Data, &full):
			sk.Dir = full.Dir
		default:
			if err := rd.Decode(raw, &sk); err != nil {
				return err
			}
		}
		m.addSkill(sk.Dir)
	case stream.KindHook:
		var h stream.Hook
		if err := rd.Decode(raw, &h); err != nil {
			return err
		}
		m.hooks = append(m.hooks, h)
	case stream.KindMCPServer:
		m.sum.Matched.MCPServers++
	case stream.KindPluginStatus:
		var ps stream.PluginStatus
		if err := rd.Decode(raw, &ps); err != nil {
			return err
		}
		m.addStatus(ps)
	}
	return nil
}

func (m *matchResult) addSource(src stream.Source) {
	m.sourceInputs = append(m.sourceInputs, src.Inputs...)
	if src.Checked != "" {
		m.refresh = append(m.refresh, src.Checked)
	}
	m.sourceTree = append(m.sourceTree, src.Tree...)
	if src.Dir != "" && src.Git == "" && !src.Embedded {
		m.localDirs = append(m.localDirs, src.Dir)
	}
	switch {
	case src.Dir == "":
		m.unread = append(m.unread, src.Name)
	case src.Embedded:
		m.snapshot = append(m.snapshot, src.Name)
	}
}

func (m *matchResult) addStatus(ps stream.PluginStatus) {
	if ps.Approval == string(approval.Changed) || ps.Approval == string(approval.Awaiting) && m.sum.Approval == "" {
		m.sum.Approval = ps.Approval
	}
	m.sum.Statuses = append(m.sum.Statuses, ps)
	switch ps.State {
	case stream.StateCandidate:
		m.sum.Candidates = append(m.sum.Candidates, ps)
	case stream.StateDormant:
		m.dormant++
	}
}

// notes are the session-start notes the stored state carries.
func (m *matchResult) notes() []string {
	notes := sourceNotes(m.unread, m.snapshot)
	notes = append(notes, approvalNotes(m.sum.Approval)...)
	return append(notes, pluginNotes(m.sum.Candidates, m.dormant)...)
}

// fingerprint is what the stored state stamps of this sync.
func (m *matchResult) fingerprint(actions []stream.Action, start time.Time) fingerprint {
	return fingerprint{
		workspace: m.inputs, sources: m.sourceInputs, sourceTree: m.sourceTree, actions: actions, refresh: m.refresh,
		skillDirs: under(m.skillDirs, m.localDirs), unread: m.unread, start: start,
	}
}

// add keeps one record of the decision trace.
func (t *Trace) add(rd *stream.Reader, raw stream.Raw) error {
	var v any
	switch raw.Kind {
	case stream.KindSkill:
		t.Skills = append(t.Skills, stream.Skill{})
		v = &t.Skills[len(t.Skills)-1]
	case stream.KindHook:
		t.Hooks = append(t.Hooks, stream.Hook{})
		v = &t.Hooks[len(t.Hooks)-1]
	case stream.KindMCPServer:
		t.MCPServers = append(t.MCPServers, stream.MCPServer{})
		v = &t.MCPServers[len(t.MCPServers)-1]
	case stream.KindPluginStatus:
		t.Statuses = append(t.Statuses, stream.PluginStatus{})
		v = &t.Statuses[len(t.Statuses)-1]
	case stream.KindRejected:
		t.Rejected = append(t.Rejected, stream.Rejected{})
		v = &t.Rejected[len(t.Rejected)-1]
	default:
		return nil
	}
	return rd.Decode(raw, v)
}

// installResult is what the sync keeps of sym-install's stream.
type installResult struct {
	actions    []stream.Action
	gates      []stream.Gate
	gateInputs []string
}

// readInstall reads sym-install's stream. Its actions, nearly all of it,
// are decoded as they are read (Reader.NextAction).
func readInstall(r io.Reader) (installResult, error) {
	var res installResult
	rd := stream.NewReader(r, "sym-install output")
	for {
		res.actions = append(res.actions, stream.Action{})
		raw, decoded, err := rd.NextAction(&res.actions[len(res.actions)-1])
		if decoded {
			continue
		}
		res.actions = res.actions[:len(res.actions)-1]
		if err == nil {
			err = res.add(rd, raw)
		}
		if err != nil {
			if len(res.actions) == 0 {
				res.actions = nil // as before: none is nil
			}
			if errors.Is(err, io.EOF) {
				err = nil
			}
			return res, err
		}
	}
}

// add takes one record of sym-install's stream that NextAction did not
// decode.
func (res *installResult) add(rd *stream.Reader, raw stream.Raw) error {
	switch raw.Kind {
	case stream.KindAction:
		res.actions = append(res.actions, stream.Action{})
		if a := &res.actions[len(res.actions)-1]; !stream.DecodeAction(raw.Data, a) {
			return rd.Decode(raw, a)
		}
		return nil
	case stream.KindGate:
		res.gates = append(res.gates, stream.Gate{})
		return rd.Decode(raw, &res.gates[len(res.gates)-1])
	case stream.KindGateInput:
		var in stream.GateInput
		if err := rd.Decode(raw, &in); err != nil {
			return err
		}
		res.gateInputs = append(res.gateInputs, in.Path)
	}
	return nil
}
