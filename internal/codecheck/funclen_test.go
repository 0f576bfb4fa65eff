package codecheck

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// maxLines is the most lines a function outside tests may span, from its
// func keyword to its closing brace. Longer ones hide their steps: split
// them along those steps (the style guide aims at ~80).
const maxLines = 100

// pendingSplit lists the directories (relative to the module root,
// /-separated) whose long functions are being split by other work in
// progress: their functions are reported in the log but do not fail the
// test. Empty it as they land (it is: every function is within the limit).
var pendingSplit = map[string]bool{}

// TestFunctionLength fails for each function over maxLines lines in a
// non-test Go file of the module, and logs (under -v) every one over 80
// so a reviewer sees the ones heading that way.
func TestFunctionLength(t *testing.T) {
	root := filepath.Join("..", "..")
	long, err := longFunctions(root, 80)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range long {
		t.Logf("%4d lines: %s:%d %s", f.lines, f.file, f.line, f.name)
		if f.lines > maxLines && !pending(f.file) {
			t.Errorf("%s:%d: %s is %d lines long (limit %d): split it along its steps", f.file, f.line, f.name, f.lines, maxLines)
		}
	}
}

// TestFunctionLengthCounts checks the measure itself on a known source.
func TestFunctionLengthCounts(t *testing.T) {
	src := "package p\n\nfunc short() {}\n\nfunc (r *T) three() {\n\t_ = 1\n}\n\nvar f = func() {\n\t_ = 1\n}\n"
	tests := []struct {
		min  int
		want []string
	}{
		{0, []string{"short:1", "T.three:3"}},
		{2, []string{"T.three:3"}},
		{3, nil},
	}
	for _, tc := range tests {
		got, err := fileFunctions(token.NewFileSet(), "p.go", []byte(src), tc.min)
		if err != nil {
			t.Fatal(err)
		}
		var names []string
		for _, f := range got {
			names = append(names, f.name+":"+strconv.Itoa(f.lines))
		}
		if strings.Join(names, ",") != strings.Join(tc.want, ",") {
			t.Errorf("over %d: got %v, want %v", tc.min, names, tc.want)
		}
	}
	saved := pendingSplit
	defer func() { pendingSplit = saved }()
	pendingSplit = map[string]bool{"pkg/cli": true}
	if !pending("pkg/cli/setupcmd/init.go") || pending("pkg/client/x.go") {
		t.Error("pending: want a directory to cover its subdirectories, not a prefix of a name")
	}
}

type function struct {
	file  string // relative to the module root, /-separated
	line  int
	name  string
	lines int
}

// longFunctions returns every function declared in a non-test .go file
// under root (testdata and hidden directories skipped) that spans more
// than min lines, longest first.
func longFunctions(root string, min int) ([]function, error) {
	fset := token.NewFileSet()
	var out []function
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := d.Name()
		if d.IsDir() {
			if path != root && (name == "testdata" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_")) {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			return nil
		}
		rel, err := filepath.Rel(root, path)
		if err != nil {
			return err
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		fns, err := fileFunctions(fset, filepath.ToSlash(rel), src, min)
		if err != nil {
			return err
		}
		out = append(out, fns...)
		return nil
	})
	sort.SliceStable(out, func(i, j int) bool { return out[i].lines > out[j].lines })
	return out, err
}

// fileFunctions parses one file's source and returns its function
// declarations longer than min lines.
func fileFunctions(fset *token.FileSet, path string, src []byte, min int) ([]function, error) {
	f, err := parser.ParseFile(fset, path, src, parser.SkipObjectResolution)
	if err != nil {
		return nil, err
	}
	var out []function
	for _, decl := range f.Decls {
		fd, ok := decl.(*ast.FuncDecl)
		if !ok || fd.Body == nil {
			continue
		}
		start, end := fset.Position(fd.Pos()), fset.Position(fd.End())
		if n := end.Line - start.Line + 1; n > min {
			out = append(out, function{file: path, line: start.Line, name: funcName(fd), lines: n})
		}
	}
	return out, nil
}

// funcName is "Recv.Name" for a method, "Name" for a function.
func funcName(fd *ast.FuncDecl) string {
	if fd.Recv == nil || len(fd.Recv.List) == 0 {
		return fd.Name.Name
	}
	typ := fd.Recv.List[0].Type
	for {
		switch x := typ.(type) {
		case *ast.StarExpr:
			typ = x.X
			continue
		case *ast.IndexExpr:
			typ = x.X
			continue
		case *ast.IndexListExpr:
			typ = x.X
			continue
		case *ast.Ident:
			return x.Name + "." + fd.Name.Name
		}
		return fd.Name.Name
	}
}

// pending reports whether file lies in a directory of pendingSplit.
func pending(file string) bool {
	for dir := range pendingSplit {
		if strings.HasPrefix(file, dir+"/") {
			return true
		}
	}
	return false
}
