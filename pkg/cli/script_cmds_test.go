package cli_test

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"time"

	"github.com/itchyny/gojq"
	"github.com/rogpeppe/go-internal/testscript"
	"github.com/tailscale/hujson"
)

func customCommands() map[string]func(ts *testscript.TestScript, neg bool, args []string) {
	return map[string]func(ts *testscript.TestScript, neg bool, args []string){
		"seedstate": seedStateCmd, // hook_cmds_test.go
		// serve DIR: serve DIR over HTTP on 127.0.0.1 until the script ends;
		// $SERVE_URL is its base URL.
		"serve": func(ts *testscript.TestScript, neg bool, args []string) {
			if neg || len(args) != 1 {
				ts.Fatalf("usage: serve DIR")
			}
			srv := httptest.NewServer(http.FileServer(http.Dir(ts.MkAbs(args[0]))))
			ts.Defer(srv.Close)
			ts.Setenv("SERVE_URL", srv.URL)
		},
		// within DUR CMD ARGS...: run CMD as exec would (stdin, stdout,
		// stderr included), and fail when it took longer than DUR.
		"within": func(ts *testscript.TestScript, neg bool, args []string) {
			if neg || len(args) < 2 {
				ts.Fatalf("usage: within DURATION CMD ARGS...")
			}
			limit, err := time.ParseDuration(args[0])
			ts.Check(err)
			start := time.Now()
			ts.Check(ts.Exec(args[1], args[2:]...))
			if took := time.Since(start); took > limit {
				ts.Fatalf("%s took %s, more than %s", args[1], took.Round(time.Millisecond), limit)
			}
		},
		// sha256 FILE NAME: set $NAME to FILE's sha256 (hex).
		"sha256": func(ts *testscript.TestScript, neg bool, args []string) {
			if neg || len(args) != 2 {
				ts.Fatalf("usage: sha256 FILE NAME")
			}
			sum := sha256.Sum256([]byte(ts.ReadFile(args[0])))
			ts.Setenv(args[1], hex.EncodeToString(sum[:]))
		},
		// expand FILE: replace $NAME and ${NAME} in FILE with the script's
		// variables (a manifest that must carry a computed checksum);
		// ${NAME@json} is the value escaped for a JSON string (a payload's
		// cwd, which has backslashes on Windows).
		"expand": func(ts *testscript.TestScript, neg bool, args []string) {
			if neg || len(args) != 1 {
				ts.Fatalf("usage: expand FILE")
			}
			ts.Check(os.WriteFile(ts.MkAbs(args[0]), []byte(os.Expand(ts.ReadFile(args[0]), func(name string) string {
				if name, ok := strings.CutSuffix(name, "@json"); ok {
					b, _ := json.Marshal(ts.Getenv(name))
					return strings.Trim(string(b), `"`)
				}
				return ts.Getenv(name)
			})), 0o644))
		},
		// append FILE SRC: add SRC's bytes to the end of FILE (sh's
		// cat SRC >> FILE, without sh).
		"append": func(ts *testscript.TestScript, neg bool, args []string) {
			if neg || len(args) != 2 {
				ts.Fatalf("usage: append FILE SRC")
			}
			f, err := os.OpenFile(ts.MkAbs(args[0]), os.O_WRONLY|os.O_APPEND, 0)
			ts.Check(err)
			_, err = f.WriteString(ts.ReadFile(args[1]))
			if cerr := f.Close(); err == nil {
				err = cerr
			}
			ts.Check(err)
		},
		// replace FILE OLD NEW: replace each OLD in FILE with NEW (sh's sed
		// -i, without sh); OLD must be there.
		"replace": func(ts *testscript.TestScript, neg bool, args []string) {
			if neg || len(args) != 3 {
				ts.Fatalf("usage: replace FILE OLD NEW")
			}
			data := ts.ReadFile(args[0])
			if !strings.Contains(data, args[1]) {
				ts.Fatalf("%s has no %q", args[0], args[1])
			}
			ts.Check(os.WriteFile(ts.MkAbs(args[0]), []byte(strings.ReplaceAll(data, args[1], args[2])), 0o644))
		},
		// cmpenvjson FILE GOLDEN: cmpenv for a stream of records on every
		// system: GOLDEN's variables are put in JSON-escaped, and the two
		// are compared as JSON lines with each \ in a string read as /
		// (a Windows path where the golden file says $WORK/dir).
		"cmpenvjson": func(ts *testscript.TestScript, neg bool, args []string) {
			if len(args) != 2 {
				ts.Fatalf("usage: cmpenvjson FILE GOLDEN")
			}
			golden := os.Expand(ts.ReadFile(args[1]), func(name string) string {
				b, _ := json.Marshal(ts.Getenv(name))
				return strings.Trim(string(b), `"`)
			})
			got, err := slashJSONLines(ts.ReadFile(args[0]))
			ts.Check(err)
			want, err := slashJSONLines(golden)
			ts.Check(err)
			if eq := jsonLinesEqual(got, want); eq == neg {
				if neg {
					ts.Fatalf("%s and %s are equal as JSON (\\ read as /)", args[0], args[1])
				}
				ts.Fatalf("%s and %s differ as JSON (\\ read as /):\n--- %s\n%s\n--- %s\n%s", args[0], args[1], args[0], got, args[1], want)
			}
		},
		// cmpjson FILE1 FILE2: semantic JSON comparison (NDJSON line by line).
		"cmpjson": func(ts *testscript.TestScript, neg bool, args []string) {
			if len(args) != 2 {
				ts.Fatalf("usage: cmpjson FILE1 FILE2")
			}
			a, b := ts.ReadFile(args[0]), ts.ReadFile(args[1])
			eq := jsonLinesEqual([]byte(a), []byte(b))
			if eq == neg {
				if neg {
					ts.Fatalf("%s and %s are equal as JSON", args[0], args[1])
				}
				ts.Fatalf("%s and %s differ as JSON:\n--- %s\n%s\n--- %s\n%s", args[0], args[1], args[0], a, args[1], b)
			}
		},
		// jq FILE EXPR: FILE (JSON or JSONC) run through the jq expression
		// EXPR must give true (or any value but false and null); with !,
		// it must not. A JSON assertion, where grep would read text. $work
		// in EXPR is $WORK.
		"jq": jqCmd,
		// mkbare DIR SRC: make a bare git repository at DIR whose main branch
		// holds the files of SRC (one commit).
		"mkbare": func(ts *testscript.TestScript, neg bool, args []string) {
			if neg || len(args) != 2 {
				ts.Fatalf("usage: mkbare DIR SRCDIR")
			}
			bare, src := ts.MkAbs(args[0]), ts.MkAbs(args[1])
			tmp, err := os.MkdirTemp(ts.Getenv("WORK"), "mkbare-")
			ts.Check(err)
			runGit(ts, ts.Getenv("WORK"), "init", "-q", "-b", "main", tmp)
			ts.Check(os.CopyFS(tmp, os.DirFS(src)))
			runGit(ts, tmp, "add", "-A")
			runGit(ts, tmp, "commit", "-q", "-m", "init")
			ts.Check(os.MkdirAll(filepath.Dir(bare), 0o755))
			runGit(ts, ts.Getenv("WORK"), "clone", "-q", "--bare", tmp, bare)
		},
		// gitpush DIR SRC: push a commit to the bare repository at DIR whose
		// tree is the files of SRC.
		"gitpush": func(ts *testscript.TestScript, neg bool, args []string) {
			if neg || len(args) != 2 {
				ts.Fatalf("usage: gitpush DIR SRCDIR")
			}
			bare, src := ts.MkAbs(args[0]), ts.MkAbs(args[1])
			tmp, err := os.MkdirTemp(ts.Getenv("WORK"), "gitpush-")
			ts.Check(err)
			runGit(ts, ts.Getenv("WORK"), "clone", "-q", bare, tmp)
			runGit(ts, tmp, "rm", "-q", "-r", ".")
			ts.Check(os.CopyFS(tmp, os.DirFS(src)))
			runGit(ts, tmp, "add", "-A")
			runGit(ts, tmp, "commit", "-q", "-m", "next")
			runGit(ts, tmp, "push", "-q", "origin", "main")
		},
		// backdate PATH...: set the modification time of each PATH, and of
		// everything below it, to an hour ago, and the same for the test
		// binary (the executable is an input of the sync fingerprint). Files
		// written less than 2 s ago are not trusted by a fingerprint (the
		// racy-stamp rule); backdating lets a script test the fast path
		// without sleeping.
		"backdate": func(ts *testscript.TestScript, neg bool, args []string) {
			if neg || len(args) == 0 {
				ts.Fatalf("usage: backdate PATH...")
			}
			old := time.Now().Add(-time.Hour)
			// The binary is one executable for every script, and scripts run
			// in parallel: each sets it to the same fixed time, so one
			// script's backdate never changes another's recorded stamp.
			exe, err := os.Executable()
			ts.Check(err)
			fixed := time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC)
			ts.Check(os.Chtimes(exe, fixed, fixed))
			for _, a := range args {
				ts.Check(filepath.WalkDir(ts.MkAbs(a), func(p string, d fs.DirEntry, err error) error {
					if err != nil || d.Type()&fs.ModeSymlink != 0 {
						return err
					}
					return os.Chtimes(p, old, old)
				}))
			}
		},
	}
}

