package cratefetch

import (
	"bufio"
	"bytes"
	"encoding/hex"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/pelletier/go-toml/v2"
)

// A git dependency's source is read from cargo's own checkout of the
// locked commit, as `cargo fetch` (cargo 1.95) leaves it:
//
//	$CARGO_HOME/git/checkouts/<ident>-<hash>/<short-rev>/
//	    .cargo-ok            empty; written once the checkout is complete
//	    .git/HEAD            "ref: refs/heads/master"
//	    .git/refs/heads/master  the full commit
//	    Cargo.toml, crates/foo/Cargo.toml, ...
//
// <ident> is the last segment of the repository URL's path with ".git"
// and a trailing "/" dropped, case kept ("My.Repo" for
// file:///x/My.Repo.git; cargo lower-cases github.com paths); <hash> is a
// hash of the canonical URL that changes with cargo's version, so it is
// globbed; <short-rev> is git's abbreviation of the commit, 7 hex digits
// unless longer ones are needed. The checkout's remote is cargo's
// $CARGO_HOME/git/db clone, not the locked URL, so two checkouts of
// repositories with the same last segment cannot be told apart by URL:
// the commit read from .git is the identity, and it names the content.

// gitMaxDepth bounds how deep under a checkout a package's Cargo.toml is
// looked for (the root is depth 0).
const gitMaxDepth = 4

// gitMaxDirs bounds how many directories of one checkout are read.
const gitMaxDirs = 20000

// gitLock is what a Cargo.lock git source names.
type gitLock struct {
	url    string // the repository URL for messages: no "git+", query, fragment or password
	ident  string // cargo's directory name stem for it
	commit string // 40 lower-case hex digits
}

// parseGitSource splits "git+URL[?query]#commit". A source without a
// locked commit is unavailable; a commit or ident that could steer a path
// is refused.
func parseGitSource(c Crate) (gitLock, error) {
	bad := func(reason string) error {
		return &RefusedError{Crate: c, Reason: reason, Fix: "check the entry in Cargo.toml or Cargo.lock"}
	}
	raw := strings.TrimPrefix(c.Source, "git+")
	hash := strings.LastIndexByte(raw, '#')
	if hash < 0 {
		return gitLock{}, &UnavailableError{Crate: c, Reason: fmt.Sprintf("Cargo.lock source %q locks no commit; run `cargo generate-lockfile`", c.Source)}
	}
	raw, commit := raw[:hash], raw[hash+1:]
	if !validCommit(commit) {
		return gitLock{}, bad(fmt.Sprintf("git commit %q is not 40 hex digits", commit))
	}
	u, err := url.Parse(raw)
	if err != nil {
		return gitLock{}, bad(fmt.Sprintf("git source %q: %v", c.Source, err))
	}
	u.RawQuery, u.Fragment = "", ""
	// cargo's ident: the last path segment as the URL spells it
	// (percent-encoded), after its canonicalization drops a trailing "/"
	// and ".git".
	p := strings.TrimRight(u.EscapedPath(), "/")
	p = strings.TrimSuffix(p, ".git")
	ident := p[strings.LastIndexByte(p, '/')+1:]
	if ident == "" {
		ident = "_empty"
	}
	if !validIdent(ident) {
		return gitLock{}, bad(fmt.Sprintf("git repository name %q is not plain (ASCII letters, digits, '-', '_' and '.')", ident))
	}
	return gitLock{url: u.Redacted(), ident: ident, commit: strings.ToLower(commit)}, nil
}

func validCommit(s string) bool {
	if len(s) != 40 {
		return false
	}
	_, err := hex.DecodeString(s)
	return err == nil
}

// validIdent accepts a git checkout's directory stem: ASCII letters,
// digits, '-', '_' and '.', not "." or "..", at most 128.
func validIdent(s string) bool {
	if s == "" || s == "." || s == ".." || len(s) > 128 {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_' || c == '.') {
			return false
		}
	}
	return true
}

