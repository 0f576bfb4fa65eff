package agent

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"
)

// Most agents read skills from several project directories, and a skill
// found in two of them is a problem for most: Codex lists it once per
// directory, OpenCode picks one at random from run to run and warns,
// Gemini CLI warns and takes the last. So skills are not installed into
// each agent's own directory but into the fewest directories such that
// each configured agent reads each skill from exactly one of them.

// Reads returns the project-relative skills directories a loads skills
// from: SkillReads, or SkillDir alone.
func (a *Agent) Reads() []string {
	if len(a.SkillReads) > 0 {
		return a.SkillReads
	}
	return []string{a.SkillDir}
}

// SkillPlacement is where skills install for a set of configured agents.
type SkillPlacement struct {
	// Dirs are the project-relative directories skills install into,
	// sorted.
	Dirs []string
	// Users maps each of Dirs to the configured agents that read it,
	// sorted.
	Users map[string][]string
	// Twice names the configured agents that read more than one of Dirs
	// (no placement avoids it for this set of agents), each with the
	// directories it reads: they see each skill more than once.
	Twice map[string][]string
}

// placeLimit bounds the candidate directories searched exhaustively (those
// read by agents no forced directory serves); past it, each agent's
// SkillDir is used (never reached by today's agents).
const placeLimit = 16

// PlaceSkills chooses the install directories for the configured agents
// (unknown names are ignored), always including fixed: the directory a
// skill already sits in (a workspace skill in .agents/skills is its own
// copy there). Of the sets of directories that hold fixed and give every
// agent at least one, it takes, in order: the fewest extra copies seen
// (an agent reading k of them sees k-1 extra, unless it dedupes by
// name), the fewest directories,
// the most agents served from their own SkillDir (so a lone agent keeps
// its usual directory), then the first in sorted order.
func PlaceSkills(configured []string, fixed ...string) SkillPlacement {
	var agents []*Agent
	for _, name := range configured {
		if a, ok := Lookup(name); ok && !slices.Contains(agents, a) {
			agents = append(agents, a)
		}
	}
	// Every agent needs one directory, so fixed and the only directory of
	// an agent reading one are in every candidate set; more are only worth
	// trying among those read by the agents these leave without one
	// (adding a directory never removes a copy an agent sees).
	forced := slices.Clone(fixed)
	for _, a := range agents {
		if r := a.Reads(); len(r) == 1 && !slices.Contains(forced, r[0]) {
			forced = append(forced, r[0])
		}
	}
	var cand []string
	for _, a := range agents {
		if readsAny(a, forced) {
			continue
		}
		for _, d := range a.Reads() {
			if !slices.Contains(cand, d) {
				cand = append(cand, d)
			}
		}
	}
	slices.Sort(cand)
	if len(cand) > placeLimit {
		return placement(agents, ownDirs(agents, forced))
	}
	var best []string
	var bestCost placeCost
	found := false
	for set := uint32(0); set < 1<<len(cand); set++ {
		dirs := slices.Clone(forced)
		for i, d := range cand {
			if set&(1<<i) != 0 {
				dirs = append(dirs, d)
			}
		}
		slices.Sort(dirs)
		c, ok := costOf(agents, dirs)
		if ok && (!found || c.less(bestCost)) {
			best, bestCost, found = dirs, c, true
		}
	}
	return placement(agents, best)
}

// placeCost ranks candidate sets of directories (lower is better).
type placeCost struct {
	extra, dirs, notOwn int
	key                 string
}

func (c placeCost) less(o placeCost) bool {
	if c.extra != o.extra {
		return c.extra < o.extra
	}
	if c.dirs != o.dirs {
		return c.dirs < o.dirs
	}
	if c.notOwn != o.notOwn {
		return c.notOwn < o.notOwn
	}
	return c.key < o.key
}

// costOf is dirs's cost, and false when some agent reads none of them.
func costOf(agents []*Agent, dirs []string) (placeCost, bool) {
	c := placeCost{dirs: len(dirs), key: strings.Join(dirs, "\x00")}
	for _, a := range agents {
		n := 0
		for _, d := range a.Reads() {
			if slices.Contains(dirs, d) {
				n++
			}
		}
		if n == 0 {
			return c, false
		}
		if !a.SkillDedupe {
			c.extra += n - 1
		}
		if !slices.Contains(dirs, a.SkillDir) {
			c.notOwn++
		}
	}
	return c, true
}

// readsAny reports whether a reads one of dirs.
func readsAny(a *Agent, dirs []string) bool {
	for _, d := range a.Reads() {
		if slices.Contains(dirs, d) {
			return true
		}
	}
	return false
}

// ownDirs are fixed and the agents' SkillDirs, sorted and unique.
func ownDirs(agents []*Agent, fixed []string) []string {
	dirs := slices.Clone(fixed)
	for _, a := range agents {
		if !slices.Contains(dirs, a.SkillDir) {
			dirs = append(dirs, a.SkillDir)
		}
	}
	slices.Sort(dirs)
	return dirs
}

// placement describes installing into dirs for agents.
func placement(agents []*Agent, dirs []string) SkillPlacement {
	p := SkillPlacement{Dirs: dirs, Users: map[string][]string{}}
	for _, a := range agents {
		var read []string
		for _, d := range a.Reads() {
			if slices.Contains(dirs, d) {
				read = append(read, d)
				p.Users[d] = append(p.Users[d], a.Name)
			}
		}
		if len(read) > 1 && !a.SkillDedupe {
			if p.Twice == nil {
				p.Twice = map[string][]string{}
			}
			p.Twice[a.Name] = read
		}
	}
	for _, users := range p.Users {
		slices.Sort(users)
	}
	return p
}

// Warning says, when some agent sees the skills more than once, which and
// why; "" when every agent sees each skill once.
func (p SkillPlacement) Warning() string {
	if len(p.Twice) == 0 {
		return ""
	}
	var parts []string
	for _, name := range sortedKeys(p.Twice) {
		parts = append(parts, fmt.Sprintf("%s reads %s", name, strings.Join(NativeDirs(p.Twice[name]), " and ")))
	}
	return fmt.Sprintf("with these agents together no skills directory serves each exactly once: %s, so it sees each skill there more than once (docs/skills.md)", strings.Join(parts, "; "))
}

// NativeDirs returns the "/"-separated project-relative directories dirs
// (the agents' tables spell them so on every system) as paths of this
// system, for messages: .claude\skills on Windows.
func NativeDirs(dirs []string) []string {
	out := make([]string, len(dirs))
	for i, d := range dirs {
		out[i] = filepath.FromSlash(d)
	}
	return out
}

// SkillDirs are every project-relative skills directory any agent reads:
// where sync looks for copies of its own to remove.
func SkillDirs() []string {
	var dirs []string
	for _, a := range all {
		for _, d := range append([]string{a.SkillDir}, a.Reads()...) {
			if !slices.Contains(dirs, d) {
				dirs = append(dirs, d)
			}
		}
	}
	slices.Sort(dirs)
	return dirs
}

func sortedKeys(m map[string][]string) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}
