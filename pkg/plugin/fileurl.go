package plugin

import (
	"fmt"
	"net/url"
	"strings"
)

// fileURL reads a file:// git URL as the local path it names on goos and
// returns that path and the URL git gets for it. git parses file:// URLs
// itself, per system (connect.c, parse_connect_url): on Windows it reads
// file://C:/x as a drive path ("file://$(pwd)" may be
// "file://C:/projects/repo") and file://server/share/x as the share
// \\server\share\x; file:///C:/x, the form RFC 8089 and most tools write,
// leaves it the path /C:/x, which that code does not treat as a drive; on
// Unix it ignores a host. So the URL is normalised here to the forms that
// code documents, and checked: a host on Unix, or a share with no share
// name on Windows, is refused rather than left for git to guess at.
func fileURL(goos, s string) (path, gitURL string, err error) {
	scheme, rest, _ := strings.Cut(s, "://")
	if !strings.EqualFold(scheme, "file") {
		return "", "", fmt.Errorf("%q is not a file:// URL", s)
	}
	if goos == "windows" {
		rest = strings.ReplaceAll(rest, `\`, "/")
	}
	host, p := "", rest
	if !strings.HasPrefix(rest, "/") {
		host, p, _ = strings.Cut(rest, "/")
		p = "/" + p
	}
	if host, err = url.PathUnescape(host); err == nil {
		p, err = url.PathUnescape(p)
	}
	if err != nil {
		return "", "", fmt.Errorf("%q: bad %% escape in a file URL", s)
	}
	if strings.EqualFold(host, "localhost") {
		host = ""
	}
	if goos == "windows" {
		return windowsFileURL(s, host, p)
	}
	switch {
	case host != "":
		return "", "", fmt.Errorf("%q names the host %q: a file URL names a local path here (file:///PATH)", s, host)
	case p == "/" && rest == "":
		return "", "", fmt.Errorf("%q: no path in the file URL", s)
	}
	return p, gitFile(p), nil
}

// windowsFileURL is fileURL's Windows part: host and p are the URL's
// decoded host ("" for a local path) and path (starting with /).
func windowsFileURL(s, host, p string) (path, gitURL string, err error) {
	if host == "" && strings.HasPrefix(p, "//") { // file:////server/share/x
		host, p, _ = strings.Cut(p[2:], "/")
		p = "/" + p
	}
	if host == "" && len(p) >= 3 && isDriveLetter(p[1]) && (p[2] == ':' || p[2] == '|') {
		host, p = p[1:2]+":", p[3:] // file:///C:/x, file:///C|/x
		if p == "" {
			p = "/"
		}
	}
	switch {
	case host == "" && p == "/":
		return "", "", fmt.Errorf("%q: no path in the file URL", s)
	case host == "":
		return strings.ReplaceAll(p, "/", `\`), gitFile(p), nil // rooted, on the current drive
	case len(host) == 2 && isDriveLetter(host[0]) && host[1] == ':':
		return host + strings.ReplaceAll(p, "/", `\`), gitFile(host + p), nil
	}
	share, _, _ := strings.Cut(strings.TrimPrefix(p, "/"), "/")
	if share == "" {
		return "", "", fmt.Errorf("%q names the host %q but no share: write file://%s/SHARE/PATH", s, host, host)
	}
	return `\\` + host + strings.ReplaceAll(p, "/", `\`), gitFile(host + p), nil
}

// gitFile is the file:// URL git reads as rest (a decoded host and path):
// git %-decodes a URL before it parses it, so a % stays one only escaped.
func gitFile(rest string) string {
	return "file://" + strings.ReplaceAll(rest, "%", "%25")
}

func isDriveLetter(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }
