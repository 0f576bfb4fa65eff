package cli_test

import (
	"encoding/json"
	"path/filepath"
	"strings"

	"github.com/rogpeppe/go-internal/testscript"

	"github.com/symposium-dev/symposium-go/pkg/buildinfo"
	"github.com/symposium-dev/symposium-go/pkg/config"
	"github.com/symposium-dev/symposium-go/pkg/hookrecord"
	"github.com/symposium-dev/symposium-go/pkg/stream"
	"github.com/symposium-dev/symposium-go/pkg/syncstate"
	"github.com/symposium-dev/symposium-go/pkg/syncstate/write"
)

// seedStateCmd is `seedstate WORKSPACE STATE_JSON`: it stores STATE_JSON
// ({"hooks": [stream.Hook…]}; "$WORK" in it is replaced by the work directory) as
// the sync state of WORKSPACE, fingerprinted as fresh for the current
// config, so hook scripts run against a known match result without a sync.
func seedStateCmd(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 2 {
		ts.Fatalf("usage: seedstate WORKSPACE STATE_JSON")
	}
	root := ts.MkAbs(args[0])
	// JSON-escaped: a Windows $WORK has backslashes.
	work, _ := json.Marshal(ts.Getenv("WORK"))
	data := strings.ReplaceAll(ts.ReadFile(args[1]), "$WORK", strings.Trim(string(work), `"`))
	var seed struct {
		Hooks []stream.Hook `json:"hooks"`
	}
	if err := json.Unmarshal([]byte(data), &seed); err != nil {
		ts.Fatalf("%s: %v", args[1], err)
	}
	st := syncstate.State{Hooks: seed.Hooks}
	home := ts.Getenv("SYMPOSIUM_HOME")
	dirs := config.Dirs{Config: home, Cache: filepath.Join(home, "cache"), Logs: filepath.Join(home, "logs")}
	cfg, _, err := config.Load(dirs)
	ts.Check(err)
	st.WorkspaceRoot = root
	st.Inputs = hookrecord.Stamp([]string{filepath.Join(root, "Cargo.toml"), filepath.Join(root, "Cargo.lock"), dirs.ConfigFile()})
	st.Trusted = true // the files were just written; trust them anyway
	st.Extra = hookrecord.Extra(cfg.Agents, cfg.HookScope, buildinfo.Version)
	_, err = write.State(dirs.Cache, &st)
	ts.Check(err)
}
