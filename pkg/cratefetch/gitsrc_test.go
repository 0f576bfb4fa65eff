package cratefetch

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/symposium-dev/symposium-go/internal/ostest"
)

const (
	commitA = "09f1ba7aed348482e3b24b4c7416c6a857887b17"
	commitB = "1111111aed348482e3b24b4c7416c6a857887b17"
)

// checkout is a fake cargo git checkout.
type checkout struct {
	repo   string            // <ident>-<hash> under git/checkouts
	rev    string            // the short-rev directory; "" means commit[:7]
	commit string            // what .git says HEAD is
	head   string            // "ref" (default), "detached", "packed"
	noOK   bool              // leave out .cargo-ok
	files  map[string]string // relative path -> content
}

func (co checkout) make(t *testing.T, home string) string {
	t.Helper()
	rev := co.rev
	if rev == "" {
		rev = co.commit[:7]
	}
	dir := filepath.Join(home, "git", "checkouts", co.repo, rev)
	for name, body := range co.files {
		writeFile(t, filepath.Join(dir, filepath.FromSlash(name)), body)
	}
	switch co.head {
	case "detached":
		writeFile(t, filepath.Join(dir, ".git", "HEAD"), co.commit+"\n")
	case "packed":
		writeFile(t, filepath.Join(dir, ".git", "HEAD"), "ref: refs/heads/master\n")
		writeFile(t, filepath.Join(dir, ".git", "packed-refs"), "# pack-refs with: peeled fully-peeled sorted\n"+co.commit+" refs/heads/master\n")
	default:
		writeFile(t, filepath.Join(dir, ".git", "HEAD"), "ref: refs/heads/master\n")
		writeFile(t, filepath.Join(dir, ".git", "refs", "heads", "master"), co.commit+"\n")
	}
	if !co.noOK {
		writeFile(t, filepath.Join(dir, ".cargo-ok"), "")
	}
	return dir
}

func pkgToml(name, version string) string {
	return "[package]\nname = \"" + name + "\"\nversion = \"" + version + "\"\nedition = \"2021\"\n"
}

