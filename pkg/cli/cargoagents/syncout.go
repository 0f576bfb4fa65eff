package cargoagents

import (
	"context"
	"fmt"
	"io"

	"github.com/symposium-dev/symposium-go/pkg/approval"
	"github.com/symposium-dev/symposium-go/pkg/cli"
	"github.com/symposium-dev/symposium-go/pkg/pipeline"
	"github.com/symposium-dev/symposium-go/pkg/stream"
)

// traceOf returns the decision trace for sum: the sync's own, or, when it
// ran no stage (nothing changed), that of a dry run, which writes nothing.
func traceOf(sum *pipeline.Summary, opts pipeline.Options) (pipeline.Trace, error) {
	if !sum.UpToDate {
		return sum.Trace, nil
	}
	opts.DryRun, opts.Explain = true, true
	dry, err := syncRun(context.Background(), opts)
	if err != nil {
		return pipeline.Trace{}, err
	}
	return dry.Trace, nil
}

// printTrace words the decision trace: what matched, each plugin's state,
// and what did not match and why (sym-match --explain's rejected records).
func printTrace(w io.Writer, t pipeline.Trace) {
	fmt.Fprintln(w, "decisions:")
	for _, s := range t.Skills {
		fmt.Fprintf(w, "  matched skill %s (%s)\n", s.Name, origin(s.Plugin, s.Source))
	}
	for _, h := range t.Hooks {
		fmt.Fprintf(w, "  matched hook %s on %s (%s)\n", h.Name, h.Event, origin(h.Plugin, h.Source))
	}
	for _, m := range t.MCPServers {
		fmt.Fprintf(w, "  matched MCP server %s (%s)\n", m.Name, origin(m.Plugin, m.Source))
	}
	for _, ps := range t.Statuses {
		line := fmt.Sprintf("  plugin %s: %s, %s", ps.Name, ps.State, ps.Root)
		if ps.Reason != "" {
			line += " (" + ps.Reason + ")"
		}
		fmt.Fprintln(w, line)
	}
	for _, r := range t.Rejected {
		what := r.What
		if r.Plugin != "" && r.What != "plugin" {
			what += " of plugin " + r.Plugin
		}
		fmt.Fprintf(w, "  not matched %s %s: %s\n", what, r.Name, r.Reason)
	}
	if len(t.Skills)+len(t.Hooks)+len(t.MCPServers)+len(t.Statuses)+len(t.Rejected) == 0 {
		fmt.Fprintln(w, "  (no plugin or skill was considered)")
	}
}

func origin(plugin, source string) string {
	if plugin == "" {
		return "standalone, source " + source
	}
	return "plugin " + plugin + ", source " + source
}

// writeSyncRecords is `sync --json`: the trace records (with -v), each
// action, gate and candidate record, then one sync record.
func writeSyncRecords(w cli.Records, sum *pipeline.Summary, trace *pipeline.Trace, dry bool) error {
	var recs []any
	if trace != nil {
		for _, r := range trace.Skills {
			recs = append(recs, r)
		}
		for _, r := range trace.Hooks {
			recs = append(recs, r)
		}
		for _, r := range trace.MCPServers {
			recs = append(recs, r)
		}
		for _, r := range trace.Statuses {
			recs = append(recs, r)
		}
		for _, r := range trace.Rejected {
			recs = append(recs, r)
		}
	}
	for _, a := range sum.Actions {
		recs = append(recs, a)
	}
	for _, g := range sum.Gates {
		recs = append(recs, g)
	}
	if trace == nil {
		for _, c := range sum.Candidates {
			recs = append(recs, c)
		}
	}
	s := stream.SyncSummary{Kind: stream.KindSync, Workspace: sum.WorkspaceRoot, UpToDate: sum.UpToDate, DryRun: dry, Changed: changed(sum.Actions), Approval: sum.Approval}
	s.Matched.Skills, s.Matched.Hooks, s.Matched.MCPServers = sum.Matched.Skills, sum.Matched.Hooks, sum.Matched.MCPServers
	recs = append(recs, s)
	for _, r := range recs {
		if err := w.Write(r); err != nil {
			return err
		}
	}
	return w.Flush()
}

// report prints what a sync did: records with --json, else the summary
// and, with -v, the decision trace.
func report(stdio cli.Stdio, g *globals, sum *pipeline.Summary, opts pipeline.Options) error {
	var trace *pipeline.Trace
	if g.Verbose {
		t, err := traceOf(sum, opts)
		if err != nil {
			return fmt.Errorf("the sync is done, but its decision trace could not be had: %w", err)
		}
		trace = &t
	}
	if g.JSON {
		return writeSyncRecords(g.records(stdio), sum, trace, opts.DryRun)
	}
	if !g.Quiet {
		printSummary(stdio.Out, sum, opts.DryRun, false)
		if sum.Approval != "" {
			fmt.Fprintf(stdio.Out, "note: %s (its skills are installed; its hooks, MCP servers, installations, chained plugins and subcommands wait)\n", approval.Reason(approval.State(sum.Approval)))
		}
	}
	if trace != nil {
		printTrace(stdio.Out, *trace)
	}
	return nil
}

// records is where a command run here writes its records: g.out, or
// plain JSON lines on stdout where runCommand opened none (tests).
func (g *globals) records(stdio cli.Stdio) cli.Records {
	if g.out != nil {
		return g.out
	}
	return stream.NewWriter(stdio.Out)
}
