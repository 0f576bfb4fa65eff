module github.com/symposium-dev/symposium-go

go 1.26.8

require (
	github.com/Masterminds/semver/v3 v3.5.0
	github.com/adrg/frontmatter v0.2.0
	github.com/goccy/go-yaml v1.19.2
	github.com/google/go-cmp v0.7.0
	github.com/google/renameio/v2 v2.0.2
	github.com/itchyny/gojq v0.12.20
	github.com/pelletier/go-toml/v2 v2.4.3
	github.com/rogpeppe/go-internal v1.16.0
	github.com/tailscale/hujson v0.0.0-20260727124030-b80ff77dac4f
	go.yaml.in/yaml/v3 v3.0.6
	golang.org/x/sys v0.41.0
)

require (
	github.com/BurntSushi/toml v0.3.1 // indirect
	github.com/itchyny/timefmt-go v0.1.9 // indirect
	golang.org/x/tools v0.26.0 // indirect
	gopkg.in/yaml.v2 v2.3.0 // indirect
)
