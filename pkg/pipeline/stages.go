package pipeline

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"

	"github.com/symposium-dev/symposium-go/pkg/cargofind"
	"github.com/symposium-dev/symposium-go/pkg/proc"
)

// stages are the three stage commands of one sync, built but not started.
type stages struct{ deps, match, inst *exec.Cmd }

// stageCmds builds the stage commands with the arguments opts asks for.
func stageCmds(ctx context.Context, opts Options) (stages, error) {
	var s stages
	var err error
	if s.deps, err = stage(ctx, opts.Executable, "sym-deps", opts.Dir, diagArgs(opts, nil)); err != nil {
		return s, err
	}
	if s.match, err = stage(ctx, opts.Executable, "sym-match", opts.Dir, diagArgs(opts, matchArgs(opts))); err != nil {
		return s, err
	}
	s.inst, err = stage(ctx, opts.Executable, "sym-install", opts.Dir, diagArgs(opts, installArgs(opts)))
	return s, err
}

// diagArgs adds --json to a stage's args when the sync's own output is
// records: the stage then writes its diagnostics as records, which the
// sync relays (recordRelay).
func diagArgs(opts Options, args []string) []string {
	if opts.JSON {
		args = append(args, "--json")
	}
	return args
}

func matchArgs(opts Options) []string {
	args := []string{"--update", opts.Update}
	for _, a := range opts.AcceptDigest {
		args = append(args, "--accept-digest", a)
	}
	if opts.Explain {
		args = append(args, "--explain")
	}
	return args
}

func installArgs(opts Options) []string {
	args := []string{}
	if opts.DryRun {
		args = append(args, "--dry-run")
	}
	if opts.Update == "offline" {
		// A hook's auto-sync: no cargo build, no download.
		args = append(args, "--offline")
	}
	for _, a := range opts.AcceptDigest {
		args = append(args, "--accept-digest", a)
	}
	return args
}

// ran is what the three stages did: each one's exit, its diagnostics, and
// what their streams said.
type ran struct {
	errDeps, errMatch, errInst error
	depsErr, matchErr          bytes.Buffer
	instErr                    *heldWriter
	// records relays the stages' diagnostic records (Options.JSON; nil
	// otherwise), and instRecords is sym-install's part of it.
	records     *recordRelay
	instRecords *stageRelay

	match          *matchResult
	matchReadErr   error // sym-match's stream did not parse
	install        installResult
	installReadErr error
}

// run starts the stages joined by OS pipes and waits for them. The match
// stream is read as it passes from sym-match to sym-install, and the
// action stream as sym-install writes it, so the orchestrator holds
// neither whole and its decoding overlaps the stages' work. OS pipes make a
// stage that exits early fail its writer at once instead of blocking.
func (s stages) run(opts Options) (*ran, error) {
	// sym-install's stderr is held until the stages before it succeeded
	// (a failure there starves it, and only the first failure is the
	// user's to read), then passed through as it comes: installing a
	// hook's tool can take minutes and must be seen.
	r := &ran{instErr: &heldWriter{live: !opts.Quiet, w: opts.Stderr}}
	if opts.JSON {
		r.records = newRecordRelay(opts.Stderr, opts.Quiet)
		r.instRecords = r.records.stage("sym-install")
		r.instErr.w = r.instRecords
	}
	p, err := pipes(4)
	if err != nil {
		return nil, err
	}
	depsOut, matchOut, instIn, instOut := p[0], p[1], p[2], p[3]
	s.deps.Stdout, s.deps.Stderr = depsOut.w, &r.depsErr
	s.match.Stdin, s.match.Stdout, s.match.Stderr = depsOut.r, matchOut.w, &r.matchErr
	s.inst.Stdin, s.inst.Stdout, s.inst.Stderr = instIn.r, instOut.w, r.instErr
	err = startAll(s.deps, s.match, s.inst)
	// The children hold their own copies of these ends.
	for _, f := range []*os.File{depsOut.w, depsOut.r, matchOut.w, instIn.r, instOut.w} {
		f.Close()
	}
	if err != nil {
		matchOut.r.Close()
		instIn.w.Close()
		instOut.r.Close()
		for _, c := range []*exec.Cmd{s.deps, s.match, s.inst} {
			if c.Process != nil {
				c.Wait() // it fails on its closed pipes
			}
		}
		return nil, err
	}
	matched, copied := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(matched)
		r.match, r.matchReadErr = teeMatch(matchOut.r, instIn.w, opts.Explain, copied)
	}()
	installed := make(chan struct{})
	go func() {
		defer close(installed)
		r.install, r.installReadErr = readInstall(instOut.r)
		io.Copy(io.Discard, instOut.r) // a stream that did not parse: let sym-install finish
		instOut.r.Close()
	}()
	r.errDeps = s.deps.Wait()
	r.errMatch = s.match.Wait()
	ok := r.errDeps == nil && r.errMatch == nil
	<-copied
	endInput(s.inst, instIn.w, ok)
	r.instErr.release(ok)
	<-matched
	r.errInst = s.inst.Wait()
	if r.instRecords != nil && r.instErr.live {
		r.instRecords.end(r.errInst) // Wait copied all its stderr
	}
	<-installed
	return r, nil
}

type pipe struct{ r, w *os.File }

