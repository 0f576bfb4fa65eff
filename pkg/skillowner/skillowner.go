// Package skillowner says which skill directories symposium installed. It is
// shared by sym-install, which writes the marks, and by sym-match, which
// must never read a copy we installed (in .agents/skills/, where several
// agents read skills) back as a workspace skill of the user's.
//
// The mark is two things together: the skills directory's manifest
// (.symposium/manifest.toml) lists the name, and the skill directory is a
// real directory holding our .gitignore. Either alone can come from a
// cloned repository: a committed manifest is a file anyone can write, but
// a directory whose
// .gitignore is ours ignores every file in it, SKILL.md included, so its
// contents cannot have been committed without `git add -f`.
package skillowner

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/pelletier/go-toml/v2"
)

// ManifestName is the file, relative to each skills directory, that lists
// what we installed there (book: "Skill manifest"). It lives in a
// directory of ours whose .gitignore (Gitignore) hides it from `git
// status`, as each installed skill's does, without touching any
// .gitignore of the user's.
const ManifestName = ".symposium/manifest.toml"

// LegacyManifestName is where versions before the .symposium/ directory
// kept the manifest, in plain sight of `git status`. It is still read
// when ManifestName is absent, and sym-install moves it.
const LegacyManifestName = ".symposium.toml"

// Gitignore keeps an installed skill out of the user's `git status`: it
// ignores every file of its directory, itself included.
const Gitignore = "# Installed by cargo agents sync; regenerated on every sync.\n*\n"

// Installed returns the names in skillsDir that carry both marks: symposium
// installed them, so they are no one's source. A manifest that cannot be
// read marks nothing.
func Installed(skillsDir string) map[string]bool {
	data, err := os.ReadFile(filepath.Join(skillsDir, ManifestName))
	if errors.Is(err, fs.ErrNotExist) {
		data, err = os.ReadFile(filepath.Join(skillsDir, LegacyManifestName))
	}
	if err != nil {
		return nil
	}
	var m struct {
		Installed []string `toml:"installed"`
	}
	if toml.Unmarshal(data, &m) != nil {
		return nil
	}
	out := map[string]bool{}
	for _, n := range m.Installed {
		if n == "" || n == "." || n == ".." || filepath.Base(n) != n {
			continue
		}
		if Ours(filepath.Join(skillsDir, n)) {
			out[n] = true
		}
	}
	return out
}

// Ours reports whether dir is a real directory (not a symlink) holding our
// .gitignore, byte for byte.
func Ours(dir string) bool {
	fi, err := os.Lstat(dir)
	if err != nil || !fi.IsDir() {
		return false
	}
	p := filepath.Join(dir, ".gitignore")
	if st, err := os.Lstat(p); err != nil || !st.Mode().IsRegular() {
		return false
	}
	data, err := os.ReadFile(p)
	return err == nil && bytes.Equal(data, []byte(Gitignore))
}
