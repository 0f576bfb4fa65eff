package plugin

import (
	"embed"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"time"

	"github.com/symposium-dev/symposium-go/pkg/atomicfile"
)

// central is a snapshot of https://github.com/symposium-dev/recommendations
// at commit 7d48db942dd96435991033d432ff69d1de53d2f6 (MIT OR Apache-2.0,
// see central/LICENSE.txt and central/SOURCE.md). It is used only when the
// repository cannot be fetched and nothing is cached, so a fresh machine
// without network still gets the central recommendations.
//
//go:embed all:central
var central embed.FS

// EmbeddedCommit names the snapshot.
const EmbeddedCommit = "7d48db942dd96435991033d432ff69d1de53d2f6"

// embeddedDir extracts the snapshot once into cacheDir and returns it.
func embeddedDir(cacheDir string) (string, error) {
	dir := filepath.Join(cacheDir, "embedded-"+EmbeddedCommit[:7])
	marker := filepath.Join(dir, ".extracted")
	if _, err := os.Stat(marker); err == nil {
		return dir, nil
	}
	atomicfile.SweepDirs(dir, time.Minute)
	tmp, err := atomicfile.TempDir(dir)
	if err != nil {
		return "", err
	}
	defer os.RemoveAll(tmp)
	err = fs.WalkDir(central, "central", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel("central", filepath.FromSlash(p))
		dst := filepath.Join(tmp, rel)
		if d.IsDir() {
			return os.MkdirAll(dst, 0o755)
		}
		data, err := central.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(dst, data, 0o644)
	})
	if err != nil {
		return "", fmt.Errorf("extracting the embedded recommendations: %w", err)
	}
	if err := os.WriteFile(filepath.Join(tmp, ".extracted"), []byte(EmbeddedCommit+"\n"), 0o644); err != nil {
		return "", err
	}
	if err := os.Chmod(tmp, 0o755); err != nil { // MkdirTemp made it private
		return "", err
	}
	os.RemoveAll(dir)
	if err := atomicfile.ReplaceDir(tmp, dir); err != nil {
		return "", err
	}
	return dir, nil
}
