package plugin

import (
	"reflect"
	"strings"
	"testing"

	"github.com/symposium-dev/symposium-go/pkg/cratepred"
	"github.com/symposium-dev/symposium-go/pkg/stream"
)

// TestUnexplained: with Resolver.Unexplained, Match finds exactly what it
// finds without, and leaves out only the rejected records of standalone
// skills whose crates do not match.
func TestUnexplained(t *testing.T) {
	root := genSource(t, 300)
	set := cratepred.NewSet([]cratepred.Dep{{Name: "serde", Version: "1.0.200"}, {Name: "regex", Version: "0.1.0"}, {Name: "log", Version: "0.4.20"}})
	match := func(unexplained bool) *Result {
		return Match([]*Scan{Discover(&Source{Name: "gen", Dir: root})}, set, &Resolver{Unexplained: unexplained})
	}
	full, quiet := match(false), match(true)
	if len(full.Skills) == 0 || len(full.Rejected) == 0 {
		t.Fatalf("the test needs matched and rejected skills: %d, %d", len(full.Skills), len(full.Rejected))
	}
	var kept []stream.Rejected
	for _, r := range full.Rejected {
		if r.What == "skill" && strings.HasPrefix(r.Reason, "no atom matched") {
			continue
		}
		kept = append(kept, r)
	}
	if len(kept) == len(full.Rejected) {
		t.Fatal("no standalone skill was rejected for its crates")
	}
	quietRest, fullRest := *quiet, *full
	quietRest.Rejected, fullRest.Rejected = nil, nil
	if !reflect.DeepEqual(quietRest, fullRest) {
		t.Errorf("Unexplained changed the result:\n%+v\nwant\n%+v", quietRest, fullRest)
	}
	if !reflect.DeepEqual(quiet.Rejected, kept) {
		t.Errorf("Unexplained rejected\n%+v\nwant\n%+v", quiet.Rejected, kept)
	}
}
