package cargows

import (
	"fmt"

	"github.com/pelletier/go-toml/v2/unstable"
)

// manifest is the part of a Cargo.toml sym-deps reads.
type manifest struct {
	hasPackage     bool
	name           string
	version        string
	versionFromWs  bool   // version.workspace = true
	workspaceField string // package.workspace: path to the workspace root

	hasWorkspace bool
	members      []string
	exclude      []string
	wsVersion    string      // [workspace.package] version
	wsDeps       []namedSpec // [workspace.dependencies]

	deps    depTables
	targets []targetTables // [target.KEY.*], in file order

	path string // absolute path of this Cargo.toml
	dir  string
	data []byte
}

// depTables holds one platform's dependency tables, in file order. Slices,
// not maps: a workspace has thousands of declarations, and building maps for
// them cost more than the rare lookups (dotted keys, [dependencies.x]
// headers) that scan back from the end, where the entry being written is.
type depTables [numSections][]namedSpec

type namedSpec struct {
	name string // the TOML key
	depSpec
}

type targetTables struct {
	key string // as written
	depTables
}

// specIn returns the entry for name in list, adding it when missing.
func specIn(list *[]namedSpec, name []byte) *depSpec {
	for i := len(*list) - 1; i >= 0; i-- {
		if (*list)[i].name == string(name) {
			return &(*list)[i].depSpec
		}
	}
	*list = append(*list, namedSpec{name: bytesString(name)})
	return &(*list)[len(*list)-1].depSpec
}

// target returns the tables of [target.key], adding them when missing.
func (m *manifest) target(key []byte) *depTables {
	for i := range m.targets {
		if m.targets[i].key == string(key) {
			return &m.targets[i].depTables
		}
	}
	m.targets = append(m.targets, targetTables{key: bytesString(key)})
	return &m.targets[len(m.targets)-1].depTables
}

const numSections = 5

// sections names the dependency tables in depTables order, with their kinds.
var sections = [numSections]struct{ name, kind string }{
	{"dependencies", "normal"},
	{"dev-dependencies", "dev"},
	{"dev_dependencies", "dev"},
	{"build-dependencies", "build"},
	{"build_dependencies", "build"},
}

func sectionIndex(s []byte) int {
	switch string(s) {
	case "dependencies":
		return 0
	case "dev-dependencies":
		return 1
	case "dev_dependencies":
		return 2
	case "build-dependencies":
		return 3
	case "build_dependencies":
		return 4
	}
	return -1
}

// depSpec is one dependency value as written: `foo = "1.2"` or a table.
type depSpec struct {
	version, pkg, path, git, branch, tag, rev, registry string
	workspace, optional                                 bool
}

// set assigns one field of a dependency table; rest is the key below the
// dependency's name (empty for the `foo = "1.2"` form).
func (d *depSpec) set(key, rest [][]byte, v *unstable.Node) error {
	if len(rest) == 0 {
		s, err := tomlString(key, v)
		if err != nil {
			return fmt.Errorf("dependency %s: expected a version string or a table", key[len(key)-1])
		}
		d.version = s
		return nil
	}
	if len(rest) > 1 {
		return nil // deeper keys (none that cargo defines) do not matter here
	}
	var err error
	switch string(rest[0]) {
	case "version":
		d.version, err = tomlString(key, v)
	case "package":
		d.pkg, err = tomlString(key, v)
	case "path":
		d.path, err = tomlString(key, v)
	case "git":
		d.git, err = tomlString(key, v)
	case "branch":
		d.branch, err = tomlString(key, v)
	case "tag":
		d.tag, err = tomlString(key, v)
	case "rev":
		d.rev, err = tomlString(key, v)
	case "registry":
		d.registry, err = tomlString(key, v)
	case "workspace":
		d.workspace, err = tomlBool(key, v)
	case "optional":
		d.optional, err = tomlBool(key, v)
	}
	return err
}

