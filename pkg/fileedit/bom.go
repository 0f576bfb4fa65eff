package fileedit

import "bytes"

// utf8BOM is what Windows editors (Notepad, PowerShell's Out-File, Visual
// Studio) may put at the start of a UTF-8 file. The JSON, TOML and YAML
// parsers refuse it, and the agents that read these files skip it, so we
// parse without it and put it back when we write.
var utf8BOM = []byte{0xEF, 0xBB, 0xBF}

// cutBOM reports whether data starts with a UTF-8 BOM and returns data
// without it.
func cutBOM(data []byte) (bool, []byte) {
	rest, ok := bytes.CutPrefix(data, utf8BOM)
	return ok, rest
}

// withBOM puts the BOM back in front of data when the file had one.
func withBOM(bom bool, data []byte) []byte {
	if !bom {
		return data
	}
	return append(bytes.Clone(utf8BOM), data...)
}
