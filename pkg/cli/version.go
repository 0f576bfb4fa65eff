package cli

import (
	"fmt"
	"runtime/debug"
	"strings"

	"github.com/symposium-dev/symposium-go/pkg/buildinfo"
)

// VersionLine is what `PROG --version` prints: the release version, commit
// and date, or for a build from source the module version `go install
// module@version` recorded (and the VCS revision when go embedded one).
func VersionLine(prog string) string {
	if buildinfo.IsRelease() {
		return fmt.Sprintf("%s %s (commit %s, built %s)", prog, buildinfo.Version, short(buildinfo.Commit), buildinfo.Date)
	}
	version, how := buildinfo.Version, []string{"built from source"}
	if info, ok := debug.ReadBuildInfo(); ok {
		if v := info.Main.Version; v != "" && v != "(devel)" {
			version, how = strings.TrimPrefix(v, "v"), []string{"go install module " + v}
		}
		for _, s := range info.Settings {
			if s.Key == "vcs.revision" {
				how = append(how, "commit "+short(s.Value))
			}
		}
	}
	return fmt.Sprintf("%s %s (%s)", prog, version, strings.Join(how, ", "))
}

func short(commit string) string {
	if len(commit) > 12 {
		return commit[:12]
	}
	return commit
}
