package selfupdate_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/symposium-dev/symposium-go/pkg/selfupdate"
)

// TestPackageManifests checks the Homebrew formula and the Scoop manifest
// goreleaser writes beside a release: each archive's URL is the release's
// (<base>/download/v<version>/<archive>), its hash is the one in
// checksums.txt, and they install the six binaries. Only a `make dist`
// of every target writes them (a few minutes of builds), so this reads
// one: SYMPOSIUM_DIST names its directory (the windows CI job sets it).
func TestPackageManifests(t *testing.T) {
	dist := os.Getenv("SYMPOSIUM_DIST")
	if dist == "" {
		t.Skip("set SYMPOSIUM_DIST to the output of a make dist of every target")
	}
	version := strings.TrimSpace(string(mustRead(t, filepath.Join(dist, selfupdate.VersionAsset))))
	sums := map[string]string{}
	for _, line := range strings.Split(string(mustRead(t, filepath.Join(dist, "checksums.txt"))), "\n") {
		if f := strings.Fields(line); len(f) == 2 {
			sums[f[1]] = f[0]
		}
	}
	release := selfupdate.DefaultBase + "/download/v" + version + "/"
	t.Run("homebrew", func(t *testing.T) {
		formula := string(mustRead(t, filepath.Join(dist, "homebrew", "Formula", "symposium.rb")))
		for _, osArch := range [][2]string{{"darwin", "amd64"}, {"darwin", "arm64"}, {"linux", "amd64"}, {"linux", "arm64"}} {
			archive := selfupdate.ArchiveName(version, osArch[0], osArch[1])
			if sums[archive] == "" {
				t.Fatalf("checksums.txt has no %s", archive)
			}
			for _, want := range []string{`url "` + release + archive + `"`, `sha256 "` + sums[archive] + `"`} {
				if !strings.Contains(formula, want) {
					t.Errorf("the formula lacks %s", want)
				}
			}
		}
		install := `bin.install "` + strings.Join(selfupdate.Binaries, `", "`) + `"`
		if !strings.Contains(formula, install) {
			t.Errorf("the formula lacks %s", install)
		}
	})
	t.Run("scoop", func(t *testing.T) {
		var manifest struct {
			Version      string
			Architecture map[string]struct {
				URL  string
				Bin  []string
				Hash string
			}
		}
		if err := json.Unmarshal(mustRead(t, filepath.Join(dist, "scoop", "symposium.json")), &manifest); err != nil {
			t.Fatalf("scoop/symposium.json: %v", err)
		}
		if manifest.Version != version {
			t.Errorf("scoop manifest version %q, want %q", manifest.Version, version)
		}
		var exes []string
		for _, b := range selfupdate.Binaries {
			exes = append(exes, b+".exe")
		}
		for scoopArch, goArch := range map[string]string{"64bit": "amd64", "arm64": "arm64"} {
			a := manifest.Architecture[scoopArch]
			archive := selfupdate.ArchiveName(version, "windows", goArch)
			if a.URL != release+archive || a.Hash != sums[archive] || sums[archive] == "" {
				t.Errorf("scoop %s: url %q hash %q, want %q %q", scoopArch, a.URL, a.Hash, release+archive, sums[archive])
			}
			if strings.Join(a.Bin, " ") != strings.Join(exes, " ") {
				t.Errorf("scoop %s: bin %q, want %q", scoopArch, a.Bin, exes)
			}
		}
	})
}

func mustRead(t *testing.T, path string) []byte {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return data
}
