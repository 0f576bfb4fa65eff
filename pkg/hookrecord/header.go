// Package hookrecord reads and writes the header of a workspace's hook
// record: the fingerprint a hook call checks (one stamp per input), the
// part of the user's config a hook call needs, and where the stored plugin
// hooks of each event and matcher are. pkg/syncstate stores the record
// and decodes its hooks; this package is what of it the hook path reads
// on every call, and it links no JSON, TOML, fmt or regexp code, so that
// the lean sym-hook (pkg/hookfast) can answer a call with it alone.
package hookrecord

import (
	"bytes"
	"errors"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/symposium-dev/symposium-go/pkg/sha256"
)

// HeaderLine starts every hook record; its number is the format version. A
// record of another version reads as "none" (sync again).
const HeaderLine = "symposium hook record 3"

// modTimeCutoff: an input modified this recently may still be changing
// within its mtime granularity, so a fingerprint covering it is not trusted
// (as cmd/go's module index does).
const modTimeCutoff = 2 * time.Second

// Header is a hook record's header.
type Header struct {
	WorkspaceRoot string
	Extra         string // digest of non-file inputs (agent list, scope, binary version)
	Trusted       bool   // false when an input was too fresh to trust
	// Inputs are what every hook call stats: the workspace's manifests and
	// lockfile, the config, the binary, each plugin source's root and git
	// refs, and the directories skills were installed into.
	Inputs Stamps
	// Groups index the stored hooks by event and matcher.
	Groups []HookGroup
	// Config is what a hook call needs of the user's config, as the sync
	// read it; nil when not stored.
	Config *HookConfig
	// Notes are short lines for the user, told at the start of a session
	// (a plugin source that could not be brought up to date, plugins
	// waiting for consent): what to run.
	Notes []string

	// configFresh is 1 + the index in Inputs of the config file's stamp
	// once ConfigIfCurrent found it fresh (0: not checked), which Fresh
	// then does not stat again: both run on every hook call.
	configFresh int
}

// HookGroup is the hooks of one event and matcher, stored as one JSON line
// after the header, so a hook call reads and decodes only the groups its
// event and tool select, however many hooks the catalogue matched.
type HookGroup struct {
	Event   string
	Matcher string
	At, Len int64 // where the line is, from the end of the header
}

// HookConfig is what a hook call needs of the user's config file. The
// hook record keeps it so that a hook call does not parse an unchanged
// config file again (the file is one of the record's inputs).
type HookConfig struct {
	File      string // the config file it was read from
	Agents    []string
	HookScope string
	AutoSync  bool
	LogLevel  string
	// Refresh are the check stamps of the auto-update git sources
	// (plugin sources' "<clone>.checked"), and RefreshInterval their
	// debounce: the hook notes a refresh as due without doing it.
	Refresh         []string
	RefreshInterval time.Duration
}

// ConfigIfCurrent returns the stored config when it was read from file
// and file is as the sync saw it; nil otherwise (parse the file).
func (h *Header) ConfigIfCurrent(file string) *HookConfig {
	if h == nil || !h.Trusted || h.Config == nil || h.Config.File != file {
		return nil
	}
	for i, in := range h.Inputs {
		if in.Path == file {
			if StampsFresh(h.Inputs[i : i+1]) {
				h.configFresh = i + 1
				return h.Config
			}
			return nil
		}
	}
	return nil
}

// Fresh reports whether the stored fingerprint still describes the inputs
// on disk and the given extra digest. An untrusted record is never fresh.
func (h *Header) Fresh(extra string) bool {
	if h == nil || !h.Trusted || h.Extra != extra {
		return false
	}
	if i := h.configFresh; i > 0 {
		return StampsFresh(h.Inputs[:i-1]) && StampsFresh(h.Inputs[i:])
	}
	return StampsFresh(h.Inputs)
}

// Extra is the digest of the inputs that are not files: the configured
// agents (in any order), the hook scope and the binary's version. Sync
// stores it in Header.Extra and the hook path passes it to Fresh, so both
// must compute it here.
func Extra(agents []string, hookScope, version string) string {
	sorted := slices.Clone(agents)
	slices.Sort(sorted)
	h := sha256.New()
	for _, a := range sorted {
		h.Write([]byte(a))
		h.Write([]byte{0})
	}
	h.Write([]byte{1})
	h.Write([]byte(hookScope))
	h.Write([]byte{0})
	h.Write([]byte(version))
	return hexString(h.Sum(nil))
}

// hexString is b in lower-case hex (encoding/hex would link fmt).
func hexString(b []byte) string {
	const digits = "0123456789abcdef"
	out := make([]byte, 2*len(b))
	for i, c := range b {
		out[2*i], out[2*i+1] = digits[c>>4], digits[c&15]
	}
	return string(out)
}

// readHeader reads f's header, in chunks until the empty line that ends
// it. It returns the header's lines, what it read of the body after them
// and the body's length; whole says the body was read entirely. A file
// that is not a hook record gives a nil header and no error.
func readHeader(f *os.File) (header, body []byte, bodyLen int64, whole bool, err error) {
	buf := make([]byte, 8<<10)
	n, end := 0, -1
	for end < 0 {
		m, err := f.Read(buf[n:])
		n += m
		end = bytes.Index(buf[:n], []byte("\n\n"))
		switch {
		case end >= 0:
		case err == io.EOF || m == 0:
			return nil, nil, 0, true, nil // no end of header: not a record of ours
		case err != nil:
			return nil, nil, 0, true, err
		case n == len(buf):
			buf = append(buf, make([]byte, len(buf))...)
		}
	}
	fi, err := f.Stat()
	if err != nil {
		return nil, nil, 0, true, err
	}
	bodyAt := int64(end + 2)
	return buf[:end+1], buf[bodyAt:n], fi.Size() - bodyAt, fi.Size() == int64(n), nil
}

