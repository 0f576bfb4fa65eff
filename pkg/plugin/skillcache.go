package plugin

import (
	"errors"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/symposium-dev/symposium-go/pkg/atomicfile"
	"github.com/symposium-dev/symposium-go/pkg/skill"
)

// skillCache remembers what each SKILL.md of a source parsed to, keyed by
// the file's size and mtime, so a run over an unchanged source costs a stat
// per skill instead of a read and a YAML parse. One file per source under
// the cache directory; entries not looked up in a run are dropped, so
// deleted skills do not linger.
type skillCache struct {
	file   string
	legacy string // an older version's file, removed on save
	mu     sync.Mutex
	old    map[string]*cachedSkill // read-only once opened, so read without mu
	now    map[string]*cachedSkill
	hits   int
	// restamped: a skill answered from the cache got another directory
	// stamp (Dir), so the file must be written although nothing was parsed.
	restamped bool
}

type cachedSkill struct {
	Size           int64
	Mtime          int64 // UnixNano
	Name           string
	Description    string
	Crates         string
	CratesLine     int
	Predicates     []string
	PredicatesLine int
	Err            string
	// Dir, when not "", says the skill's directory had no entry named
	// SYMPOSIUM.toml while it was in this state (dirStamp's String), so
	// the walk need not look for one again until the state changes.
	Dir string
}

// dirStamp is the state of a skill directory as fstatat tells it, in the
// cache's form dev:ino:mtime:ctime (times in nanoseconds), in a buffer of
// its own so that comparing it with the cache's allocates nothing. Adding,
// removing or renaming an entry in a directory sets both times to the
// present, and setting the mtime back (touch -d, rsync -t) sets the ctime
// to the present, so an unchanged stamp of a directory that was already
// older than racyWindow when stamped means it has the same entries. The
// walk uses it to skip the stat of a SYMPOSIUM.toml that was not there: a
// failed stat, on tmpfs (which keeps no negative dentries), costs several
// times a found one, and it was one of the two stats of every skill
// directory (#26).
type dirStamp struct {
	n int
	b [4*20 + 3]byte
}

func newDirStamp(dev, ino uint64, mtime, ctime int64) dirStamp {
	var s dirStamp
	b := append(strconv.AppendUint(s.b[:0], dev, 10), ':')
	b = append(strconv.AppendUint(b, ino, 10), ':')
	b = append(strconv.AppendInt(b, mtime, 10), ':')
	s.n = len(strconv.AppendInt(b, ctime, 10))
	return s
}

func (s *dirStamp) zero() bool { return s.n == 0 }

// is reports whether s is the stamp prev (never, for the zero stamp).
func (s *dirStamp) is(prev string) bool { return s.n > 0 && string(s.b[:s.n]) == prev }

// String is the cache's form, "" for the zero stamp.
func (s *dirStamp) String() string { return string(s.b[:s.n]) }

// cacheHeader starts a cache file; it changes whenever what an entry
// means, or how it is written, changes (an older file is then ignored).
//
// The file is text, one entry a line, its fields separated by tabs:
// path, size, mtime, name, description, crates, crates line, predicates
// line, error, the directory's stamp (dirStamp; empty when none), then
// each predicate; strings Go-quoted (a quoted string
// holds no tab or newline). encoding/json took 5 to 10 ms to decode the
// entries of 1,000 skills, on every sync; this takes a fraction of that.
const cacheHeader = "symposium skill cache 4"

// legacyCacheName is where versions before the text format kept the cache.
func legacyCacheName(cacheDir, source string) string {
	return filepath.Join(cacheDir, "sym-match", "skills-"+safeName(source)+".json")
}

func openSkillCache(cacheDir, source string) *skillCache {
	c := &skillCache{file: filepath.Join(cacheDir, "sym-match", "skills-"+safeName(source)+".cache"), now: map[string]*cachedSkill{}}
	c.legacy = legacyCacheName(cacheDir, source)
	data, err := os.ReadFile(c.file)
	if err != nil {
		return c
	}
	c.old = decodeCache(string(data))
	// Mostly the same skills again: grown one entry at a time, the map of
	// 1,000 entries was rehashed ten times while the walk filled it, the
	// walkers faulting in each new table.
	c.now = make(map[string]*cachedSkill, len(c.old))
	return c
}

// decodeCache reads a cache file's entries; nil when it is not one of
// this version's (a run then parses every SKILL.md, and saves anew). The
// entries are made in one slice: an entry is too large for a map to hold
// in place (over 128 bytes), so a map of entries allocated each one.
func decodeCache(text string) map[string]*cachedSkill {
	header, text, ok := strings.Cut(text, "\n")
	if !ok || header != cacheHeader {
		return nil
	}
	n := strings.Count(text, "\n")
	out := make(map[string]*cachedSkill, n)
	entries := make([]cachedSkill, n)
	for i := 0; text != ""; i++ {
		var line string
		if line, text, ok = strings.Cut(text, "\n"); !ok {
			return nil // cut short
		}
		path, e, err := decodeEntry(line)
		if err != nil {
			return nil
		}
		entries[i] = e
		out[path] = &entries[i]
	}
	return out
}

