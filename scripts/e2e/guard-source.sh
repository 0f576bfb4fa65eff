# guard-source.sh: sourced by the e2e scripts.
# e2e_guard_source HOME [TOML]: under HOME/.symposium, the e2e plugin source (a plugin
# "e2e-guard" for serde whose PreToolUse hook on Bash runs guard.sh, with TOML appended to its
# manifest) and a config.toml that reads only that source (no central source, no user plugins).
E2E_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
e2e_guard_source() {
  local home=$1 extra=${2:-}
  local P=$home/.symposium/plugins-e2e/e2e-guard
  mkdir -p "$P"
  cp "$E2E_DIR/guard.sh" "$P/guard.sh"
  chmod +x "$P/guard.sh"
  cat >"$P/SYMPOSIUM.toml" <<'TOML'
name = "e2e-guard"
crates = ["serde"]

[[hooks]]
name = "no-blocked-marker"
event = "PreToolUse"
matcher = "Bash"
command = "./guard.sh"
TOML
  [ -z "$extra" ] || printf '\n%s\n' "$extra" >>"$P/SYMPOSIUM.toml"
  cat >"$home/.symposium/config.toml" <<TOML
[defaults]
symposium-recommendations = false
user-plugins = false

[[plugin-source]]
name = "e2e"
path = "$home/.symposium/plugins-e2e"
auto-update = false
TOML
}
