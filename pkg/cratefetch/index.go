package cratefetch

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	neturl "net/url"
	"path/filepath"
	"strings"

	"github.com/symposium-dev/symposium-go/pkg/cratesindex"
	"github.com/symposium-dev/symposium-go/pkg/semver"
)

// maxIndexFile bounds one crate's index file; the largest on crates.io
// are a few MiB.
const maxIndexFile = 32 << 20

// indexConfig is a sparse index's config.json.
type indexConfig struct {
	DL           string `json:"dl"`
	AuthRequired bool   `json:"auth-required"`
}

// indexEntry is one line of a crate's index file: one published version.
type indexEntry struct {
	Name   string `json:"name"`
	Vers   string `json:"vers"`
	Cksum  string `json:"cksum"`
	Yanked bool   `json:"yanked"`
}

// errNotFound is a 404 or 410: the server answered, it has no such file.
var errNotFound = errors.New("not found")

// Newest returns the newest version of the crate named name that is not
// yanked and that accept takes (nil takes any), with its checksum, from
// the crates.io index as cargo's config may replace it. Pre-releases are
// chosen only when no release qualifies, as `cargo add` does. Name is
// matched as crates.io does, '-' and '_' alike; the returned Crate has
// the published spelling. No such crate, or no qualifying version, is an
// *UnavailableError too, with the reason and Absent set.
//
// Offline, or when the index cannot be read, the newest qualifying version
// already unpacked on disk (our cache, cargo's registry/src) stands in: a
// crate enabled by name keeps the version it was read at until the index
// can be asked again, instead of vanishing with the network.
func (f *Fetcher) Newest(ctx context.Context, name string, accept func(version string) bool) (Crate, error) {
	c := Crate{Name: name}
	if !ValidName(name) {
		return c, &RefusedError{Crate: c, Reason: fmt.Sprintf("%q is not a crate name (ASCII letters, digits, '-' and '_', at most 64)", name)}
	}
	if f.Offline {
		if cached, ok := f.newestUnpacked(name, accept); ok {
			return cached, nil
		}
		return c, &UnavailableError{Crate: c, Reason: "offline, and only the registry's index knows its versions"}
	}
	reg, err := f.registryFor(c)
	if err != nil {
		return c, err
	}
	var entries []indexEntry
	for _, n := range cratesindex.Spellings(name) {
		entries, err = f.indexEntries(ctx, c, reg, n)
		if err == nil {
			break
		}
		if !errors.Is(err, errNotFound) {
			if cached, ok := f.newestUnpacked(name, accept); ok && errors.Is(err, ErrUnavailable) {
				f.warn("crate %s: the index could not be read (%v); using %s, the newest already unpacked", name, err, cached)
				return cached, nil
			}
			return c, err
		}
	}
	if err != nil {
		return c, &UnavailableError{Crate: c, Reason: "the index " + reg.index + " has no such crate", Absent: true}
	}
	var best, bestPre *semver.Version
	var pick, pickPre indexEntry
	for _, e := range entries {
		if e.Yanked || !ValidName(e.Name) || !validChecksum(e.Cksum) {
			continue
		}
		v, err := semver.Parse(e.Vers)
		if err != nil || (accept != nil && !accept(e.Vers)) {
			continue
		}
		if v.Prerelease() == "" {
			if best == nil || v.Compare(*best) > 0 {
				best, pick = &v, e
			}
		} else if bestPre == nil || v.Compare(*bestPre) > 0 {
			bestPre, pickPre = &v, e
		}
	}
	if best == nil {
		best, pick = bestPre, pickPre
	}
	if best == nil {
		return c, &UnavailableError{Crate: c, Reason: "the index " + reg.index + " lists no usable version (all yanked or excluded)", Absent: true}
	}
	return Crate{Name: pick.Name, Version: pick.Vers, Checksum: pick.Cksum}, nil
}