func TestGitCheckout(t *testing.T) {
	src := func(url, commit string) string { return "git+" + url + "?branch=main#" + commit }
	workspace := map[string]string{
		"Cargo.toml":                     "[workspace]\nmembers = [\"crates/*\"]\n[workspace.package]\nversion = \"2.0.0\"\n" + pkgToml("root-pkg", "0.3.0"),
		"crates/inner/Cargo.toml":        pkgToml("inner", "1.2.0"),
		"crates/inh/Cargo.toml":          "[package]\nname = \"inh\"\nversion.workspace = true\n",
		"a/b/c/d/deep/Cargo.toml":        pkgToml("deep", "1.0.0"),
		"a/b/c/shallow4/Cargo.toml":      pkgToml("shallow4", "1.0.0"),
		"target/package/x/Cargo.toml":    pkgToml("built", "1.0.0"),
		".hidden/h/Cargo.toml":           pkgToml("hidden", "1.0.0"),
		"crates/inner/SYMPOSIUM.toml":    "",
		"crates/inner/skills/x/SKILL.md": "",
	}
	for _, tc := range []struct {
		name      string
		checkouts []checkout
		links     map[string]string // link (relative to home) -> target (relative to home)
		crate     Crate
		want      string // directory relative to home; "" means unavailable
		refused   bool
	}{
		{name: "root package",
			checkouts: []checkout{{repo: "repo-0123456789abcdef", commit: commitA, files: map[string]string{"Cargo.toml": pkgToml("demo", "1.0.0")}}},
			crate:     Crate{Name: "demo", Version: "1.0.0", Source: src("https://github.com/org/repo.git", commitA)},
			want:      "git/checkouts/repo-0123456789abcdef/09f1ba7"},
		{name: "no query, trailing slash",
			checkouts: []checkout{{repo: "repo-0123456789abcdef", commit: commitA, files: map[string]string{"Cargo.toml": pkgToml("demo", "1.0.0")}}},
			crate:     Crate{Name: "demo", Version: "1.0.0", Source: "git+https://example.com/org/repo/#" + commitA},
			want:      "git/checkouts/repo-0123456789abcdef/09f1ba7"},
		{name: "workspace member",
			checkouts: []checkout{{repo: "My.Repo-e66eb9142696bf45", commit: commitA, files: workspace}},
			crate:     Crate{Name: "inner", Version: "1.2.0", Source: src("file:///tmp/My.Repo.git", commitA)},
			want:      "git/checkouts/My.Repo-e66eb9142696bf45/09f1ba7/crates/inner"},
		{name: "workspace root package",
			checkouts: []checkout{{repo: "My.Repo-e66eb9142696bf45", commit: commitA, files: workspace}},
			crate:     Crate{Name: "root-pkg", Version: "0.3.0", Source: src("file:///tmp/My.Repo.git", commitA)},
			want:      "git/checkouts/My.Repo-e66eb9142696bf45/09f1ba7"},
		{name: "inherited version",
			checkouts: []checkout{{repo: "My.Repo-e66eb9142696bf45", commit: commitA, files: workspace}},
			crate:     Crate{Name: "inh", Version: "2.0.0", Source: src("file:///tmp/My.Repo.git", commitA)},
			want:      "git/checkouts/My.Repo-e66eb9142696bf45/09f1ba7/crates/inh"},
		{name: "depth 4 found",
			checkouts: []checkout{{repo: "My.Repo-e66eb9142696bf45", commit: commitA, files: workspace}},
			crate:     Crate{Name: "shallow4", Version: "1.0.0", Source: src("file:///tmp/My.Repo.git", commitA)},
			want:      "git/checkouts/My.Repo-e66eb9142696bf45/09f1ba7/a/b/c/shallow4"},
		{name: "depth 5 not searched",
			checkouts: []checkout{{repo: "My.Repo-e66eb9142696bf45", commit: commitA, files: workspace}},
			crate:     Crate{Name: "deep", Version: "1.0.0", Source: src("file:///tmp/My.Repo.git", commitA)}},
		{name: "target skipped",
			checkouts: []checkout{{repo: "My.Repo-e66eb9142696bf45", commit: commitA, files: workspace}},
			crate:     Crate{Name: "built", Version: "1.0.0", Source: src("file:///tmp/My.Repo.git", commitA)}},
		{name: "hidden skipped",
			checkouts: []checkout{{repo: "My.Repo-e66eb9142696bf45", commit: commitA, files: workspace}},
			crate:     Crate{Name: "hidden", Version: "1.0.0", Source: src("file:///tmp/My.Repo.git", commitA)}},
		{name: "version mismatch",
			checkouts: []checkout{{repo: "My.Repo-e66eb9142696bf45", commit: commitA, files: workspace}},
			crate:     Crate{Name: "inner", Version: "1.2.1", Source: src("file:///tmp/My.Repo.git", commitA)}},
		{name: "wrong commit",
			checkouts: []checkout{{repo: "repo-0123456789abcdef", rev: commitA[:7], commit: commitB, files: map[string]string{"Cargo.toml": pkgToml("demo", "1.0.0")}}},
			crate:     Crate{Name: "demo", Version: "1.0.0", Source: src("https://github.com/org/repo", commitA)}},
		{name: "other commit only",
			checkouts: []checkout{{repo: "repo-0123456789abcdef", commit: commitB, files: map[string]string{"Cargo.toml": pkgToml("demo", "1.0.0")}}},
			crate:     Crate{Name: "demo", Version: "1.0.0", Source: src("https://github.com/org/repo", commitA)}},
		{name: "unfinished checkout",
			checkouts: []checkout{{repo: "repo-0123456789abcdef", commit: commitA, noOK: true, files: map[string]string{"Cargo.toml": pkgToml("demo", "1.0.0")}}},
			crate:     Crate{Name: "demo", Version: "1.0.0", Source: src("https://github.com/org/repo", commitA)}},
		{name: "detached head",
			checkouts: []checkout{{repo: "repo-0123456789abcdef", commit: commitA, head: "detached", files: map[string]string{"Cargo.toml": pkgToml("demo", "1.0.0")}}},
			crate:     Crate{Name: "demo", Version: "1.0.0", Source: src("https://github.com/org/repo", commitA)},
			want:      "git/checkouts/repo-0123456789abcdef/09f1ba7"},
		{name: "packed ref",
			checkouts: []checkout{{repo: "repo-0123456789abcdef", commit: commitA, head: "packed", files: map[string]string{"Cargo.toml": pkgToml("demo", "1.0.0")}}},
			crate:     Crate{Name: "demo", Version: "1.0.0", Source: src("https://github.com/org/repo", commitA)},
			want:      "git/checkouts/repo-0123456789abcdef/09f1ba7"},
		{name: "longer short rev",
			checkouts: []checkout{{repo: "repo-0123456789abcdef", rev: commitA[:9], commit: commitA, files: map[string]string{"Cargo.toml": pkgToml("demo", "1.0.0")}}},
			crate:     Crate{Name: "demo", Version: "1.0.0", Source: src("https://github.com/org/repo", commitA)},
			want:      "git/checkouts/repo-0123456789abcdef/09f1ba7ae"},
		{name: "github lower-cased",
			checkouts: []checkout{{repo: "myrepo-0123456789abcdef", commit: commitA, files: map[string]string{"Cargo.toml": pkgToml("demo", "1.0.0")}}},
			crate:     Crate{Name: "demo", Version: "1.0.0", Source: src("https://github.com/Org/MyRepo", commitA)},
			want:      "git/checkouts/myrepo-0123456789abcdef/09f1ba7"},
		{name: "same ident, the one at the commit",
			checkouts: []checkout{
				{repo: "repo-0000000000000000", commit: commitB, rev: commitA[:7], files: map[string]string{"Cargo.toml": pkgToml("demo", "1.0.0")}},
				{repo: "repo-ffffffffffffffff", commit: commitA, files: map[string]string{"Cargo.toml": pkgToml("demo", "1.0.0")}},
			},
			crate: Crate{Name: "demo", Version: "1.0.0", Source: src("https://gitlab.com/other/repo", commitA)},
			want:  "git/checkouts/repo-ffffffffffffffff/09f1ba7"},
		{name: "same ident, other crate in the first",
			checkouts: []checkout{
				{repo: "repo-0000000000000000", commit: commitA, files: map[string]string{"Cargo.toml": pkgToml("other", "1.0.0")}},
				{repo: "repo-ffffffffffffffff", commit: commitA, files: map[string]string{"Cargo.toml": pkgToml("demo", "1.0.0")}},
			},
			crate: Crate{Name: "demo", Version: "1.0.0", Source: src("https://gitlab.com/other/repo", commitA)},
			want:  "git/checkouts/repo-ffffffffffffffff/09f1ba7"},
		{name: "symlinked checkout dir refused",
			checkouts: []checkout{{repo: "elsewhere-0123456789abcdef", commit: commitA, files: map[string]string{"Cargo.toml": pkgToml("demo", "1.0.0")}}},
			links:     map[string]string{"git/checkouts/repo-0123456789abcdef/09f1ba7": "git/checkouts/elsewhere-0123456789abcdef/09f1ba7"},
			crate:     Crate{Name: "demo", Version: "1.0.0", Source: src("https://github.com/org/repo", commitA)}},
		{name: "symlinked repo dir refused",
			checkouts: []checkout{{repo: "elsewhere-0123456789abcdef", commit: commitA, files: map[string]string{"Cargo.toml": pkgToml("demo", "1.0.0")}}},
			links:     map[string]string{"git/checkouts/repo-0123456789abcdef": "git/checkouts/elsewhere-0123456789abcdef"},
			crate:     Crate{Name: "demo", Version: "1.0.0", Source: src("https://github.com/org/repo", commitA)}},
		{name: "symlinked member refused",
			checkouts: []checkout{{repo: "repo-0123456789abcdef", commit: commitA, files: map[string]string{"Cargo.toml": "[workspace]\n", "x/Cargo.toml": pkgToml("demo", "1.0.0")}}},
			links:     map[string]string{"git/checkouts/repo-0123456789abcdef/09f1ba7/member": "git/checkouts/repo-0123456789abcdef/09f1ba7/x"},
			crate:     Crate{Name: "demo", Version: "1.0.0", Source: src("https://github.com/org/repo", commitA)},
			want:      "git/checkouts/repo-0123456789abcdef/09f1ba7/x"},
		{name: "symlinked HEAD refused",
			checkouts: []checkout{{repo: "repo-0123456789abcdef", commit: commitA, head: "detached", files: map[string]string{"Cargo.toml": pkgToml("demo", "1.0.0"), "head": commitA}}},
			links:     map[string]string{"git/checkouts/repo-0123456789abcdef/09f1ba7/.git/HEAD": "git/checkouts/repo-0123456789abcdef/09f1ba7/head"},
			crate:     Crate{Name: "demo", Version: "1.0.0", Source: src("https://github.com/org/repo", commitA)}},
		{name: "symlinked Cargo.toml refused",
			checkouts: []checkout{{repo: "repo-0123456789abcdef", commit: commitA, files: map[string]string{"real.toml": pkgToml("demo", "1.0.0")}}},
			links:     map[string]string{"git/checkouts/repo-0123456789abcdef/09f1ba7/Cargo.toml": "git/checkouts/repo-0123456789abcdef/09f1ba7/real.toml"},
			crate:     Crate{Name: "demo", Version: "1.0.0", Source: src("https://github.com/org/repo", commitA)}},
		{name: "not a registry crate",
			checkouts: nil,
			crate:     Crate{Name: "demo", Version: "1.0.0", Source: src("https://github.com/org/demo", commitA)}},
		{name: "no locked commit",
			crate: Crate{Name: "demo", Version: "1.0.0", Source: "git+https://github.com/org/repo?branch=main"}},
		{name: "short commit", refused: true,
			crate: Crate{Name: "demo", Version: "1.0.0", Source: src("https://github.com/org/repo", "09f1ba7")}},
		{name: "commit with path", refused: true,
			crate: Crate{Name: "demo", Version: "1.0.0", Source: "git+https://github.com/org/repo#../../../../../../etc/passwd"}},
		{name: "dot-dot ident", refused: true,
			crate: Crate{Name: "demo", Version: "1.0.0", Source: src("https://github.com/org/..", commitA)}},
		{name: "encoded slash ident", refused: true,
			crate: Crate{Name: "demo", Version: "1.0.0", Source: src("https://github.com/org/a%2F..%2F..", commitA)}},
		{name: "dot ident", refused: true,
			crate: Crate{Name: "demo", Version: "1.0.0", Source: src("https://github.com/org/.", commitA)}},
		{name: "glob ident", refused: true,
			crate: Crate{Name: "demo", Version: "1.0.0", Source: src("https://github.com/org/re*po", commitA)}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			home := t.TempDir()
			for _, co := range tc.checkouts {
				co.make(t, home)
			}
			if len(tc.links) > 0 {
				ostest.Symlinks(t) // else a refusal would hold for want of the link
			}
			for link, target := range tc.links {
				p := filepath.Join(home, filepath.FromSlash(link))
				os.RemoveAll(p)
				if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.Symlink(filepath.Join(home, filepath.FromSlash(target)), p); err != nil {
					t.Fatal(err)
				}
			}
			// A registry crate of the same name and version must not
			// stand in for the git dependency.
			writeFile(t, filepath.Join(home, "registry", "src", "index.crates.io-1949cf8c6b5b557f", "demo-1.0.0", "Cargo.toml"), pkgToml("demo", "1.0.0"))
			writeFile(t, filepath.Join(home, "registry", "src", "index.crates.io-1949cf8c6b5b557f", "demo-1.0.0", ".cargo-ok"), "")
			f := fetcher(t, home)
			f.Offline = true
			got, err := f.Source(context.Background(), tc.crate)
			local := f.Local(tc.crate)
			switch {
			case tc.refused:
				if !errors.Is(err, ErrRefused) {
					t.Fatalf("Source = %q, %v; want refused", got, err)
				}
				if local != "" {
					t.Errorf("Local = %q; want \"\"", local)
				}
			case tc.want == "":
				var ue *UnavailableError
				if !errors.As(err, &ue) {
					t.Fatalf("Source = %q, %v; want unavailable", got, err)
				}
				if !strings.Contains(err.Error(), "run `cargo fetch`") {
					t.Errorf("err = %v; want it to name cargo fetch", err)
				}
				if local != "" {
					t.Errorf("Local = %q; want \"\"", local)
				}
				t.Log(err)
			default:
				want := filepath.Join(home, filepath.FromSlash(tc.want))
				if err != nil || got != want {
					t.Fatalf("Source = %q, %v; want %q", got, err, want)
				}
				if local != want {
					t.Errorf("Local = %q; want %q", local, want)
				}
			}
		})
	}
}

