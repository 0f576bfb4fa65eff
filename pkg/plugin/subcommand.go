package plugin

// Plugin-vended subcommands (upstream md/design/subcommands.md): a
// [subcommand.<name>] table makes `cargo agents <name> ARGS...` run what
// its command names, an [[installations]] entry or an inline installation
// table, the same shape as a hook's command. Symposium owns the name, the
// workspace filtering and the description in `cargo agents --help`; the
// plugin's program owns its arguments, its --help and its exit status.

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/symposium-dev/symposium-go/pkg/cratepred"
	"github.com/symposium-dev/symposium-go/pkg/pos"
	"github.com/symposium-dev/symposium-go/pkg/stream"
)

// Subcommand is one [subcommand.<name>] table.
type Subcommand struct {
	Name        string
	Description string
	// Audience groups it in `cargo agents --help`: "agents" (the
	// default) or "humans". It does not gate running it.
	Audience string
	// Install is what it runs: an [[installations]] entry by name, or an
	// inline one (named after the subcommand, as upstream promotes it).
	Install InstallRef
	// Crates and Predicates are its own gate, ANDed with the plugin's.
	// Unlike a skill group's, they do not wake a dormant plugin: upstream
	// leaves subcommands out of the "names a dependency" test.
	Crates     cratepred.List
	HasCrates  bool
	Predicates []Pred
	Line       int
}

// Audiences of a subcommand.
const (
	AudienceAgents = "agents"
	AudienceHumans = "humans"
)

// subcommandFields are the fields of a [subcommand.<name>] table.
const subcommandFields = "description, audience, command, crates, depends-on, predicates"

// MaxSubcommandDescription is upstream's cap on a description (bytes).
const MaxSubcommandDescription = 1024

// ReservedSubcommands are cargo-agents' own command names: a plugin
// cannot shadow them (the builtin would win anyway, silently).
// pkg/cli/cargoagents' tests check that every builtin is listed.
var ReservedSubcommands = []string{"crate-info", "help", "hook", "init", "plugin", "search", "self-update", "status", "sync", "telemetry", "uninstall", "use"}

// subcommandSkip is a [subcommand.<name>] left out for a field this
// version does not read (or an installation that was left out): the rest
// of the plugin loads, as for any other part (unknown.go).
type subcommandSkip struct {
	name string
	line int
	msg  string
}

// parseSubcommands reads the [subcommand] table.
func parseSubcommands(path string, lines *lineIndex, v any, installNames, skippedInstalls map[string]bool) ([]Subcommand, []error, []subcommandSkip) {
	if v == nil {
		return nil, nil, nil
	}
	table, ok := v.(map[string]any)
	if !ok {
		return nil, []error{pos.Errorf(path, subcommandLine(lines, ""), 1, "subcommand must be a table of [subcommand.<name>] tables")}, nil
	}
	names := slices.Sorted(maps.Keys(table))
	var subs []Subcommand
	var errs []error
	var skips []subcommandSkip
	for _, name := range names {
		line := subcommandLine(lines, name)
		t, ok := table[name].(map[string]any)
		if !ok {
			errs = append(errs, pos.Errorf(path, line, 1, "subcommand.%s must be a table (description, command, ...)", name))
			continue
		}
		sc, e, skip := parseSubcommand(path, lines, name, line, t, installNames, skippedInstalls)
		if skip != nil {
			skips = append(skips, *skip)
			continue
		}
		errs = append(errs, e...)
		if len(e) == 0 {
			subs = append(subs, sc)
		}
	}
	return subs, errs, skips
}

// parseSubcommand reads one [subcommand.<name>] table.
func parseSubcommand(path string, lines *lineIndex, name string, line int, t map[string]any, installNames, skippedInstalls map[string]bool) (Subcommand, []error, *subcommandSkip) {
	where := "[subcommand." + name + "]"
	sc := Subcommand{Name: name, Audience: AudienceAgents, Line: line}
	var errs []error
	at := func(key string) int { return subcommandKey(lines, name, key, line) }
	bad := func(l int, format string, args ...any) {
		errs = append(errs, pos.Errorf(path, l, 1, "%s %s", where, fmt.Sprintf(format, args...)))
	}
	keys := slices.Sorted(maps.Keys(t))
	for _, k := range keys {
		if !slices.Contains(strings.Split(subcommandFields, ", "), k) {
			return sc, nil, &subcommandSkip{name, at(k), fmt.Sprintf("unknown field %q in %s (known: %s): skipping this subcommand, the rest of the plugin loads%s", k, where, subcommandFields, laterOr(k, subcommandFields))}
		}
	}
	if problem := checkSubcommandName(name); problem != "" {
		bad(line, "%s", problem)
	}
	sc.Description, sc.Audience = subcommandText(t, at, bad)
	if c, ok := t["command"].(string); ok && skippedInstalls[c] {
		return sc, nil, &subcommandSkip{name, at("command"), fmt.Sprintf("%s: command names installation %q, which was skipped: skipping this subcommand too; the rest of the plugin loads", where, c)}
	}
	install, e, skip := subcommandCommand(path, at("command"), where, t["command"], installNames)
	if skip != nil {
		return sc, nil, &subcommandSkip{name, at("command"), fmt.Sprintf("%v: skipping %s; the rest of the plugin loads", skip, where)}
	}
	errs = append(errs, e...)
	sc.Install = install
	errs = append(errs, sc.gate(path, lines, name, line, t)...)
	return sc, errs, nil
}