// runGit runs git in dir with the script's git config and a fixed author.
func runGit(ts *testscript.TestScript, dir string, args ...string) {
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GIT_CONFIG_GLOBAL="+ts.Getenv("GIT_CONFIG_GLOBAL"), "GIT_CONFIG_NOSYSTEM=1",
		"GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@example.com", "GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@example.com")
	if out, err := cmd.CombinedOutput(); err != nil {
		ts.Fatalf("git %v: %v\n%s", args, err, out)
	}
}

func jsonLinesEqual(a, b []byte) bool {
	la, lb := splitNonEmpty(a), splitNonEmpty(b)
	if len(la) != len(lb) {
		// Maybe a single (multi-line) JSON document.
		var va, vb any
		if json.Unmarshal(a, &va) == nil && json.Unmarshal(b, &vb) == nil {
			return reflect.DeepEqual(va, vb)
		}
		return false
	}
	for i := range la {
		var va, vb any
		if json.Unmarshal(la[i], &va) != nil || json.Unmarshal(lb[i], &vb) != nil {
			var da, db any
			if json.Unmarshal(a, &da) == nil && json.Unmarshal(b, &db) == nil {
				return reflect.DeepEqual(da, db)
			}
			return false
		}
		if !reflect.DeepEqual(va, vb) {
			return false
		}
	}
	return true
}

