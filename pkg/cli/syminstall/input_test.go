package syminstall

import (
	"bytes"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/symposium-dev/symposium-go/pkg/stream"
)

// TestReadInput: the skills, workspace, sources and hooks of a match
// stream, whichever way each skill record is written.
func TestReadInput(t *testing.T) {
	in := `{"kind":"workspace","root":"/ws"}
{"kind":"source","name":"bench","dir":"/p"}
{"kind":"skill","name":"a","plugin":"","source":"bench","dir":"/p/a","description":"A.","crates":["x>=1"]}
{"kind":"skill", "name":"b","dir":"/p/b"}
{"kind":"skill","name":"c\u00e9","dir":"/p/c"}
{"kind":"rejected","what":"skill","name":"d","reason":"r"}
{"kind":"skill","name":"e","dir":"/p/e","crates":[]}
`
	got, err := readInput(strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	want := []stream.Skill{
		{Kind: stream.KindSkill, Name: "a", Source: "bench", Dir: "/p/a", Description: "A.", Crates: []string{"x>=1"}},
		{Kind: stream.KindSkill, Name: "b", Dir: "/p/b"},
		{Kind: stream.KindSkill, Name: "cé", Dir: "/p/c"},
		{Kind: stream.KindSkill, Name: "e", Dir: "/p/e", Crates: []string{}},
	}
	if !reflect.DeepEqual(got.Skills, want) {
		t.Errorf("skills:\n%#v\nwant\n%#v", got.Skills, want)
	}
	if got.Workspace.Root != "/ws" || len(got.Sources) != 1 || got.Sources[0].Dir != "/p" {
		t.Errorf("workspace %+v, sources %+v", got.Workspace, got.Sources)
	}
	if _, err := readInput(strings.NewReader(in + "{\"kind\":\"skill\",\"crates\":[1]}\n")); err == nil || !strings.Contains(err.Error(), "<stdin>:8") {
		t.Errorf("a bad skill record: %v, want an error naming <stdin>:8", err)
	}
}

// BenchmarkReadInput reads the match stream of a first sync at 1,000
// generated skills (515 matched).
func BenchmarkReadInput(b *testing.B) {
	var in bytes.Buffer
	w := stream.NewWriter(&in)
	w.Write(stream.Workspace{Kind: stream.KindWorkspace, Root: "/dev/shm/bench/ws"})
	for i := range 515 {
		name := fmt.Sprintf("skill-%04d", i*2)
		w.Write(stream.Skill{Kind: stream.KindSkill, Name: name, Source: "bench", Dir: fmt.Sprintf("/dev/shm/bench/plugins/group-%02d/%s", i%20, name),
			Description: fmt.Sprintf("Generated skill %d for crate-%04d.", i*2, i), Crates: []string{fmt.Sprintf("crate-%04d>=1.0", i)}})
	}
	w.Flush()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := readInput(bytes.NewReader(in.Bytes())); err != nil {
			b.Fatal(err)
		}
	}
}