// subcommandText reads a subcommand's description and audience.
func subcommandText(t map[string]any, at func(string) int, bad func(int, string, ...any)) (description, audience string) {
	audience = AudienceAgents
	switch d := t["description"].(type) {
	case string:
		description = strings.TrimSpace(d)
		if description == "" {
			bad(at("description"), "has an empty description: say in one line what it does (cargo agents --help shows it)")
		}
		if len(d) > MaxSubcommandDescription {
			bad(at("description"), "description is %d bytes long: at most %d", len(d), MaxSubcommandDescription)
		}
	case nil:
		bad(at(""), "has no description: set description = \"<what it does, in one line>\" (cargo agents --help shows it)")
	default:
		bad(at("description"), "description must be a string")
	}
	switch a := t["audience"].(type) {
	case nil:
	case string:
		if a != AudienceAgents && a != AudienceHumans {
			bad(at("audience"), "audience = %q: must be \"agents\" (the default) or \"humans\"", a)
		}
		audience = a
	default:
		bad(at("audience"), "audience must be \"agents\" or \"humans\"")
	}
	return description, audience
}

// subcommandCommand reads a subcommand's command: the name of an
// [[installations]] entry, or an inline installation table. Unlike a
// hook's, a string is never a shell line (upstream: "A string names an
// [[installations]] entry"). skip is set when an inline installation
// holds a field this version does not read.
func subcommandCommand(path string, line int, where string, v any, installNames map[string]bool) (InstallRef, []error, error) {
	switch c := v.(type) {
	case string:
		if !installNames[c] {
			return InstallRef{}, []error{pos.Errorf(path, line, 1, "%s command = %q names no [[installations]] entry: declare one with that name, or write the installation inline: command = { script = \"<path in the plugin>\" }", where, c)}, nil
		}
		return InstallRef{Name: c, Line: line}, nil, nil
	case map[string]any:
		in, errs, skip := parseInstallation(path, line, where+" command", c, true)
		if skip != nil || in == nil {
			return InstallRef{}, errs, skip
		}
		return InstallRef{Inline: in, Line: line}, errs, nil
	case nil:
		return InstallRef{}, []error{pos.Errorf(path, line, 1, "%s has no command: set command = \"<installation name>\" or command = { script = \"…\" }", where)}, nil
	}
	return InstallRef{}, []error{pos.Errorf(path, line, 1, "%s command must be an installation name or a table", where)}, nil
}

// gate reads the subcommand's crates or depends-on (one list, two
// spellings) and its predicates.
func (sc *Subcommand) gate(path string, lines *lineIndex, name string, line int, t map[string]any) []error {
	var errs []error
	key, v := "crates", t["crates"]
	if d, ok := t["depends-on"]; ok {
		if v != nil {
			errs = append(errs, pos.Errorf(path, subcommandKey(lines, name, "depends-on", line), 1, "[subcommand.%s] both crates and depends-on are set: they are the same list; keep depends-on", name))
		}
		key, v = "depends-on", d
	}
	if v != nil {
		l, err := crateList(path, subcommandKey(lines, name, key, line), "[subcommand."+name+"] "+key, v)
		if err != nil {
			errs = append(errs, err)
		}
		sc.Crates, sc.HasCrates = l, true
	}
	if p, ok := t["predicates"]; ok {
		ps, e := predList(path, lines, subcommandSection(lines, name), 0, p)
		errs = append(errs, e...)
		sc.Predicates = ps
	}
	return errs
}