// parseManifest reads the keys sym-deps needs from a Cargo.toml.
func parseManifest(p *unstable.Parser, path string, data []byte) (*manifest, error) {
	m := &manifest{path: path, data: data}
	err := walkTOML(p, path, data, func(key [][]byte, v *unstable.Node) error {
		if v.Kind == unstable.Table || v.Kind == unstable.ArrayTable {
			m.header(key, v.Kind == unstable.ArrayTable)
			return nil
		}
		if len(key) < 2 {
			return nil
		}
		return m.value(key, v)
	})
	if err != nil {
		return nil, err
	}
	return m, nil
}

// header notes a table header: [package], [workspace] and the dependency
// tables, whose entries exist even with no key set.
func (m *manifest) header(key [][]byte, arrayTable bool) {
	switch {
	case arrayTable || len(key) == 0:
	case string(key[0]) == "package":
		m.hasPackage = true
	case string(key[0]) == "workspace":
		m.hasWorkspace = true
		if len(key) == 3 && string(key[1]) == "dependencies" {
			specIn(&m.wsDeps, key[2])
		}
	case len(key) == 2 && sectionIndex(key[0]) >= 0:
		specIn(&m.deps[sectionIndex(key[0])], key[1])
	case len(key) == 4 && string(key[0]) == "target" && sectionIndex(key[2]) >= 0:
		specIn(&m.target(key[1])[sectionIndex(key[2])], key[3])
	}
}

// value reads one value (key has at least two parts) into m.
func (m *manifest) value(key [][]byte, v *unstable.Node) error {
	var err error
	switch string(key[0]) {
	case "package":
		m.hasPackage = true
		switch {
		case len(key) == 2 && string(key[1]) == "name":
			m.name, err = tomlString(key, v)
		case len(key) == 2 && string(key[1]) == "version":
			m.version, err = tomlString(key, v)
		case len(key) == 3 && string(key[1]) == "version" && string(key[2]) == "workspace":
			m.versionFromWs, err = tomlBool(key, v)
		case len(key) == 2 && string(key[1]) == "workspace":
			m.workspaceField, err = tomlString(key, v)
		}
	case "workspace":
		m.hasWorkspace = true
		err = m.workspaceValue(key, v)
	case "target":
		if len(key) < 4 {
			return nil
		}
		i := sectionIndex(key[2])
		if i < 0 {
			return nil
		}
		err = depSpecFor(&m.target(key[1])[i], key[3], key[4:]).set(key, key[4:], v)
	default:
		if i := sectionIndex(key[0]); i >= 0 {
			err = depSpecFor(&m.deps[i], key[1], key[2:]).set(key, key[2:], v)
		}
	}
	return err
}

// workspaceValue reads one value of the [workspace] table.
func (m *manifest) workspaceValue(key [][]byte, v *unstable.Node) error {
	var err error
	switch string(key[1]) {
	case "members":
		if len(key) == 2 {
			m.members, err = tomlStrings(key, v)
		}
	case "exclude":
		if len(key) == 2 {
			m.exclude, err = tomlStrings(key, v)
		}
	case "package":
		if len(key) == 3 && string(key[2]) == "version" {
			m.wsVersion, err = tomlString(key, v)
		}
	case "dependencies":
		if len(key) >= 3 {
			err = depSpecFor(&m.wsDeps, key[2], key[3:]).set(key, key[3:], v)
		}
	}
	return err
}

// depSpecFor returns the spec of dependency name in list that a value at
// rest (the key below the name) sets.
func depSpecFor(list *[]namedSpec, name []byte, rest [][]byte) *depSpec {
	if len(rest) == 0 {
		// `name = "1.2"`: TOML forbids a second definition, so no lookup.
		*list = append(*list, namedSpec{name: bytesString(name)})
		return &(*list)[len(*list)-1].depSpec
	}
	return specIn(list, name)
}