// indexEntries reads the index file of the crate spelled name. Lines that
// do not parse are skipped, as cargo does with entries it cannot use.
func (f *Fetcher) indexEntries(ctx context.Context, c Crate, reg registry, name string) ([]indexEntry, error) {
	data, err := f.regGet(ctx, c, reg, reg.index+cratesindex.Path(name), indexLimit(reg, "index file", maxIndexFile))
	if err != nil {
		return nil, err
	}
	var out []indexEntry
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 0, 64<<10), maxIndexFile)
	for sc.Scan() {
		var e indexEntry
		if json.Unmarshal(sc.Bytes(), &e) == nil {
			out = append(out, e)
		}
	}
	return out, nil
}

// config returns the index's config.json, fetched once per Fetcher.
func (f *Fetcher) config(ctx context.Context, c Crate, reg registry) (indexConfig, error) {
	f.mu.Lock()
	cfg, ok := f.configs[reg.index]
	f.mu.Unlock()
	if ok {
		return cfg, nil
	}
	data, err := f.regGet(ctx, c, reg, reg.index+"config.json", indexLimit(reg, "config.json", 1<<20))
	if errors.Is(err, errNotFound) {
		return cfg, &UnavailableError{Crate: c, Reason: reg.index + " is not a sparse index (no config.json)"}
	}
	if err != nil {
		return cfg, err
	}
	if err := json.Unmarshal(data, &cfg); err != nil || cfg.DL == "" {
		return cfg, &UnavailableError{Crate: c, Reason: reg.index + "config.json has no \"dl\" URL", Err: err}
	}
	f.mu.Lock()
	if f.configs == nil {
		f.configs = map[string]indexConfig{}
	}
	f.configs[reg.index] = cfg
	f.mu.Unlock()
	return cfg, nil
}

// download fetches the crate's archive from its registry, checks it and
// unpacks it. Without a Cargo.lock checksum, the index's is used, so no
// download is unpacked unchecked.
func (f *Fetcher) download(ctx context.Context, c Crate) (string, error) {
	reg, err := f.registryFor(c)
	if err != nil {
		return "", err
	}
	switch {
	case reg.directory != "":
		return vendored(c, reg)
	case reg.localRegistry != "":
		file := filepath.Join(reg.localRegistry, dirName(c)+".crate")
		if !isRegular(file) {
			return "", &UnavailableError{Crate: c, Reason: fmt.Sprintf("the local registry %s (source %q in %s) has no %s", reg.localRegistry, reg.name, reg.file, filepath.Base(file))}
		}
		data, err := f.readArchive(c, file)
		if err != nil {
			return "", err
		}
		if err := checkSum(c, file, data, c.Checksum); err != nil {
			return "", err
		}
		return f.unpack(c, file, data)
	}
	if f.Offline {
		return "", &UnavailableError{Crate: c, Reason: "offline, and cargo has not downloaded it"}
	}
	cfg, err := f.config(ctx, c, reg)
	if err != nil {
		return "", err
	}
	if cfg.AuthRequired {
		return "", &UnavailableError{Crate: c, Reason: "registry " + reg.name + " requires authentication, which only cargo has"}
	}
	want := c.Checksum
	if want == "" {
		entries, err := f.indexEntries(ctx, c, reg, c.Name)
		if errors.Is(err, errNotFound) {
			return "", &UnavailableError{Crate: c, Reason: "the index " + reg.index + " has no such crate"}
		}
		if err != nil {
			return "", err
		}
		for _, e := range entries {
			if e.Vers == c.Version && validChecksum(e.Cksum) {
				want = e.Cksum
			}
		}
		if want == "" {
			return "", &UnavailableError{Crate: c, Reason: "the index " + reg.index + " has no checksum for this version"}
		}
	}
	url := dlURL(cfg.DL, c, want)
	data, err := f.regGet(ctx, c, reg, url, bodyLimit{max: f.maxArchive(), what: "archive", fix: fixTooBig})
	if errors.Is(err, errNotFound) {
		return "", &UnavailableError{Crate: c, Reason: "registry " + reg.name + " has no " + url}
	}
	if err != nil {
		return "", err
	}
	if err := checkSum(c, url, data, want); err != nil {
		return "", err
	}
	return f.unpack(c, url, data)
}