// checkSubcommandName says what is wrong with a subcommand's name, or "".
func checkSubcommandName(name string) string {
	if slices.Contains(ReservedSubcommands, name) {
		return fmt.Sprintf("shadows the built-in `cargo agents %s`: pick another name", name)
	}
	if name == "" || !isAlnum(name[0]) {
		return "name must start with a letter or digit"
	}
	for i := 0; i < len(name); i++ {
		if c := name[i]; !isAlnum(c) && c != '-' && c != '_' {
			return fmt.Sprintf("name %q has invalid characters (letters, digits, - and _)", name)
		}
	}
	return ""
}

func isAlnum(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// subcommandSection is the line index's name for [subcommand.<name>]
// (quoted or not), or "subcommand" when it is written inline.
func subcommandSection(lines *lineIndex, name string) string {
	for _, s := range lines.sections {
		if rest, ok := strings.CutPrefix(s.name, "subcommand."); ok && strings.Trim(strings.TrimSpace(rest), `"'`) == name {
			return s.name
		}
	}
	return "subcommand"
}

// subcommandLine is the line of the subcommand's header ([subcommand]
// itself for name "").
func subcommandLine(lines *lineIndex, name string) int {
	if name == "" {
		return lines.header("subcommand", 0)
	}
	if s := subcommandSection(lines, name); s != "subcommand" {
		return lines.header(s, 0)
	}
	return lines.key("subcommand", 0, name)
}

// subcommandKey is the line of key in the subcommand's table, or line.
func subcommandKey(lines *lineIndex, name, key string, line int) int {
	s := subcommandSection(lines, name)
	if s == "subcommand" {
		return line
	}
	return lines.key(s, 0, key)
}

// subcommandRecord resolves an applicable subcommand of m to its record:
// its argv (the installation's args, then the user's), environment, PATH
// and the installations it needs, exactly as a hook's command resolves.
func subcommandRecord(m *Manifest, sc *Subcommand, source, cache string) (stream.Subcommand, error) {
	rec := stream.Subcommand{Kind: stream.KindSubcommand, Plugin: m.Name, Source: source, Name: sc.Name, Description: sc.Description,
		Audience: sc.Audience, Dir: m.Dir, File: fmt.Sprintf("%s:%d", m.Path, sc.Line)}
	ref := sc.Install
	// resolveRun reads a hook; a subcommand is a hook's command without
	// an event, and its messages name the hook, so they are reworded.
	h := Hook{Name: sc.Name, Install: &ref, Line: sc.Line}
	run, err := resolveRun(m, &h, cache)
	if err != nil {
		return rec, fmt.Errorf("%s", strings.ReplaceAll(err.Error(), fmt.Sprintf("[[hooks]] %q", sc.Name), "[subcommand."+sc.Name+"]"))
	}
	rec.Exec, rec.Path, rec.Installations = run.exec, run.path, run.insts
	if len(run.env) > 0 {
		rec.Env = run.env
	}
	return rec, nil
}

// addSubcommands adds the subcommands of the active plugin m whose own
// gate holds, and explains the others. A broken installation reference
// skips that subcommand, not the plugin.
func (res *Result) addSubcommands(r *Resolver, ev *evaluator, m *Manifest, source string, shellOK bool) {
	for i := range m.Subcommands {
		sc := &m.Subcommands[i]
		file := fmt.Sprintf("%s:%d", m.Path, sc.Line)
		ev.plugin(m.Dir)
		if why := ev.level(sc.Crates, sc.HasCrates, sc.Predicates); why != "" {
			res.Rejected = append(res.Rejected, stream.Rejected{Kind: stream.KindRejected, What: "subcommand", Name: sc.Name, Reason: why, Plugin: m.Name, File: file})
			continue
		}
		rec, err := subcommandRecord(m, sc, source, r.Dirs.Cache)
		if err == nil && !shellOK {
			err = noShellCommands(m, sc.Line, rec.Installations)
		}
		if err != nil {
			r.warn("%v; subcommand %q of plugin %q is skipped", err, sc.Name, m.Name)
			res.Rejected = append(res.Rejected, stream.Rejected{Kind: stream.KindRejected, What: "subcommand", Name: sc.Name, Reason: err.Error(), Plugin: m.Name, File: file})
			continue
		}
		res.Subcommands = append(res.Subcommands, rec)
	}
}

// rejectSubcommands explains each subcommand of a plugin that did not
// apply, so running one says why rather than "unknown command".
func (res *Result) rejectSubcommands(m *Manifest, reason string) {
	for _, sc := range m.Subcommands {
		res.Rejected = append(res.Rejected, stream.Rejected{Kind: stream.KindRejected, What: "subcommand", Name: sc.Name, Reason: reason, Plugin: m.Name, File: fmt.Sprintf("%s:%d", m.Path, sc.Line)})
	}
}