// pipes makes n OS pipes, or none.
func pipes(n int) ([]pipe, error) {
	p := make([]pipe, n)
	for i := range p {
		var err error
		if p[i].r, p[i].w, err = os.Pipe(); err != nil {
			for _, q := range p[:i] {
				q.r.Close()
				q.w.Close()
			}
			return nil, err
		}
	}
	return p, nil
}

// endInput ends sym-install's stdin w once the stages before it have
// exited: when both succeeded, by closing it (the end of a whole stream);
// when one failed, by killing sym-install first. sym-install reads its
// whole stream before it touches anything, so a stream that ends is one it
// acts on, and the part a failed stage wrote before it failed (the real
// sym-match writes a large workspace record at once) says "nothing
// matched": acted on, it would remove every skill installed before. Killed
// while it waits for the end, it has done nothing.
func endInput(inst *exec.Cmd, w io.Closer, stagesOK bool) {
	if !stagesOK && inst.Process != nil {
		_ = inst.Process.Kill()
	}
	w.Close()
}

// teeMatch passes sym-match's stream r on to sym-install's stdin w while
// reading it, closes r at its end and copied once all of it is written to
// w, which it leaves open (endInput ends it). A stream that does not parse
// is still passed on whole (sym-install reports it too).
func teeMatch(r io.ReadCloser, w io.Writer, explain bool, copied chan<- struct{}) (m *matchResult, err error) {
	tee(r, w, copied, func(rd io.Reader) { m, err = readMatch(rd, explain) })
	return m, err
}

// tee copies r to w as it comes, closing r at its end and then copied, and
// meanwhile runs read on what it copied. The copy does not wait for read:
// sym-install gets each part of the match stream, and its end, when
// sym-match writes it, not when the orchestrator has decoded it. read
// need not read to the end (a stream that does not parse).
func tee(r io.ReadCloser, w io.Writer, copied chan<- struct{}, read func(io.Reader)) {
	chunks := make(chan []byte, 256) // bounded: a copy that is far ahead waits
	go func() {
		defer close(chunks)
		defer close(copied)
		defer r.Close()
		sw := &survivingWriter{w: w}
		for {
			buf := make([]byte, 32<<10)
			n, err := r.Read(buf)
			if n > 0 {
				sw.Write(buf[:n])
				chunks <- buf[:n]
			}
			if err != nil {
				return
			}
		}
	}()
	read(&chunkReader{chunks: chunks})
	for range chunks {
	}
}

// chunkReader reads the chunks tee copied, in order.
type chunkReader struct {
	chunks <-chan []byte
	rest   []byte
}

func (c *chunkReader) Read(p []byte) (int, error) {
	for len(c.rest) == 0 {
		b, ok := <-c.chunks
		if !ok {
			return 0, io.EOF
		}
		c.rest = b
	}
	n := copy(p, c.rest)
	c.rest = c.rest[n:]
	return n, nil
}

// failure relays the stages' diagnostics (only the first failure is the
// user's to read: it starves the stages after it) and returns the first
// failure of sym-deps or sym-match, or of reading the match stream.
func (r *ran) failure(opts Options) error {
	var ee *exec.ExitError
	notFound := errors.As(r.errDeps, &ee) && ee.ExitCode() == cargofind.ExitNotFound
	// With --json, no workspace is the sync's own error record (it says
	// where to run the sync): sym-deps' would report it twice.
	if !notFound || r.records == nil {
		r.relay(opts, "sym-deps", &r.depsErr, r.errDeps)
	}
	if r.errDeps == nil {
		r.relay(opts, "sym-match", &r.matchErr, r.errMatch)
	}
	if r.errDeps == nil && r.errMatch == nil && !r.instErr.live {
		r.relay(opts, "sym-install", &r.instErr.buf, r.errInst)
	}
	if r.errDeps != nil {
		if notFound {
			return ErrNotWorkspace
		}
		return stageErr("sym-deps", r.errDeps, r.depsErr.String())
	}
	if r.errMatch != nil {
		return stageErr("sym-match", r.errMatch, r.matchErr.String())
	}
	return r.matchReadErr
}

// relay writes the held stderr b of stage prog, which exited with err:
// as it is (with Quiet, only a failed stage's), or with --json through
// the record relay.
func (r *ran) relay(opts Options, prog string, b *bytes.Buffer, err error) {
	if r.records != nil {
		s := r.records.stage(prog)
		s.Write(b.Bytes())
		s.end(err)
		return
	}
	if b.Len() > 0 && (!opts.Quiet || err != nil) {
		opts.Stderr.Write(b.Bytes())
	}
}

// startAll starts the commands in order (with proc.Start: on Windows, in
// the job that ends them with the orchestrator); on a failure the ones started
// are left to fail on their closed pipes.
func startAll(cmds ...*exec.Cmd) error {
	for _, c := range cmds {
		if err := proc.Start(c); err != nil {
			return fmt.Errorf("starting %s: %w", filepath.Base(c.Path), err)
		}
	}
	return nil
}

// survivingWriter writes to w until a write fails (its reader, sym-install,
// exited), then drops the rest: the match stream is still read to its end.
type survivingWriter struct {
	w    io.Writer
	dead bool
}

func (s *survivingWriter) Write(p []byte) (int, error) {
	if !s.dead {
		if _, err := s.w.Write(p); err != nil {
			s.dead = true
		}
	}
	return len(p), nil
}