func splitNonEmpty(b []byte) [][]byte {
	var out [][]byte
	for _, l := range bytes.Split(b, []byte("\n")) {
		if len(bytes.TrimSpace(l)) > 0 {
			out = append(out, l)
		}
	}
	return out
}

func jqCmd(ts *testscript.TestScript, neg bool, args []string) {
	if len(args) != 2 {
		ts.Fatalf("usage: jq FILE EXPR")
	}
	data, err := hujson.Standardize([]byte(ts.ReadFile(args[0])))
	ts.Check(err)
	var doc any
	ts.Check(json.Unmarshal(data, &doc))
	q, err := gojq.Parse(args[1])
	ts.Check(err)
	// $work is the script's $WORK, as a jq string: written into the
	// expression by the script, a Windows path's backslashes would be
	// escapes.
	code, err := gojq.Compile(q, gojq.WithVariables([]string{"$work"}))
	ts.Check(err)
	iter := code.Run(doc, ts.Getenv("WORK"))
	v, ok := iter.Next()
	if err, isErr := v.(error); isErr {
		ts.Fatalf("jq %s: %v", args[1], err)
	}
	truthy := ok && v != nil && v != false
	if truthy == neg {
		ts.Fatalf("jq %s %q gave %v; want %s", args[0], args[1], v, map[bool]string{false: "true", true: "false or null"}[neg])
	}
}

// slashJSONLines decodes each line of text as JSON and encodes it again
// with every backslash in a string (keys too) turned into a slash.
func slashJSONLines(text string) ([]byte, error) {
	var out bytes.Buffer
	for _, line := range splitNonEmpty([]byte(text)) {
		var v any
		if err := json.Unmarshal(line, &v); err != nil {
			return nil, err
		}
		b, err := json.Marshal(slashStrings(v))
		if err != nil {
			return nil, err
		}
		out.Write(b)
		out.WriteByte('\n')
	}
	return out.Bytes(), nil
}

func slashStrings(v any) any {
	switch v := v.(type) {
	case string:
		return strings.ReplaceAll(v, `\`, "/")
	case []any:
		for i := range v {
			v[i] = slashStrings(v[i])
		}
	case map[string]any:
		m := make(map[string]any, len(v))
		for k, e := range v {
			m[strings.ReplaceAll(k, `\`, "/")] = slashStrings(e)
		}
		return m
	}
	return v
}
