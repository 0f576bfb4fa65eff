package cratefetch

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/pelletier/go-toml/v2"

	"github.com/symposium-dev/symposium-go/pkg/cratesindex"
	"github.com/symposium-dev/symposium-go/pkg/semver"
)

// okFile marks a finished unpack in our cache and holds the sha256 of the
// archive it came from, so a crate of the same name and version from
// another registry is not mistaken for it. Cargo's .cargo-ok plays the
// same part in registry/src.
const okFile = ".symposium-crate-ok"

func dirName(c Crate) string { return c.Name + "-" + c.Version }

// cargoSrc returns cargo's unpacked copy of the crate, if there is a
// finished one. <index-dir> is globbed rather than computed: its hash
// suffix depends on cargo's version. Symlinks are not followed, so a
// planted registry/src/x/foo-1.0.0 -> /etc is never read.
func cargoSrc(home string, c Crate) string {
	if home == "" {
		return ""
	}
	return cargoSrcIn(realDirs(filepath.Join(home, "registry", "src")), c)
}

// cargoSrcIn is cargoSrc with cargo's registry/src index directories
// listed already (Fetcher.srcIndexes).
func cargoSrcIn(indexes []string, c Crate) string {
	for _, idx := range indexes {
		dir := filepath.Join(idx, dirName(c))
		if !isRealDir(dir) || !isRegular(filepath.Join(dir, "Cargo.toml")) {
			continue
		}
		// Cargo writes .cargo-ok last and unpacks again without it: a
		// directory lacking it is a killed unpack.
		if !isRegular(filepath.Join(dir, ".cargo-ok")) {
			continue
		}
		return dir
	}
	return ""
}

// cargoCache lists cargo's downloaded archives of the crate.
func cargoCache(home string, c Crate) []string {
	if home == "" {
		return nil
	}
	var out []string
	for _, idx := range realDirs(filepath.Join(home, "registry", "cache")) {
		if file := filepath.Join(idx, dirName(c)+".crate"); isRegular(file) {
			out = append(out, file)
		}
	}
	return out
}

// realDirs lists the subdirectories of dir that are not symlinks, sorted
// so the choice among several registries is stable.
func realDirs(dir string) []string {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil
	}
	var out []string
	for _, e := range entries {
		if e.Type().IsDir() && !strings.HasPrefix(e.Name(), ".") {
			out = append(out, filepath.Join(dir, e.Name()))
		}
	}
	sort.Strings(out)
	return out
}

func isRealDir(p string) bool {
	fi, err := os.Lstat(p)
	return err == nil && fi.IsDir()
}

func isRegular(p string) bool {
	fi, err := os.Lstat(p)
	return err == nil && fi.Mode().IsRegular()
}

// readArchive reads a .crate file from disk, refusing one over MaxArchive.
func (f *Fetcher) readArchive(c Crate, file string) ([]byte, error) {
	max := f.maxArchive()
	fh, err := os.Open(file)
	if err != nil {
		return nil, &UnavailableError{Crate: c, Reason: "reading " + file, Err: err}
	}
	defer fh.Close()
	data, err := io.ReadAll(io.LimitReader(fh, max+1))
	if err != nil {
		return nil, &UnavailableError{Crate: c, Reason: "reading " + file, Err: err}
	}
	if int64(len(data)) > max {
		return nil, tooBig(c, file, max)
	}
	return data, nil
}

func tooBig(c Crate, from string, max int64) error {
	return &RefusedError{Crate: c, From: from,
		Reason: fmt.Sprintf("archive is over %d bytes", max),
		Fix:    fixTooBig}
}

const fixTooBig = "it is larger than symposium unpacks; run `cargo fetch` so cargo unpacks it into its registry/src, which is read as it is"

// cached returns our own unpacked copy of the crate, if it is finished
// and, when the lock names a checksum, was made from that archive.
func (f *Fetcher) cached(c Crate) string {
	if f.CacheDir == "" {
		return ""
	}
	dir := filepath.Join(f.CacheDir, "crates", dirName(c))
	if !isRealDir(dir) {
		return ""
	}
	sum, err := os.ReadFile(filepath.Join(dir, okFile))
	if err != nil || (c.Checksum != "" && strings.TrimSpace(string(sum)) != c.Checksum) {
		return ""
	}
	return dir
}