// dlURL fills in the index's download template; one without markers gets
// /{crate}/{version}/download appended, as cargo does. Name and version
// were validated, so they need no escaping.
func dlURL(tmpl string, c Crate, checksum string) string {
	markers := []string{"{crate}", "{version}", "{prefix}", "{lowerprefix}", "{sha256-checksum}"}
	has := false
	for _, m := range markers {
		has = has || strings.Contains(tmpl, m)
	}
	if !has {
		tmpl = strings.TrimSuffix(tmpl, "/") + "/{crate}/{version}/download"
	}
	prefix := indexPrefix(c.Name)
	return strings.NewReplacer(
		"{crate}", c.Name,
		"{version}", c.Version,
		"{prefix}", prefix,
		"{lowerprefix}", strings.ToLower(prefix),
		"{sha256-checksum}", checksum,
	).Replace(tmpl)
}

// indexPrefix is the directory part of the crate's index path, in the
// name's own case (cargo's {prefix}).
func indexPrefix(name string) string {
	switch len(name) {
	case 1:
		return "1"
	case 2:
		return "2"
	case 3:
		return "3/" + name[:1]
	}
	return name[:2] + "/" + name[2:4]
}

// bodyLimit bounds one kind of body get reads, and names it for the
// refusal: an oversized archive has a fix (cargo unpacks it), an oversized
// index file or config.json is the registry's doing.
type bodyLimit struct {
	max  int64
	what string // "archive", "index file", "config.json"
	fix  string
}

// indexLimit is the limit for one of reg's index files.
func indexLimit(reg registry, what string, max int64) bodyLimit {
	fix := "a crate index serves small files (crates.io's largest index file is a few MiB): check the registry " + reg.name
	if reg.file != "" {
		fix += " that " + reg.file + " names"
	}
	return bodyLimit{max: max, what: what, fix: fix}
}

func (l bodyLimit) refuse(c Crate, url string) error {
	return &RefusedError{Crate: c, From: url, Reason: fmt.Sprintf("%s is over %d bytes", l.what, l.max), Fix: l.fix}
}

// get fetches url, at most lim.max bytes. A 404 or 410 wraps errNotFound;
// other failures are *UnavailableError, an oversized body *RefusedError.
func (f *Fetcher) get(ctx context.Context, c Crate, url string, lim bodyLimit) ([]byte, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return nil, &UnavailableError{Crate: c, Reason: "GET " + url, Err: err}
	}
	// crates.io asks automated clients to say who they are.
	req.Header.Set("User-Agent", "symposium-go (cargo agents)")
	hc := f.HTTP
	if hc == nil {
		hc = &http.Client{Timeout: DefaultTimeout}
	}
	resp, err := hc.Do(req)
	if err != nil {
		// *url.Error repeats the method and URL.
		var ue *neturl.Error
		if errors.As(err, &ue) {
			err = ue.Err
		}
		return nil, &UnavailableError{Crate: c, Reason: "GET " + url, Err: &unreachableError{err}}
	}
	defer resp.Body.Close()
	switch {
	case resp.StatusCode == http.StatusNotFound || resp.StatusCode == http.StatusGone:
		return nil, fmt.Errorf("GET %s: %s: %w", url, resp.Status, errNotFound)
	case resp.StatusCode != http.StatusOK:
		return nil, &UnavailableError{Crate: c, Reason: "GET " + url + ": " + resp.Status}
	}
	if resp.ContentLength > lim.max {
		return nil, lim.refuse(c, url)
	}
	data, err := io.ReadAll(io.LimitReader(resp.Body, lim.max+1))
	if err != nil {
		return nil, &UnavailableError{Crate: c, Reason: "GET " + url, Err: &unreachableError{err}}
	}
	if int64(len(data)) > lim.max {
		return nil, lim.refuse(c, url)
	}
	return data, nil
}
