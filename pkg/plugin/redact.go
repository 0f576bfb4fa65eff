package plugin

import (
	"net/url"
	"strings"
)

// redacted stands in for a hidden credential, as url.URL.Redacted writes it.
const redacted = "xxxxx"

// RedactURL returns the git URL s with the credentials it carries hidden,
// for messages, records and logs (git itself gets s as it is: a private
// repository needs them). A password is hidden, and so is a user name
// alone over http(s), which is how a token is given
// (https://ghp_…@github.com/…); an ssh user name (git@) is not a secret.
func RedactURL(s string) string {
	u, err := url.Parse(s)
	if err != nil || u.User == nil {
		return s
	}
	if _, ok := u.User.Password(); ok {
		return u.Redacted()
	}
	switch strings.ToLower(u.Scheme) {
	case "http", "https":
		if u.User.Username() != "" {
			u.User = url.User(redacted)
			return u.String()
		}
	}
	return s
}

// redactIn hides, in msg (git's own error text, which may quote a URL),
// the credentials of each URL in urls.
func redactIn(msg string, urls ...string) string {
	for _, s := range urls {
		u, err := url.Parse(s)
		if err != nil || u.User == nil || RedactURL(s) == s {
			continue
		}
		msg = strings.ReplaceAll(msg, s, RedactURL(s))
		// The user info as written, wherever the rest differs.
		if _, rest, ok := strings.Cut(s, "://"); ok {
			if info, _, ok := strings.Cut(rest, "@"); ok && info != "" {
				hidden := redacted
				if _, ok := u.User.Password(); ok {
					hidden = u.User.Username() + ":" + redacted
				}
				msg = strings.ReplaceAll(msg, info+"@", hidden+"@")
			}
		}
		// And the secret alone, decoded (git may print it so); short ones
		// would match ordinary words.
		secret, ok := u.User.Password()
		if !ok {
			secret = u.User.Username()
		}
		if len(secret) >= 8 {
			msg = strings.ReplaceAll(msg, secret, redacted)
		}
	}
	return msg
}