// parseHeader parses a hook record's header lines (readHeader's header);
// bodyLen bounds where its groups may point. It returns nil for a header
// that is not of this format.
func parseHeader(header []byte, bodyLen int64) *Header {
	h := &Header{}
	lines := strings.Split(string(header), "\n")
	if len(lines) < 2 || lines[0] != HeaderLine {
		return nil
	}
	for _, l := range lines[1 : len(lines)-1] {
		kind, val, _ := strings.Cut(l, " ")
		if err := h.parseLine(kind, val, bodyLen); err != nil {
			return nil
		}
	}
	return h
}

// parseLine reads one header line, its kind and its value.
func (h *Header) parseLine(kind, val string, bodyLen int64) (err error) {
	switch kind {
	case "root":
		h.WorkspaceRoot, err = unfield(val)
	case "extra":
		h.Extra = val
	case "trusted":
		h.Trusted = val == "true"
	case "in":
		var s FileStamp
		if s, err = ParseStamp(val); err == nil {
			h.Inputs = append(h.Inputs, s)
		}
	case "config-file":
		h.config().File, err = unfield(val)
	case "config-agents":
		if val != "" {
			h.config().Agents = strings.Split(val, ",")
		}
	case "config-hook-scope":
		h.config().HookScope = val
	case "config-auto-sync":
		h.config().AutoSync = val == "true"
	case "config-log-level":
		h.config().LogLevel = val
	case "note":
		var n string
		if n, err = unfield(val); err == nil {
			h.Notes = append(h.Notes, n)
		}
	case "config-refresh-interval":
		h.config().RefreshInterval, err = time.ParseDuration(val)
	case "config-refresh":
		var p string
		if p, err = unfield(val); err == nil {
			h.config().Refresh = append(h.config().Refresh, p)
		}
	case "group":
		var g HookGroup
		if g, err = parseGroup(val); err == nil && g.At+g.Len > bodyLen {
			err = errors.New("group past the end")
		}
		h.Groups = append(h.Groups, g)
	}
	return err
}

func (h *Header) config() *HookConfig {
	if h.Config == nil {
		h.Config = &HookConfig{}
	}
	return h.Config
}

// errGroup is a group line that does not parse.
var errGroup = errors.New("group: want AT LEN EVENT MATCHER")

// parseGroup reads "AT LEN EVENT MATCHER".
func parseGroup(val string) (HookGroup, error) {
	f := strings.SplitN(val, " ", 4)
	if len(f) != 4 {
		return HookGroup{}, errGroup
	}
	at, err1 := strconv.ParseInt(f[0], 10, 64)
	n, err2 := strconv.ParseInt(f[1], 10, 64)
	matcher, err3 := unfield(f[3])
	if err := errors.Join(err1, err2, err3); err != nil || at < 0 || n < 0 {
		return HookGroup{}, errGroup
	}
	return HookGroup{Event: f[2], Matcher: matcher, At: at, Len: n}, nil
}

// Append appends h as stored, with its Groups, up to the empty line that
// ends the header. A path or matcher with a line break is quoted.
func (h *Header) Append(b []byte) ([]byte, error) {
	b = append(b, HeaderLine+"\nroot "+field(h.WorkspaceRoot)+"\nextra "+h.Extra+"\ntrusted "+strconv.FormatBool(h.Trusted)+"\n"...)
	for _, s := range h.Inputs {
		b = append(s.AppendTo(append(b, "in "...)), '\n')
	}
	if c := h.Config; c != nil {
		for _, v := range append([]string{c.HookScope, c.LogLevel}, c.Agents...) {
			if strings.ContainsAny(v, " ,\n\r") {
				return nil, errors.New("config value " + strconv.Quote(v))
			}
		}
		b = append(b, "config-file "+field(c.File)+"\nconfig-agents "+strings.Join(c.Agents, ",")+
			"\nconfig-hook-scope "+c.HookScope+"\nconfig-auto-sync "+strconv.FormatBool(c.AutoSync)+
			"\nconfig-log-level "+c.LogLevel+"\n"...)
		if len(c.Refresh) > 0 {
			b = append(b, "config-refresh-interval "+c.RefreshInterval.String()+"\n"...)
			for _, p := range c.Refresh {
				b = append(b, "config-refresh "+field(p)+"\n"...)
			}
		}
	}
	for _, n := range h.Notes {
		b = append(b, "note "+field(n)+"\n"...)
	}
	for _, g := range h.Groups {
		b = append(b, "group "...)
		b = strconv.AppendInt(b, g.At, 10)
		b = append(b, ' ')
		b = strconv.AppendInt(b, g.Len, 10)
		b = append(b, " "+g.Event+" "+field(g.Matcher)+"\n"...)
	}
	return append(b, '\n'), nil
}

// field is s as the last field of a record line: as is, unless it is
// empty, starts with a quote or holds a line break; then Go-quoted.
func field(s string) string {
	if s == "" || s[0] == '"' || strings.ContainsAny(s, "\n\r") {
		return strconv.Quote(s)
	}
	return s
}

// unfield reads what field wrote.
func unfield(s string) (string, error) {
	if strings.HasPrefix(s, `"`) {
		return strconv.Unquote(s)
	}
	return s, nil
}
