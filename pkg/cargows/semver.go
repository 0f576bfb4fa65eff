package cargows

import "github.com/symposium-dev/symposium-go/pkg/semver"

// sym-deps needs two of Cargo's semver rules: whether a locked version
// satisfies a requirement (to pick, among several locked versions of one
// crate, the one a declaration resolved to) and the lowest version a
// requirement allows (for a workspace without Cargo.lock). Both are
// pkg/semver's, the project's one version comparison.

// reqMatches reports whether version v satisfies requirement req.
func reqMatches(req, v string) (bool, error) {
	r, err := semver.ParseReq(req)
	if err != nil {
		return false, err
	}
	ver, err := semver.Parse(v)
	if err != nil {
		return false, err
	}
	return r.Matches(ver), nil
}

// lowestMatch returns the lowest version a requirement allows.
func lowestMatch(req string) (string, error) {
	r, err := semver.ParseReq(req)
	if err != nil {
		return "", err
	}
	return r.Lowest(), nil
}
