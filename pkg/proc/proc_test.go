package proc

import (
	"path/filepath"
	"slices"
	"testing"
)

func TestPrependPath(t *testing.T) {
	sep := string(filepath.ListSeparator)
	tests := []struct {
		name      string
		env, dirs []string
		want      []string
	}{
		{"no dirs: env as is", []string{"PATH=/bin"}, nil, []string{"PATH=/bin"}},
		{"before the inherited PATH", []string{"HOME=/h", "PATH=/bin"}, []string{"/a", "/b"}, []string{"HOME=/h", "PATH=/bin", "PATH=/a" + sep + "/b" + sep + "/bin"}},
		{"the last PATH is the one in force", []string{"PATH=/old", "PATH=/new"}, []string{"/a"}, []string{"PATH=/old", "PATH=/new", "PATH=/a" + sep + "/new"}},
		{"no PATH: no empty entry (the current directory)", []string{"HOME=/h"}, []string{"/a"}, []string{"HOME=/h", "PATH=/a"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := PrependPath(slices.Clone(tt.env), tt.dirs); !slices.Equal(got, tt.want) {
				t.Errorf("PrependPath(%q, %q) = %q, want %q", tt.env, tt.dirs, got, tt.want)
			}
		})
	}
}
