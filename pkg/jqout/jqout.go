// Package jqout is the --jq flag of the commands that print JSON: as gh's
// --jq does, it runs a jq expression (gojq) over the command's JSON answer
// and prints each result on a line of its own, strings raw and everything
// else as compact JSON. It lives apart from pkg/cli so that only the
// commands with such a flag link gojq; the hook path never does.
package jqout

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"

	"github.com/itchyny/gojq"

	"github.com/symposium-dev/symposium-go/pkg/cli"
)

// Filter is a compiled --jq expression.
type Filter struct {
	expr string
	code *gojq.Code
}

// Compile parses expr. A bad expression is the caller's mistake: a usage
// error (exit 2) that quotes it.
func Compile(expr string) (*Filter, error) {
	q, err := gojq.Parse(expr)
	if err == nil {
		var code *gojq.Code
		if code, err = gojq.Compile(q); err == nil {
			return &Filter{expr: expr, code: code}, nil
		}
	}
	return nil, cli.Usagef("--jq %q: %v", expr, err)
}

// Print runs the filter over v (anything encoding/json can marshal) and
// writes the results to w.
func (f *Filter) Print(w io.Writer, v any) error {
	// gojq works on the generic shapes json.Unmarshal produces, so the
	// value goes through its own JSON first: field names and omitempty are
	// then exactly those of --json.
	data, err := json.Marshal(v)
	if err != nil {
		return err
	}
	var in any
	if err := json.Unmarshal(data, &in); err != nil {
		return err
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	iter := f.code.Run(in)
	for {
		out, ok := iter.Next()
		if !ok {
			break
		}
		if err, isErr := out.(error); isErr {
			if h, halt := err.(*gojq.HaltError); halt && h.Value() == nil {
				break
			}
			_, _ = w.Write(buf.Bytes())
			return fmt.Errorf("--jq %q: %w", f.expr, err)
		}
		if s, isString := out.(string); isString {
			buf.WriteString(s)
			buf.WriteByte('\n')
			continue
		}
		if err := enc.Encode(out); err != nil {
			return fmt.Errorf("--jq %q: %w", f.expr, err)
		}
	}
	_, err = w.Write(buf.Bytes())
	return err
}