// gitSource finds the crate in cargo's checkout of its locked commit.
func (f *Fetcher) gitSource(c Crate) (string, error) {
	lock, err := parseGitSource(c)
	if err != nil {
		return "", err
	}
	home := f.cargoHome()
	cos := gitCheckouts(home, lock)
	for _, co := range cos {
		if dir := f.gitPackage(co, c); dir != "" {
			return dir, nil
		}
	}
	if len(cos) > 0 {
		return "", &UnavailableError{Crate: c, Reason: fmt.Sprintf("cargo's checkout of %s at commit %s, %s, has no package %s %s within %d directories of its root",
			lock.url, lock.commit[:7], cos[0], c.Name, c.Version, gitMaxDepth)}
	}
	where := "$CARGO_HOME/git/checkouts"
	if home != "" {
		where = filepath.Join(home, "git", "checkouts")
	}
	return "", &UnavailableError{Crate: c, Reason: fmt.Sprintf("cargo has no finished checkout of %s at commit %s under %s", lock.url, lock.commit[:7], where)}
}

// gitCheckouts lists cargo's finished checkouts of lock.commit of a
// repository named lock.ident: real directories all the way down (no
// symlink followed), holding .cargo-ok, whose .git says HEAD is the
// commit.
func gitCheckouts(home string, lock gitLock) []string {
	if home == "" {
		return nil
	}
	var exact, folded []string
	for _, repo := range realDirs(filepath.Join(home, "git", "checkouts")) {
		base := filepath.Base(repo)
		i := strings.LastIndexByte(base, '-')
		if i < 0 || !isHex(base[i+1:]) {
			continue
		}
		switch stem := base[:i]; {
		case stem == lock.ident:
			exact = append(exact, repo)
		case strings.EqualFold(stem, lock.ident):
			folded = append(folded, repo) // github.com URLs, which cargo lower-cases
		}
	}
	var out []string
	for _, repo := range append(exact, folded...) {
		for _, dir := range realDirs(repo) {
			rev := filepath.Base(dir)
			if len(rev) < 7 || !isHex(rev) || !strings.HasPrefix(lock.commit, strings.ToLower(rev)) {
				continue
			}
			if !isRegular(filepath.Join(dir, ".cargo-ok")) {
				continue // cargo checks out again when it is missing
			}
			if head, ok := gitHead(dir); ok && head == lock.commit {
				out = append(out, dir)
			}
		}
	}
	return out
}

func isHex(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F') {
			return false
		}
	}
	return true
}

// gitHead reads the commit a checkout's HEAD names: a detached HEAD, or
// a branch's loose ref, else its line in packed-refs. Anything else (a
// symlink, a ref name with odd characters) is no answer.
func gitHead(dir string) (string, bool) {
	gitDir := filepath.Join(dir, ".git")
	if !isRealDir(gitDir) {
		return "", false
	}
	head, ok := readSmallNoFollow(gitDir, "HEAD")
	if !ok {
		return "", false
	}
	line := strings.TrimSpace(head)
	if validCommit(line) {
		return strings.ToLower(line), true
	}
	ref, isRef := strings.CutPrefix(line, "ref: ")
	if !isRef || !validRef(ref) {
		return "", false
	}
	if data, ok := readSmallNoFollow(gitDir, ref); ok {
		if id := strings.TrimSpace(data); validCommit(id) {
			return strings.ToLower(id), true
		}
		return "", false
	}
	packed, ok := readSmallNoFollow(gitDir, "packed-refs")
	if !ok {
		return "", false
	}
	sc := bufio.NewScanner(strings.NewReader(packed))
	for sc.Scan() {
		id, name, ok := strings.Cut(sc.Text(), " ")
		if ok && name == ref && validCommit(id) {
			return strings.ToLower(id), true
		}
	}
	return "", false
}

// validRef accepts "refs/..." names of plain components only.
func validRef(ref string) bool {
	if !strings.HasPrefix(ref, "refs/") || len(ref) > 256 {
		return false
	}
	for _, part := range strings.Split(ref, "/") {
		if !validIdent(part) || strings.HasPrefix(part, ".") {
			return false
		}
	}
	return true
}

