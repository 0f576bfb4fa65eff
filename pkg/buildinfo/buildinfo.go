// Package buildinfo holds what the link step says of a build: its version,
// commit and date. It is apart from pkg/cli so that the lean sym-hook
// (pkg/hookfast), which links none of pkg/cli, stamps the same version
// into the hook record's fingerprint as the cargo-agents that wrote it,
// and prints the same --version line.
package buildinfo

import (
	"fmt"
	"runtime/debug"
	"strings"
)

// Version, Commit and Date describe the build of every binary. A release
// (make dist, .goreleaser.yaml) sets them at link time with
//
//	-ldflags '-X github.com/symposium-dev/symposium-go/pkg/buildinfo.Version=0.4.1 -X ...Commit=<sha> -X ...Date=<RFC 3339>'
//
// A plain `go build` leaves Commit empty: a build from source, which
// self-update refuses to replace (IsRelease).
var (
	Version = "0.1.0-dev"
	Commit  = ""
	Date    = ""
)

// IsRelease reports whether this binary is a release build (it carries
// the commit it was built from), as install.sh and self-update install.
func IsRelease() bool { return Commit != "" }

// VersionLine is what `PROG --version` prints: the release version, commit
// and date, or for a build from source the module version `go install
// module@version` recorded (and the VCS revision when go embedded one).
func VersionLine(prog string) string {
	if IsRelease() {
		return fmt.Sprintf("%s %s (commit %s, built %s)", prog, Version, short(Commit), Date)
	}
	version, how := Version, []string{"built from source"}
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
