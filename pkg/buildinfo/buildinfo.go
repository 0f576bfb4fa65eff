// Package buildinfo holds what the link step says of a build: its version,
// commit and date. It is a leaf (it imports nothing), so that the lean
// sym-hook (pkg/hookfast), which links none of pkg/cli, stamps the same
// version into the hook record's fingerprint as the cargo-agents that
// wrote it.
package buildinfo

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