// decodeEntry reads one entry line (see cacheHeader). Its fields are cut
// off the line in place: strings.Split's slice of them, one allocation an
// entry, was half of decodeCache's.
func decodeEntry(line string) (path string, e cachedSkill, err error) {
	var f [entryFields]string
	rest, more := line, true
	for i := range f {
		if !more {
			return "", e, errors.New("short entry")
		}
		f[i], rest, more = strings.Cut(rest, "\t")
	}
	strs := [...]*string{&path, &e.Name, &e.Description, &e.Crates, &e.Err}
	for i, j := range [...]int{0, 3, 4, 5, 8} {
		if *strs[i], err = strconv.Unquote(f[j]); err != nil {
			return "", e, err
		}
	}
	if e.Size, err = strconv.ParseInt(f[1], 10, 64); err != nil {
		return "", e, err
	}
	if e.Mtime, err = strconv.ParseInt(f[2], 10, 64); err != nil {
		return "", e, err
	}
	if e.CratesLine, err = strconv.Atoi(f[6]); err != nil {
		return "", e, err
	}
	if e.PredicatesLine, err = strconv.Atoi(f[7]); err != nil {
		return "", e, err
	}
	e.Dir = f[9]
	for more {
		var q string
		q, rest, more = strings.Cut(rest, "\t")
		p, err := strconv.Unquote(q)
		if err != nil {
			return "", e, err
		}
		e.Predicates = append(e.Predicates, p)
	}
	return path, e, nil
}

// entryFields is the number of an entry's fields before its predicates.
const entryFields = 10

// encodeCache writes entries in the cache file's format, in path order.
func encodeCache(entries map[string]*cachedSkill) []byte {
	paths := make([]string, 0, len(entries))
	for p := range entries {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	b := append(make([]byte, 0, 200*len(paths)), cacheHeader+"\n"...)
	for _, p := range paths {
		e := entries[p]
		b = strconv.AppendQuote(b, p)
		b = append(strconv.AppendInt(append(b, '\t'), e.Size, 10), '\t')
		b = append(strconv.AppendInt(b, e.Mtime, 10), '\t')
		for _, s := range []string{e.Name, e.Description, e.Crates} {
			b = append(strconv.AppendQuote(b, s), '\t')
		}
		b = append(strconv.AppendInt(b, int64(e.CratesLine), 10), '\t')
		b = append(strconv.AppendInt(b, int64(e.PredicatesLine), 10), '\t')
		b = append(append(strconv.AppendQuote(b, e.Err), '\t'), e.Dir...)
		for _, pred := range e.Predicates {
			b = strconv.AppendQuote(append(b, '\t'), pred)
		}
		b = append(b, '\n')
	}
	return b
}

// racyWindow: a file written this recently may change again within the
// same mtime tick without its size changing, so it is not cached.
const racyWindow = 2 * time.Second

// oldStamp returns the directory stamp the cache file holds for the skill
// whose SKILL.md is path, and whether it holds that skill at all.
func (c *skillCache) oldStamp(path string) (string, bool) {
	if c == nil {
		return "", false
	}
	e, ok := c.old[path] // c.old is not written after openSkillCache
	if !ok {
		return "", false
	}
	return e.Dir, true
}

// load parses path, or answers from the cache when size and mtime match.
// A cached skill has no Fields or Body (sym-match does not need them).
// skillDir is filepath.Dir(path), which the walk knows already. st, when
// known, saves a stat. dir is the skill directory's stamp when it was
// seen without a SYMPOSIUM.toml (dirStamp), and is kept with the entry.
func (c *skillCache) load(path, skillDir string, st os.FileInfo, dir string) (*skill.Skill, error) {
	if c == nil {
		return skill.Load(path)
	}
	if st == nil {
		var err error
		if st, err = os.Stat(path); err != nil {
			return nil, err
		}
	}
	size, mtime := st.Size(), st.ModTime().UnixNano()
	e, ok := c.old[path]
	if ok && e.Size == size && e.Mtime == mtime {
		restamped := e.Dir != dir
		if restamped {
			ne := *e // the file's entry stays as read
			ne.Dir = dir
			e = &ne
		}
		c.mu.Lock()
		c.restamped = c.restamped || restamped
		c.now[path] = e
		c.hits++
		c.mu.Unlock()
		if e.Err != "" {
			return nil, errors.New(e.Err)
		}
		return &skill.Skill{Name: e.Name, Description: e.Description, Crates: e.Crates, CratesLine: e.CratesLine,
			Predicates: e.Predicates, PredicatesLine: e.PredicatesLine, Path: path, Dir: skillDir}, nil
	}
	s, err := skill.Load(path)
	if time.Since(st.ModTime()) < racyWindow {
		return s, err
	}
	e = &cachedSkill{Size: size, Mtime: mtime, Dir: dir}
	if err != nil {
		e.Err = err.Error()
	} else {
		e.Name, e.Description, e.Crates, e.CratesLine = s.Name, s.Description, s.Crates, s.CratesLine
		e.Predicates, e.PredicatesLine = s.Predicates, s.PredicatesLine
	}
	c.mu.Lock()
	c.now[path] = e
	c.mu.Unlock()
	return s, err
}

// save writes the entries used in this run, when they differ from what
// was read. Failing to write only costs speed next time.
func (c *skillCache) save() {
	if c == nil {
		return
	}
	if c.hits == len(c.now) && len(c.now) == len(c.old) && !c.restamped {
		atomicfile.Sweep(c.file) // a killed write's leftover goes even when nothing changes
		return
	}
	if atomicfile.Write(c.file, encodeCache(c.now), 0o644) == nil {
		_ = os.Remove(c.legacy)
	}
}