// vendored finds the crate in a directory source (`cargo vendor`'s
// output): <name>-<version>/ with --versioned-dirs, else <name>/ holding
// that version. Cargo's .cargo-checksum.json, when it names the package's
// checksum, must agree with Cargo.lock's.
func vendored(c Crate, reg registry) (string, error) {
	for _, dir := range []string{filepath.Join(reg.directory, dirName(c)), filepath.Join(reg.directory, c.Name)} {
		if !isRealDir(dir) || !isRegular(filepath.Join(dir, "Cargo.toml")) {
			continue
		}
		var m struct {
			Package struct{ Name, Version string }
		}
		data, err := os.ReadFile(filepath.Join(dir, "Cargo.toml"))
		if err != nil || toml.Unmarshal(data, &m) != nil || m.Package.Name != c.Name || m.Package.Version != c.Version {
			continue
		}
		var sums struct {
			Package string `json:"package"`
		}
		if data, err := os.ReadFile(filepath.Join(dir, ".cargo-checksum.json")); err == nil && json.Unmarshal(data, &sums) == nil &&
			c.Checksum != "" && sums.Package != "" && sums.Package != c.Checksum {
			return "", &RefusedError{Crate: c, From: dir,
				Reason: fmt.Sprintf("its .cargo-checksum.json names checksum %s, Cargo.lock %s", sums.Package, c.Checksum),
				Fix:    "run `cargo vendor` again"}
		}
		return dir, nil
	}
	return "", &UnavailableError{Crate: c, Reason: fmt.Sprintf("the vendored directory %s (source %q in %s) does not have it; `cargo vendor` adds it", reg.directory, reg.name, reg.file)}
}

// newestUnpacked finds the newest version of the crate name that accept
// takes (nil takes any) among the finished unpacks on disk: our cache
// (whose mark holds the archive's checksum, so Source finds it again) and
// cargo's registry/src. Releases win over pre-releases, as in Newest.
func (f *Fetcher) newestUnpacked(name string, accept func(version string) bool) (Crate, bool) {
	var best, bestPre *semver.Version
	var pick, pickPre Crate
	consider := func(c Crate) {
		v, err := semver.Parse(c.Version)
		if err != nil || (accept != nil && !accept(c.Version)) {
			return
		}
		if v.Prerelease() == "" {
			if best == nil || v.Compare(*best) > 0 {
				best, pick = &v, c
			}
		} else if bestPre == nil || v.Compare(*bestPre) > 0 {
			bestPre, pickPre = &v, c
		}
	}
	for _, spelled := range cratesindex.Spellings(name) {
		if f.CacheDir != "" {
			for _, c := range unpackedIn(filepath.Join(f.CacheDir, "crates"), spelled) {
				if sum, err := os.ReadFile(filepath.Join(f.CacheDir, "crates", dirName(c), okFile)); err == nil && validChecksum(strings.TrimSpace(string(sum))) {
					c.Checksum = strings.TrimSpace(string(sum))
					consider(c)
				}
			}
		}
		if home := f.cargoHome(); home != "" {
			for _, idx := range realDirs(filepath.Join(home, "registry", "src")) {
				for _, c := range unpackedIn(idx, spelled) {
					if cargoSrc(home, c) != "" {
						consider(c)
					}
				}
			}
		}
	}
	if best == nil {
		best, pick = bestPre, pickPre
	}
	return pick, best != nil
}

// unpackedIn lists the NAME-VERSION directories in dir for the crate
// spelled name (not symlinks; the version must parse).
func unpackedIn(dir, name string) []Crate {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil
	}
	var out []Crate
	for _, e := range entries {
		v, ok := strings.CutPrefix(e.Name(), name+"-")
		if !ok || !e.Type().IsDir() || !validVersion(v) {
			continue
		}
		out = append(out, Crate{Name: name, Version: v})
	}
	return out
}
