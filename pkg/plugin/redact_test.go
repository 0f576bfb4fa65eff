package plugin

import "testing"

func TestRedactURL(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"https://alice:ghp_SECRET123@example.com/org/repo.git", "https://alice:xxxxx@example.com/org/repo.git"},
		{"https://ghp_SECRET123@example.com/org/repo.git", "https://xxxxx@example.com/org/repo.git"},
		{"http://x-access-token:tok@h/r", "http://x-access-token:xxxxx@h/r"},
		{"ssh://git@example.com/org/repo.git", "ssh://git@example.com/org/repo.git"},
		{"ssh://git:pw@example.com/r", "ssh://git:xxxxx@example.com/r"},
		{"git@github.com:org/repo.git", "git@github.com:org/repo.git"},
		{"https://github.com/org/repo", "https://github.com/org/repo"},
		{"/local/path", "/local/path"},
	} {
		if got := RedactURL(tc.in); got != tc.want {
			t.Errorf("RedactURL(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestRedactIn(t *testing.T) {
	const u = "https://alice:ghp_SECRET123@example.com/org/repo.git"
	for _, tc := range []struct{ msg, want string }{
		{"fatal: unable to access '" + u + "/': refused", "fatal: unable to access 'https://alice:xxxxx@example.com/org/repo.git/': refused"},
		{"remote https://alice:ghp_SECRET123@example.com/other", "remote https://alice:xxxxx@example.com/other"},
		{"password ghp_SECRET123 rejected", "password xxxxx rejected"},
		{"nothing secret here", "nothing secret here"},
	} {
		if got := redactIn(tc.msg, "--", u, "/tmp/dir"); got != tc.want {
			t.Errorf("redactIn(%q) = %q, want %q", tc.msg, got, tc.want)
		}
	}
	tok := "https://ghp_USERTOKEN@example.com/r"
	if got := redactIn("cannot read https://ghp_USERTOKEN@example.com/x (ghp_USERTOKEN)", tok); got != "cannot read https://xxxxx@example.com/x (xxxxx)" {
		t.Errorf("user token: %q", got)
	}
}
