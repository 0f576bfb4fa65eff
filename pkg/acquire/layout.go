package acquire

import (
	"fmt"
	"net/url"
	"path/filepath"
	"strings"
)

// Where installations live and what a github url may name: the matcher
// (pkg/plugin) names each installation's directory with these, and the
// installer checks a directory from the match stream against them. They
// live here, not in pkg/plugin, so that sym-install links no manifest
// parser for them.

// ghPartOK: a GitHub owner or repository name.
func ghPartOK(s string) bool { return nameOf(s, 100, "._-") }

// InstallKind names a source in installation directory names: the
// source, or "setup" for one that only has install_commands.
func InstallKind(source string) string {
	if source == "" {
		return "setup"
	}
	return source
}

// InstallCache is where acquired installations live, below the cache.
func InstallCache(cache string) string { return filepath.Join(cache, "installations") }

// GitHubURL is a parsed github installation url: a repository (archive of
// Ref, default HEAD, then Subdir), or a release asset.
type GitHubURL struct {
	Owner, Repo string
	Ref, Subdir string
	Tag, Asset  string // a release asset: …/releases/download/<tag>/<asset>
}

// ParseGitHubURL accepts https://github.com/O/R, …/tree/REF[/PATH] and
// …/releases/download/TAG/ASSET. Each part is checked, so it can only
// become a path segment of the download URL.
func ParseGitHubURL(s string) (GitHubURL, error) {
	u, err := url.Parse(s)
	if err != nil || u.Scheme != "https" || (u.Host != "github.com" && u.Host != "www.github.com") || u.RawQuery != "" || u.Fragment != "" {
		return GitHubURL{}, fmt.Errorf("%q: must be https://github.com/OWNER/REPO, …/tree/REF/PATH or …/releases/download/TAG/ASSET", s)
	}
	parts := strings.Split(strings.Trim(u.Path, "/"), "/")
	for _, p := range parts {
		if !ghPartOK(p) || p == "." || p == ".." {
			return GitHubURL{}, fmt.Errorf("%q: path segment %q is not allowed (letters, digits, '.', '-', '_')", s, p)
		}
	}
	g := GitHubURL{}
	switch {
	case len(parts) == 2:
		g.Owner, g.Repo = parts[0], strings.TrimSuffix(parts[1], ".git")
	case len(parts) >= 4 && parts[2] == "tree":
		g.Owner, g.Repo, g.Ref, g.Subdir = parts[0], parts[1], parts[3], strings.Join(parts[4:], "/")
	case len(parts) == 6 && parts[2] == "releases" && parts[3] == "download":
		g.Owner, g.Repo, g.Tag, g.Asset = parts[0], parts[1], parts[4], parts[5]
	default:
		return GitHubURL{}, fmt.Errorf("%q: must be https://github.com/OWNER/REPO, …/tree/REF/PATH or …/releases/download/TAG/ASSET", s)
	}
	return g, nil
}
