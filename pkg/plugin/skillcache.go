package plugin

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
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
	file string
	mu   sync.Mutex
	old  map[string]cachedSkill
	now  map[string]cachedSkill
	hits int
}

type cachedSkill struct {
	Size           int64    `json:"size"`
	Mtime          int64    `json:"mtime"` // UnixNano
	Name           string   `json:"name,omitempty"`
	Description    string   `json:"description,omitempty"`
	Crates         string   `json:"crates,omitempty"`
	CratesLine     int      `json:"crates_line,omitempty"`
	Predicates     []string `json:"predicates,omitempty"`
	PredicatesLine int      `json:"predicates_line,omitempty"`
	Err            string   `json:"err,omitempty"`
}

// cacheVersion changes whenever what a cached entry means changes.
const cacheVersion = 2

type cacheFile struct {
	Version int                    `json:"version"`
	Skills  map[string]cachedSkill `json:"skills"`
}

func openSkillCache(cacheDir, source string) *skillCache {
	c := &skillCache{file: filepath.Join(cacheDir, "sym-match", "skills-"+safeName(source)+".json"), now: map[string]cachedSkill{}}
	data, err := os.ReadFile(c.file)
	if err != nil {
		return c
	}
	var f cacheFile
	if json.Unmarshal(data, &f) == nil && f.Version == cacheVersion {
		c.old = f.Skills
	}
	return c
}

// racyWindow: a file written this recently may change again within the
// same mtime tick without its size changing, so it is not cached.
const racyWindow = 2 * time.Second

// load parses path, or answers from the cache when size and mtime match.
// A cached skill has no Fields or Body (sym-match does not need them).
// st, when known, saves a stat.
func (c *skillCache) load(path string, st os.FileInfo) (*skill.Skill, error) {
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
	c.mu.Lock()
	e, ok := c.old[path]
	c.mu.Unlock()
	if ok && e.Size == size && e.Mtime == mtime {
		c.mu.Lock()
		c.now[path] = e
		c.hits++
		c.mu.Unlock()
		if e.Err != "" {
			return nil, errors.New(e.Err)
		}
		return &skill.Skill{Name: e.Name, Description: e.Description, Crates: e.Crates, CratesLine: e.CratesLine,
			Predicates: e.Predicates, PredicatesLine: e.PredicatesLine, Path: path, Dir: filepath.Dir(path)}, nil
	}
	s, err := skill.Load(path)
	if time.Since(st.ModTime()) < racyWindow {
		return s, err
	}
	e = cachedSkill{Size: size, Mtime: mtime}
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
	if c.hits == len(c.now) && len(c.now) == len(c.old) {
		atomicfile.Sweep(c.file) // a killed write's leftover goes even when nothing changes
		return
	}
	data, err := json.Marshal(cacheFile{Version: cacheVersion, Skills: c.now})
	if err != nil {
		return
	}
	_ = atomicfile.Write(c.file, data, 0o644)
}
