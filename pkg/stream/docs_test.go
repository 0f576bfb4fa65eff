package stream

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestEveryKindDocumented fails when a record kind has no example line in
// docs/streams.md, so the contract a user greps with jq stays complete.
func TestEveryKindDocumented(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "..", "docs", "streams.md"))
	if err != nil {
		t.Fatal(err)
	}
	doc := string(data)
	for _, k := range AllKinds {
		if !strings.Contains(doc, `"kind":"`+k+`"`) {
			t.Errorf("docs/streams.md has no example record with \"kind\":%q", k)
		}
	}
}
