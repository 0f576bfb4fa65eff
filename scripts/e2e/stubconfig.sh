# stubconfig.sh: sourced by the e2e scripts.
#
# stub_opencode_config BASEURL [SCHEMA]: an OpenCode (or Kilo, its fork) config on stdout whose
# only model is the stub at BASEURL, with bash and edits allowed without asking (a headless run
# cannot ask), no auto-update and no sharing.
stub_opencode_config() {
  local schema=
  [ -n "${2:-}" ] && schema="  \"\$schema\": \"$2\","
  cat <<JSON
{${schema:+
$schema}
  "provider": { "stub": { "npm": "@ai-sdk/openai-compatible", "name": "Stub",
    "options": { "baseURL": "$1", "apiKey": "sk-fake" },
    "models": { "stub-model": { "name": "Stub model", "tool_call": true } } } },
  "model": "stub/stub-model",
  "permission": { "bash": "allow", "edit": "allow" },
  "autoupdate": false,
  "share": "disabled"
}
JSON
}
