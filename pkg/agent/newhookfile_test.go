package agent

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

// TestNewHookFileIsTheEditedScaffold: a hook file a first registration
// creates is written whole (newHookFile), in the bytes editing the
// scaffold event by event wrote, for every agent, scope, system, command
// and timeout.
func TestNewHookFileIsTheEditedScaffold(t *testing.T) {
	defer func() { wholeNewHookFiles = true }()
	for _, a := range All() {
		if !a.HasHooks() {
			continue
		}
		for _, scope := range []string{ScopeProject, ScopeGlobal} {
			for _, goos := range []string{"linux", "windows"} {
				for _, cmd := range []string{HookExecutable, "/opt/my tools/sym-hook", `C:\Program Files\it's\sym-hook.exe`, "cargo-agents"} {
					for _, timeout := range []int{0, 7} {
						tg := Target{Scope: scope, Command: cmd, Timeout: timeout, Host: Host{GOOS: goos}}
						var files [2]map[string]string
						var changes [2][]Change
						for i, whole := range []bool{true, false} {
							wholeNewHookFiles = whole
							root := t.TempDir()
							tg.Workspace, tg.Home = filepath.Join(root, "ws"), filepath.Join(root, "home")
							os.MkdirAll(tg.Workspace, 0o755)
							c, err := a.RegisterHooks(realFiles(), tg)
							if err != nil {
								t.Fatalf("%s %s %s %q: %v", a.Name, scope, goos, cmd, err)
							}
							for j := range c {
								c[j].Path, _ = filepath.Rel(root, c[j].Path)
							}
							changes[i], files[i] = c, treeOf(t, root)
						}
						if !reflect.DeepEqual(files[0], files[1]) || !reflect.DeepEqual(changes[0], changes[1]) {
							t.Errorf("%s %s %s %q %d:\nwhole  %v\n%q\nedited %v\n%q", a.Name, scope, goos, cmd, timeout, changes[0], files[0], changes[1], files[1])
						}
					}
				}
			}
		}
	}
}

// treeOf maps each file under root (relative path) to its content.
func treeOf(t *testing.T, root string) map[string]string {
	out := map[string]string{}
	filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		rel, _ := filepath.Rel(root, p)
		out[rel] = string(bytes.Clone(data))
		return nil
	})
	return out
}
