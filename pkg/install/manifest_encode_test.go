package install

import (
	"bytes"
	"fmt"
	"reflect"
	"testing"

	"github.com/pelletier/go-toml/v2"
)

// goTOMLManifest is how writeManifestAt encoded a manifest before
// encodeManifest: what encodeManifest must write, byte for byte.
func goTOMLManifest(t testing.TB, m manifest) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := toml.NewEncoder(&buf).SetArraysMultiline(true).Encode(m); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// hostileStrings are names and sums no real manifest holds but a hand
// encoder could get wrong: quotes, escapes, control and invalid bytes,
// non-ASCII, keys that cannot be bare.
var hostileStrings = []string{
	"", "a", "skill-0001", "A_z-9", "with space", "it's", `dq"uote`, `back\slash`,
	"new\nline", "cr\rlf", "tab\there", "\b\f", "\x00nul", "\x1f", "del\x7f", "é", "日本語",
	"emoji 😀", "\xff\xfe", "ok\xc3", "'", `"`, `'"'`, "a.b", "[x]", "k = v", "#", "\u2028", "\ufeff",
	"scripts/run.sh", "SKILL.md",
}

func TestEncodeManifestIsGoTOML(t *testing.T) {
	files := map[string]map[string]string{}
	for i, s := range hostileStrings {
		files[s] = map[string]string{s: s, "SKILL.md": fmt.Sprint(i)}
	}
	tests := []struct {
		name string
		m    manifest
	}{
		{"empty", manifest{}},
		{"empty installed", manifest{Installed: []string{}}},
		{"plain", manifest{
			Installed: []string{"a", "b"}, InstalledFor: []string{"claude"},
			Files: map[string]map[string]string{"a": {"SKILL.md": "e6e66cb26fbb03b5", "scripts/run.sh": "00"}, "b": {"SKILL.md": "01"}},
		}},
		{"hostile", manifest{Installed: hostileStrings, InstalledFor: hostileStrings, Files: files}},
		{"agents", manifest{
			Installed: []string{"a"},
			Agents: map[string]agentManifest{
				"claude": {MCPServers: []string{"x", "y'z"}},
				"codex":  {MCPServers: []string{"s"}, Skills: []string{"a"}},
				"old":    {Skills: []string{"a"}},
				"empty":  {},
				"we ird": {MCPServers: []string{"\n"}},
			},
		}},
		{"agents only", manifest{Agents: map[string]agentManifest{"claude": {MCPServers: []string{"x"}}}}},
		{"empty file tables", manifest{
			Installed: []string{"a", "b", "c"},
			Files:     map[string]map[string]string{"a": {}, "b": nil, "c": {"SKILL.md": "1"}},
		}},
		{"empty maps", manifest{Installed: []string{"a"}, Agents: map[string]agentManifest{}, Files: map[string]map[string]string{}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			checkManifestEncoding(t, tt.m)
		})
	}
}

// checkManifestEncoding checks that encodeManifest writes m as go-toml
// does, and that go-toml reads it back to m.
func checkManifestEncoding(t *testing.T, m manifest) {
	t.Helper()
	got, want := encodeManifest(m), goTOMLManifest(t, m)
	if !bytes.Equal(got, want) {
		t.Fatalf("encodeManifest:\n%s\ngo-toml:\n%s", got, want)
	}
	var back manifest
	if err := toml.Unmarshal(got, &back); err != nil {
		t.Fatalf("go-toml cannot read it back: %v\n%s", err, got)
	}
	var viaTOML manifest
	toml.Unmarshal(want, &viaTOML)
	if !reflect.DeepEqual(back, viaTOML) {
		t.Fatalf("read back %#v, go-toml's own reads %#v", back, viaTOML)
	}
}

func FuzzEncodeManifest(f *testing.F) {
	for _, s := range hostileStrings {
		f.Add(s, s, "SKILL.md", "abc")
	}
	f.Fuzz(func(t *testing.T, installed, agent, file, sum string) {
		checkManifestEncoding(t, manifest{
			Installed:    []string{installed, "x"},
			InstalledFor: []string{agent},
			Agents:       map[string]agentManifest{agent: {MCPServers: []string{sum}}, "b": {Skills: []string{file}}},
			Files:        map[string]map[string]string{installed: {file: sum, "SKILL.md": sum}, agent: {}},
		})
	})
}

// BenchmarkEncodeManifest encodes the manifest of 516 skills, about what
// a skills directory gets at 1,000 generated skills.
func BenchmarkEncodeManifest(b *testing.B) {
	m := manifest{InstalledFor: []string{"claude"}, Files: map[string]map[string]string{}}
	for i := range 516 {
		name := fmt.Sprintf("skill-%04d", i)
		m.Installed = append(m.Installed, name)
		m.Files[name] = map[string]string{"SKILL.md": fmt.Sprintf("%016x", i*7919)}
	}
	b.Run("go-toml", func(b *testing.B) {
		for range b.N {
			goTOMLManifest(b, m)
		}
	})
	b.Run("hand", func(b *testing.B) {
		for range b.N {
			encodeManifest(m)
		}
	})
}