// readSmallNoFollow reads base/rel (rel slash-separated) when every
// component under base is a real directory and the file a regular one of
// at most 64 KiB.
func readSmallNoFollow(base, rel string) (string, bool) {
	parts := strings.Split(rel, "/")
	p := base
	for i, part := range parts {
		p = filepath.Join(p, part)
		fi, err := os.Lstat(p)
		if err != nil {
			return "", false
		}
		if i < len(parts)-1 && !fi.IsDir() {
			return "", false
		}
		if i == len(parts)-1 && (!fi.Mode().IsRegular() || fi.Size() > 64<<10) {
			return "", false
		}
	}
	data, err := os.ReadFile(p)
	if err != nil {
		return "", false
	}
	return string(data), true
}

// gitPkg is one package found in a checkout.
type gitPkg struct {
	name, version, dir string
	depth              int
}

// gitPackage returns the directory of the package c within checkout co,
// "" when it has none of that name and version.
func (f *Fetcher) gitPackage(co string, c Crate) string {
	f.mu.Lock()
	pkgs, ok := f.gitPkgs[co]
	f.mu.Unlock()
	if !ok {
		pkgs = scanPackages(co)
		f.mu.Lock()
		if f.gitPkgs == nil {
			f.gitPkgs = map[string][]gitPkg{}
		}
		f.gitPkgs[co] = pkgs
		f.mu.Unlock()
	}
	for _, p := range pkgs {
		if p.name == c.Name && p.version == c.Version {
			return p.dir
		}
	}
	return ""
}

// scanPackages lists the packages of a checkout, shallowest first: each
// Cargo.toml with a [package] down to gitMaxDepth, skipping target/,
// hidden directories and symlinks, as cargo's own search does. A version
// inherited with `version.workspace = true` is the checkout root's
// [workspace.package] version.
func scanPackages(root string) []gitPkg {
	var wsVersion string
	if m, ok := readManifest(filepath.Join(root, "Cargo.toml")); ok {
		wsVersion = m.Workspace.Package.Version
	}
	var out []gitPkg
	type item struct {
		dir   string
		depth int
	}
	queue := []item{{root, 0}}
	seen := 0
	for len(queue) > 0 && seen < gitMaxDirs {
		it := queue[0]
		queue = queue[1:]
		seen++
		if m, ok := readManifest(filepath.Join(it.dir, "Cargo.toml")); ok && m.Package.Name != "" {
			v, _ := m.Package.Version.(string)
			switch tbl, _ := m.Package.Version.(map[string]any); {
			case tbl != nil && tbl["workspace"] == true:
				v = wsVersion
			case m.Package.Version == nil:
				v = "0.0.0" // cargo's default since 1.75
			}
			if v != "" {
				out = append(out, gitPkg{name: m.Package.Name, version: v, dir: it.dir, depth: it.depth})
			}
		}
		if it.depth >= gitMaxDepth {
			continue
		}
		for _, sub := range realDirs(it.dir) { // skips symlinks and hidden directories
			if filepath.Base(sub) == "target" {
				continue
			}
			queue = append(queue, item{sub, it.depth + 1})
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].depth < out[j].depth })
	return out
}

type pkgManifest struct {
	Package struct {
		Name    string `toml:"name"`
		Version any    `toml:"version"`
	} `toml:"package"`
	Workspace struct {
		Package struct {
			Version string `toml:"version"`
		} `toml:"package"`
	} `toml:"workspace"`
}

// readManifest parses a Cargo.toml that is a regular file of at most
// 1 MiB.
func readManifest(path string) (pkgManifest, bool) {
	var m pkgManifest
	fi, err := os.Lstat(path)
	if err != nil || !fi.Mode().IsRegular() || fi.Size() > 1<<20 {
		return m, false
	}
	data, err := os.ReadFile(path)
	if err != nil || !bytes.Contains(data, []byte("package")) {
		return m, false
	}
	if toml.Unmarshal(data, &m) != nil {
		return m, false
	}
	return m, true
}
