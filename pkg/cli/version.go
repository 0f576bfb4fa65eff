package cli

// Version is the version of every binary; set at link time with
// -ldflags '-X github.com/symposium-dev/symposium-go/pkg/cli.Version=...'.
var Version = "0.1.0-dev"