// TestGitCheckoutRealCargo pins the layout to what cargo writes: a crate
// in a local bare repository, depended on through a file:// URL, fetched
// by cargo into a fresh CARGO_HOME.
func TestGitCheckoutRealCargo(t *testing.T) {
	for _, tool := range []string{"cargo", "git"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("%s is not on PATH: cannot make a real cargo git checkout", tool)
		}
	}
	tmp := t.TempDir()
	run := func(dir string, env []string, name string, args ...string) string {
		t.Helper()
		cmd := exec.Command(name, args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), env...)
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("%s %s: %v\n%s", name, strings.Join(args, " "), err, out)
		}
		return strings.TrimSpace(string(out))
	}
	work := filepath.Join(tmp, "work")
	writeFile(t, filepath.Join(work, "Cargo.toml"), "[workspace]\nmembers = [\"crates/inner\"]\n\n"+pkgToml("root-pkg", "0.3.0"))
	writeFile(t, filepath.Join(work, "src", "lib.rs"), "")
	writeFile(t, filepath.Join(work, "crates", "inner", "Cargo.toml"), pkgToml("inner", "1.2.0")+"\n[package.metadata.symposium]\nname = \"inner\"\n")
	writeFile(t, filepath.Join(work, "crates", "inner", "src", "lib.rs"), "")
	gitEnv := []string{"GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@example.com", "GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@example.com",
		"GIT_CONFIG_GLOBAL=/dev/null", "GIT_CONFIG_NOSYSTEM=1"}
	run(work, gitEnv, "git", "init", "-q", "-b", "main")
	run(work, gitEnv, "git", "add", "-A")
	run(work, gitEnv, "git", "commit", "-q", "-m", "init")
	commit := run(work, gitEnv, "git", "rev-parse", "HEAD")
	bare := filepath.Join(tmp, "My.Repo.git")
	run(tmp, gitEnv, "git", "clone", "-q", "--bare", work, bare)

	app := filepath.Join(tmp, "app")
	url := "file://" + filepath.ToSlash(bare)
	writeFile(t, filepath.Join(app, "Cargo.toml"), pkgToml("app", "0.1.0")+
		"\n[dependencies]\ninner = { git = \""+url+"\", branch = \"main\" }\nroot-pkg = { git = \""+url+"\", branch = \"main\" }\n")
	writeFile(t, filepath.Join(app, "src", "lib.rs"), "")
	home := filepath.Join(tmp, "cargo-home")
	env := append([]string{"CARGO_HOME=" + home, "CARGO_NET_GIT_FETCH_WITH_CLI=false"}, gitEnv...)
	if os.Getenv("RUSTUP_HOME") == "" {
		if h, err := os.UserHomeDir(); err == nil {
			env = append(env, "RUSTUP_HOME="+filepath.Join(h, ".rustup"))
		}
	}
	run(app, env, "cargo", "generate-lockfile")
	run(app, env, "cargo", "fetch")
	lock, err := os.ReadFile(filepath.Join(app, "Cargo.lock"))
	if err != nil {
		t.Fatal(err)
	}
	source := "git+" + url + "?branch=main#" + commit
	if !strings.Contains(string(lock), `source = "`+source+`"`) {
		t.Fatalf("Cargo.lock has no source %q:\n%s", source, lock)
	}

	f := fetcher(t, home)
	f.Offline = true
	for _, tc := range []struct{ name, version, rel string }{
		{"inner", "1.2.0", "crates/inner"},
		{"root-pkg", "0.3.0", "."},
	} {
		c := Crate{Name: tc.name, Version: tc.version, Source: source}
		dir, err := f.Source(context.Background(), c)
		if err != nil {
			t.Fatalf("%s: Source: %v (checkouts: %v)", tc.name, err, listTree(t, filepath.Join(home, "git", "checkouts")))
		}
		checkouts, _ := filepath.Glob(filepath.Join(home, "git", "checkouts", "My.Repo-*", commit[:7]))
		if len(checkouts) != 1 {
			t.Fatalf("checkouts %v; want one My.Repo-*/%s", checkouts, commit[:7])
		}
		if want := filepath.Join(checkouts[0], filepath.FromSlash(tc.rel)); dir != want {
			t.Errorf("%s: Source = %q; want %q", tc.name, dir, want)
		}
		if got := f.Local(c); got != dir {
			t.Errorf("%s: Local = %q; want %q", tc.name, got, dir)
		}
	}
	// Another commit of the same repository is not there.
	other := Crate{Name: "inner", Version: "1.2.0", Source: "git+" + url + "?branch=main#" + strings.Repeat("0", 40)}
	if _, err := f.Source(context.Background(), other); !errors.Is(err, ErrUnavailable) {
		t.Errorf("other commit: err = %v; want unavailable", err)
	}
}
