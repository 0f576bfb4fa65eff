package config

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"
)

// The edits below splice text into the user's config.toml, so comments,
// blank lines, key order and every setting init does not change survive.
// Each edit is checked by parsing the result.

// EditAgents returns data with agents added (appended after the last
// [[agent]] block, or at the end) and removed ([[agent]] blocks deleted
// with their comments-free lines). Agents already present are not added
// twice.
func EditAgents(path string, data []byte, add, remove []string) ([]byte, error) {
	lines := splitLines(data)
	removeSet := map[string]bool{}
	for _, r := range remove {
		removeSet[r] = true
	}
	present := map[string]bool{}
	var out []string
	lastAgentEnd := -1 // index in out after the last kept [[agent]] block
	for i := 0; i < len(lines); {
		if !isHeader(lines[i], "[[agent]]") {
			out = append(out, lines[i])
			i++
			continue
		}
		end := blockEnd(lines, i)
		name := blockName(lines[i:end])
		if removeSet[name] {
			// Drop the block and the blank lines that separated it.
			for len(out) > 0 && strings.TrimSpace(out[len(out)-1]) == "" && end < len(lines) {
				out = out[:len(out)-1]
			}
			if end < len(lines) && len(out) > 0 {
				out = append(out, "")
			}
			i = end
			continue
		}
		present[name] = true
		out = append(out, lines[i:end]...)
		// The block's trailing blank lines are not part of it.
		for len(out) > 0 && strings.TrimSpace(out[len(out)-1]) == "" {
			out = out[:len(out)-1]
		}
		lastAgentEnd = len(out)
		for j := end - 1; j >= i && strings.TrimSpace(lines[j]) == ""; j-- {
			out = append(out, lines[j])
		}
		i = end
	}
	if n := len(lines); n > 0 && strings.TrimSpace(lines[n-1]) != "" {
		for len(out) > 0 && strings.TrimSpace(out[len(out)-1]) == "" {
			out = out[:len(out)-1]
		}
	}
	var block []string
	for _, a := range add {
		if present[a] || removeSet[a] {
			continue
		}
		present[a] = true
		block = append(block, "", "[[agent]]", "name = "+strconv.Quote(a))
	}
	if len(block) > 0 {
		if lastAgentEnd >= 0 {
			tail := append([]string{}, out[lastAgentEnd:]...)
			out = append(append(out[:lastAgentEnd], block...), tail...)
		} else {
			for len(out) > 0 && strings.TrimSpace(out[len(out)-1]) == "" {
				out = out[:len(out)-1]
			}
			if len(out) == 0 {
				block = block[1:]
			}
			out = append(out, block...)
		}
	}
	return check(path, joinLines(out, data))
}

// SetHookScope returns data with the top-level hook-scope set to scope,
// replacing the existing line or inserting one before the first table.
func SetHookScope(path string, data []byte, scope string) ([]byte, error) {
	lines := splitLines(data)
	line := "hook-scope = " + strconv.Quote(scope)
	firstTable := len(lines)
	for i, l := range lines {
		if strings.HasPrefix(strings.TrimSpace(l), "[") {
			firstTable = i
			break
		}
	}
	for i := 0; i < firstTable; i++ {
		if key, _, ok := strings.Cut(strings.TrimSpace(lines[i]), "="); ok && strings.TrimSpace(key) == "hook-scope" {
			if strings.TrimSpace(lines[i]) == line {
				return data, nil
			}
			lines[i] = line
			return check(path, joinLines(lines, data))
		}
	}
	// Insert after the last top-level key line, before the first table.
	at := 0
	for i := 0; i < firstTable; i++ {
		t := strings.TrimSpace(lines[i])
		if t != "" && !strings.HasPrefix(t, "#") {
			at = i + 1
		}
	}
	ins := []string{line}
	if at == 0 && firstTable < len(lines) {
		ins = append(ins, "")
	}
	lines = append(lines[:at], append(ins, lines[at:]...)...)
	return check(path, joinLines(lines, data))
}

func isHeader(line, header string) bool {
	t := strings.TrimSpace(line)
	if i := strings.Index(t, "#"); i >= 0 {
		t = strings.TrimSpace(t[:i])
	}
	return strings.ReplaceAll(t, " ", "") == header
}

// blockEnd returns the index of the first line after the table starting at i.
func blockEnd(lines []string, i int) int {
	j := i + 1
	for j < len(lines) && !strings.HasPrefix(strings.TrimSpace(lines[j]), "[") {
		j++
	}
	// Comments directly above the next header belong to it.
	for j > i+1 && strings.HasPrefix(strings.TrimSpace(lines[j-1]), "#") && j < len(lines) {
		j--
	}
	return j
}

func blockName(block []string) string {
	for _, l := range block[1:] {
		key, val, ok := strings.Cut(l, "=")
		if !ok || strings.TrimSpace(key) != "name" {
			continue
		}
		val = strings.TrimSpace(val)
		if i := strings.Index(val, "#"); i > 0 && (val[0] != '"' || strings.Count(val[:i], `"`) >= 2) {
			val = strings.TrimSpace(val[:i])
		}
		if s, err := strconv.Unquote(val); err == nil {
			return s
		}
		return strings.Trim(val, `'`)
	}
	return ""
}

func splitLines(data []byte) []string {
	s := strings.ReplaceAll(string(data), "\r\n", "\n")
	s = strings.TrimSuffix(s, "\n")
	if s == "" {
		return nil
	}
	return strings.Split(s, "\n")
}

func joinLines(lines []string, orig []byte) []byte {
	nl := "\n"
	if bytes.Contains(orig, []byte("\r\n")) {
		nl = "\r\n"
	}
	if len(lines) == 0 {
		return nil
	}
	return []byte(strings.Join(lines, nl) + nl)
}

func check(path string, data []byte) ([]byte, error) {
	if _, _, err := Parse(path, data); err != nil {
		return nil, fmt.Errorf("editing %s would make it invalid (%v); edit it by hand", path, err)
	}
	return data, nil
}
