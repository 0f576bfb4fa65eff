// Command genskills writes a synthetic plugin source for measuring
// sym-match: N skills over a list of crates, a tenth of them inside plugins
// (with a [[skills]] group, a hook and an MCP server), the rest standalone.
//
//	go run ./scripts/genskills -n 1000 -out /tmp/plugins
//
// Each skill names one crate from -crates with a version requirement, so
// roughly len(matching crates)/len(crates) of them match a workspace.
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

func main() {
	n := flag.Int("n", 1000, "number of skills")
	out := flag.String("out", "", "directory to write (created; must be empty or absent)")
	crates := flag.String("crates", "serde,serde_json,tokio,regex,memchr,log,anyhow,bstr,clap,rand,toasty,reqwest,hyper,axum,tracing,thiserror", "comma-separated crate names")
	flag.Parse()
	if *out == "" {
		fmt.Fprintln(os.Stderr, "genskills: -out is required")
		os.Exit(2)
	}
	if err := generate(*out, *n, strings.Split(*crates, ",")); err != nil {
		fmt.Fprintln(os.Stderr, "genskills:", err)
		os.Exit(1)
	}
}

func write(path, content string) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	return os.WriteFile(path, []byte(content), 0o644)
}

func generate(out string, n int, crates []string) error {
	reqs := []string{"", ">=1.0", "^0.4", "<2", "~1.0", "=1"}
	for i := 0; i < n; i++ {
		crate := crates[i%len(crates)]
		req := reqs[(i/len(crates))%len(reqs)]
		body := strings.Repeat(fmt.Sprintf("Guidance line %d for %s.\n", i, crate), 20)
		if i%10 == 0 {
			// one plugin per ten skills: the skill sits in its group.
			dir := filepath.Join(out, fmt.Sprintf("plugin-%04d", i))
			manifest := fmt.Sprintf(`name = "plugin-%04d"
crates = [%q]

[[skills]]
crates = [%q]
source.path = "skills"

[[hooks]]
name = "check-%04d"
event = "PreToolUse"
matcher = "Bash"
command = "./check.sh"

[[mcp_servers]]
name = "mcp-%04d"
command = ["mcp-%04d", "--stdio"]
`, i, crate, crate+req, i, i, i)
			if err := write(filepath.Join(dir, "SYMPOSIUM.toml"), manifest); err != nil {
				return err
			}
			skill := fmt.Sprintf("---\nname: gen-skill-%04d\ndescription: Generated skill %d for %s.\n---\n%s", i, i, crate, body)
			if err := write(filepath.Join(dir, "skills", fmt.Sprintf("s%04d", i), "SKILL.md"), skill); err != nil {
				return err
			}
			continue
		}
		group := filepath.Join(out, fmt.Sprintf("group-%02d", i%20))
		skill := fmt.Sprintf("---\nname: gen-skill-%04d\ndescription: Generated skill %d for %s.\ncrates: %s%s\n---\n%s", i, i, crate, crate, req, body)
		if err := write(filepath.Join(group, fmt.Sprintf("skill-%04d", i), "SKILL.md"), skill); err != nil {
			return err
		}
	}
	return nil
}
