package stream

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"github.com/symposium-dev/symposium-go/pkg/pos"
)

// Reader reads newline-delimited records.
type Reader struct {
	r    *bufio.Reader
	name string
	line int
}

// NewReader reads records from r; name is used in errors ("<stdin>").
func NewReader(r io.Reader, name string) *Reader {
	return &Reader{r: bufio.NewReaderSize(r, 64<<10), name: name}
}

// Next returns the next record, skipping blank lines; io.EOF at the end.
func (r *Reader) Next() (Raw, error) {
	raw, _, err := r.next(nil)
	return raw, err
}

// NextAction is Next for sym-install's stream, most of which is actions:
// an action record as sym-install writes it (flat, no escape) is decoded
// into a in the scan that checks it, and decoded is true (raw then has
// its Kind and Line, no Data); its strings share one allocation. Any
// other record is returned as Next returns it, and a is left alone. The
// orchestrator reads an action per file a sync writes, and checking each
// (KindOf), copying it, then decoding it field by field was most of its
// reading of the stream.
func (r *Reader) NextAction(a *Action) (raw Raw, decoded bool, err error) {
	return r.next(a)
}

// NextSkill is NextAction for sym-match's stream, most of which is
// skills: a skill record as sym-match writes it is decoded into s.
func (r *Reader) NextSkill(s *Skill) (raw Raw, decoded bool, err error) {
	return r.next(s)
}

// next reads the next record; with into (a *Action or *Skill), a record
// of its kind it can decode in one scan is decoded there.
func (r *Reader) next(into any) (Raw, bool, error) {
	for {
		line, err := r.readLine()
		if len(line) == 0 && err != nil {
			if errors.Is(err, io.EOF) {
				return Raw{}, false, io.EOF
			}
			return Raw{}, false, fmt.Errorf("%s: %w", r.name, err)
		}
		r.line++
		trimmed := trimSpace(line)
		if len(trimmed) == 0 {
			if err != nil {
				return Raw{}, false, io.EOF
			}
			continue
		}
		switch rec := into.(type) {
		case *Action:
			if decodeLine(trimmed, KindAction, rec) {
				return Raw{Kind: KindAction, Line: r.line}, true, nil
			}
		case *Skill:
			if decodeLine(trimmed, KindSkill, rec) {
				return Raw{Kind: KindSkill, Line: r.line}, true, nil
			}
		}
		kind, err := KindOf(trimmed)
		if err != nil {
			return Raw{}, false, pos.Errorf(r.name, r.line, 0, "%v", err)
		}
		// The line is the reader's buffer: the record keeps a copy.
		return Raw{Kind: kind, Line: r.line, Data: bytes.Clone(trimmed)}, false, nil
	}
}

// readLine reads up to and including the next newline, as ReadBytes does,
// but into the reader's own buffer (valid until the next read) unless the
// line is longer than it: a record that is decoded in place needs no copy.
func (r *Reader) readLine() ([]byte, error) {
	line, err := r.r.ReadSlice('\n')
	if !errors.Is(err, bufio.ErrBufferFull) {
		return line, err
	}
	long := bytes.Clone(line)
	for errors.Is(err, bufio.ErrBufferFull) {
		line, err = r.r.ReadSlice('\n')
		long = append(long, line...)
	}
	return long, err
}

// KindOf checks that line is one JSON object and returns its "kind". A
// stream is mostly records our stages wrote, whose kind comes first
// ({"kind":"skill",...}): for those it is read off the front, after one
// validating scan (flatValid's, for the flat records our stages write;
// else encoding/json's), instead of decoding the record twice (here and
// in Decode); any other record is decoded for its kind.
func KindOf(line []byte) (string, error) {
	const prefix = `{"kind":"`
	if rest, ok := bytes.CutPrefix(line, []byte(prefix)); ok {
		if i := bytes.IndexByte(rest, '"'); i > 0 && bytes.IndexByte(rest[:i], '\\') < 0 && !duplicateKind(rest[i:]) {
			if !flatValid(line) && !json.Valid(line) {
				return "", fmt.Errorf("not a JSON record: %v", json.Unmarshal(line, new(any)))
			}
			return internKind(rest[:i]), nil
		}
	}
	var head struct {
		Kind string `json:"kind"`
	}
	if err := json.Unmarshal(line, &head); err != nil {
		return "", fmt.Errorf("not a JSON record: %v", err)
	}
	if head.Kind == "" {
		return "", errors.New(`record has no "kind" field`)
	}
	return head.Kind, nil
}

// duplicateKind reports whether the rest of a record may set "kind" again
// (JSON's last value would win): then it is decoded the slow way.
func duplicateKind(rest []byte) bool {
	return bytes.Contains(rest, []byte(`"kind"`))
}

// internKind returns a known kind as the constant string, so that a
// record's kind costs no allocation. A scan of the dozen kinds, not a map
// built at package init, which every process linking streams (the hook
// among them) would pay for.
func internKind(kind []byte) string {
	for _, k := range AllKinds {
		if string(kind) == k {
			return k
		}
	}
	return string(kind)
}

// Decode unmarshals raw into v, naming the line on error.
func (r *Reader) Decode(raw Raw, v any) error {
	if err := json.Unmarshal(raw.Data, v); err != nil {
		return pos.Errorf(r.name, raw.Line, 0, "bad %s record: %v", raw.Kind, err)
	}
	return nil
}

func trimSpace(b []byte) []byte {
	for len(b) > 0 && (b[0] == ' ' || b[0] == '\t' || b[0] == '\r' || b[0] == '\n') {
		b = b[1:]
	}
	for len(b) > 0 && (b[len(b)-1] == ' ' || b[len(b)-1] == '\t' || b[len(b)-1] == '\r' || b[len(b)-1] == '\n') {
		b = b[:len(b)-1]
	}
	return b
}

// Writer writes one record per line. Call Flush at the end.
type Writer struct {
	w   *bufio.Writer
	enc *json.Encoder
	buf []byte // a record appendAction wrote
}

// NewWriter writes records to w.
func NewWriter(w io.Writer) *Writer {
	bw := bufio.NewWriter(w)
	enc := json.NewEncoder(bw)
	enc.SetEscapeHTML(false)
	return &Writer{w: bw, enc: enc}
}

// Write encodes one record (a struct with its Kind set). An action, a
// skill or a dep of plain strings is appended by hand, in the same bytes
// (fastencode.go).
func (w *Writer) Write(v any) error {
	plain := false
	switch r := v.(type) {
	case Action:
		w.buf, plain = appendAction(w.buf[:0], &r)
	case Skill:
		w.buf, plain = appendSkill(w.buf[:0], &r)
	case Dep:
		w.buf, plain = appendDep(w.buf[:0], &r)
	}
	if plain {
		_, err := w.w.Write(w.buf)
		return err
	}
	return w.enc.Encode(v)
}

// WriteAction is Write for an action, given by pointer: boxed in an
// interface, each of sym-install's actions cost an allocation.
func (w *Writer) WriteAction(a *Action) error {
	var plain bool
	if w.buf, plain = appendAction(w.buf[:0], a); plain {
		_, err := w.w.Write(w.buf)
		return err
	}
	return w.enc.Encode(a)
}

// WriteRaw forwards a record's bytes unchanged.
func (w *Writer) WriteRaw(raw Raw) error {
	if _, err := w.w.Write(raw.Data); err != nil {
		return err
	}
	return w.w.WriteByte('\n')
}

// Flush flushes buffered records.
func (w *Writer) Flush() error { return w.w.Flush() }
