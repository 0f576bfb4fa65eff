package stream

import (
	"encoding/json"
	"reflect"
	"testing"
)

// TestDecodeSkill: a record DecodeSkill takes decodes as encoding/json
// decodes it; any other is left to encoding/json.
func TestDecodeSkill(t *testing.T) {
	tests := []struct {
		line  string
		takes bool
	}{
		{`{"kind":"skill","name":"serde-basics","plugin":"","source":"bench","dir":"/p/serde-basics","description":"Serde's basics.","crates":["serde>=1.0","serde_json"]}`, true},
		{`{"kind":"skill","name":"a","plugin":"p","source":"s","dir":"/d"}`, true},
		{`{"kind":"skill","name":"a","crates":[]}`, true},
		{`{"kind":"skill","name":"ünïcödé","dir":"/d/ü"}`, true},
		{`{"kind":"skill","name":"a","name":"b","crates":["x"],"crates":["y","z"]}`, true},
		{`{}`, true},
		{`{"kind":"skill","description":"say \"hi\""}`, false},
		{`{"kind":"skill","description":"caf\u00e9"}`, false},
		{"{\"kind\":\"skill\",\"name\":\"bad \xff\"}", false},
		{`{"kind":"skill","Name":"a"}`, false},
		{`{"kind":"skill","future":"x"}`, false},
		{`{"kind":"skill","crates":null}`, false},
		{`{"kind":"skill","crates":["a",1]}`, false},
		{`{ "kind" : "skill" }`, false},
		{`{"kind":"skill","name":7}`, false},
	}
	for _, tt := range tests {
		var got Skill
		took := DecodeSkill([]byte(tt.line), &got)
		if took != tt.takes {
			t.Errorf("%s: DecodeSkill took it: %v, want %v", tt.line, took, tt.takes)
		}
		if !took {
			if !reflect.DeepEqual(got, Skill{}) {
				t.Errorf("%s: refused, but set %+v", tt.line, got)
			}
			continue
		}
		var want Skill
		if err := json.Unmarshal([]byte(tt.line), &want); err != nil {
			t.Fatalf("%s: %v", tt.line, err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s:\nDecodeSkill %#v\njson        %#v", tt.line, got, want)
		}
	}
}

// FuzzDecodeSkill: whatever valid JSON object DecodeSkill takes, it decodes
// as encoding/json does.
func FuzzDecodeSkill(f *testing.F) {
	f.Add(`{"kind":"skill","name":"a","plugin":"","source":"s","dir":"/d","description":"x","crates":["a","b"]}`)
	f.Add(`{"kind":"skill","crates":[]}`)
	f.Add(`{"name":"a","name":"b"}`)
	f.Fuzz(func(t *testing.T, line string) {
		var want Skill
		if json.Unmarshal([]byte(line), &want) != nil || !json.Valid([]byte(line)) {
			return
		}
		var got Skill
		if DecodeSkill([]byte(line), &got) && !reflect.DeepEqual(got, want) {
			t.Errorf("%s:\nDecodeSkill %#v\njson        %#v", line, got, want)
		}
	})
}
