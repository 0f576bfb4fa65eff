// Package pin keeps the project's chosen libraries in go.mod while the
// packages that use them are being written. Delete once every one is used.
package pin

import (
	_ "github.com/Masterminds/semver/v3"
	_ "github.com/adrg/frontmatter"
	_ "github.com/goccy/go-yaml"
	_ "github.com/google/go-cmp/cmp"
	_ "github.com/google/renameio/v2"
	_ "github.com/itchyny/gojq"
	_ "github.com/pelletier/go-toml/v2/unstable"
	_ "github.com/rogpeppe/go-internal/lockedfile"
	_ "github.com/tailscale/hujson"
)
