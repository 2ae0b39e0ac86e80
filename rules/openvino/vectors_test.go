package openvino

import (
	"errors"
	"strconv"
	"strings"
	"testing"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/internal/tsvtest"
	"github.com/promote-dev/promote/kit"
)

// errTexts maps the error ids of the vectors to the text OpenVINO's
// message carries.
var errTexts = map[string]string{"E0": msgE0, "E1": msgE1, "E2": msgE2, "E3": msgE3, "E4": msgE4}

// vector is one line of rules.tsv or examples.tsv.
type vector struct {
	line     int
	options  []string
	operands string
	want     string
	rule     string
	msg      string
}

// readVectors reads a tab-separated vector file: options, operands, want,
// rule and an optional message substring; # starts a comment line.
func readVectors(t *testing.T, path string) []vector {
	t.Helper()
	var out []vector
	for _, row := range tsvtest.Read(t, path) {
		n, fields := row.Line, row.Fields
		if len(fields) < 4 || len(fields) > 5 {
			t.Fatalf("%s:%d: want 4 or 5 tab-separated fields, got %d", path, n, len(fields))
		}
		v := vector{line: n, operands: fields[1], want: fields[2], rule: fields[3]}
		if fields[0] != "-" {
			v.options = strings.Fields(fields[0])
		}
		if len(fields) == 5 {
			v.msg = fields[4]
		}
		out = append(out, v)
	}
	return out
}

// check runs one vector through Result and compares.
func (v vector) check(t *testing.T, path string) {
	t.Helper()
	r, err := Def.Build(v.options...)
	if err != nil {
		t.Fatalf("%s:%d: build %v: %v", path, v.line, v.options, err)
	}
	ops, err := promote.ParseOperands(Def.Dialect, v.operands)
	if err != nil {
		t.Fatalf("%s:%d: parse %q: %v", path, v.line, v.operands, err)
	}
	got, err := r.Result(ops...)
	where := path + ":" + strconv.Itoa(v.line) + ": " + strings.Join(v.options, " ") + " [" + v.operands + "]"
	if text, isErr := errTexts[v.want]; isErr || v.want == "refuse" {
		var pe *promote.Error
		if !errors.As(err, &pe) {
			t.Errorf("%s: got %v (err %v), want a refusal %s by %s", where, got, err, v.want, v.rule)
			return
		}
		if pe.Rule == nil || pe.Rule.ID != v.rule {
			t.Errorf("%s: refused by %v, want %s", where, pe.Rule, v.rule)
		}
		if isErr && !strings.Contains(pe.Msg, text) {
			t.Errorf("%s: message %q lacks %s text %q", where, pe.Msg, v.want, text)
		}
		if v.msg != "" && !strings.Contains(pe.Msg, v.msg) {
			t.Errorf("%s: message %q lacks %q", where, pe.Msg, v.msg)
		}
		if strings.Contains(err.Error(), "\n") {
			t.Errorf("%s: message has a newline: %q", where, err)
		}
		return
	}
	if err != nil {
		t.Errorf("%s: got error %v, want %s by %s", where, err, v.want, v.rule)
		return
	}
	if got.String() != v.want || got.Rule == nil || got.Rule.ID != v.rule {
		t.Errorf("%s: got %s by %v, want %s by %s", where, got, got.Rule, v.want, v.rule)
	}
}

// TestRules runs testdata/rules.tsv: every rule R1..R11 and every refusal.
func TestRules(t *testing.T) {
	const path = "testdata/rules.tsv"
	vs := readVectors(t, path)
	seen := map[string]bool{}
	for _, v := range vs {
		v.check(t, path)
		seen[v.rule] = true
	}
	for _, r := range []*promote.Rule{R1, R2, R3, R4, R5, R6, R7, R8, R9, R10, R11, ruleInputs, ruleTensors, ruleNoWeak, kit.NoOperands} {
		if !seen[r.ID] {
			t.Errorf("no vector exercises %s", r.ID)
		}
	}
}

// TestSpecExamples runs testdata/examples.tsv: the op spec's worked
// examples and its three IR examples.
func TestSpecExamples(t *testing.T) {
	const path = "testdata/examples.tsv"
	for _, v := range readVectors(t, path) {
		v.check(t, path)
	}
}

// TestRuleSources checks that every rule names where it comes from.
func TestRuleSources(t *testing.T) {
	for i, r := range []*promote.Rule{R1, R2, R3, R4, R5, R6, R7, R8, R9, R10, R11} {
		if want := "R" + strconv.Itoa(i+1); r.ID != want {
			t.Errorf("rule %d has ID %s, want %s", i+1, r.ID, want)
		}
		if r.Source != "openvinotoolkit/openvino src/core/src/op/convert_promote_types.cpp@cb272d55" {
			t.Errorf("%s: source %q", r.ID, r.Source)
		}
		if r.Text == "" {
			t.Errorf("%s: no text", r.ID)
		}
	}
	for _, r := range []*promote.Rule{ruleInputs, ruleTensors, ruleNoWeak} {
		if r.Source == "" || r.Text == "" {
			t.Errorf("%s: missing text or source", r.ID)
		}
	}
}

// TestSupported checks R1's set against the catalogue: exactly the 19
// types of the brief.
func TestSupported(t *testing.T) {
	want := map[dtype.DType]bool{}
	for _, d := range []dtype.DType{dtype.Dynamic, dtype.Bool, dtype.F16, dtype.F32, dtype.F64, dtype.BF16,
		dtype.I4, dtype.I8, dtype.I16, dtype.I32, dtype.I64, dtype.U1, dtype.U4, dtype.U8, dtype.U16,
		dtype.U32, dtype.U64, dtype.F8E4M3FN, dtype.F8E5M2} {
		want[d] = true
	}
	for _, d := range dtype.All() {
		if Supported(d) != want[d] {
			t.Errorf("Supported(%s) = %v, want %v", d, Supported(d), want[d])
		}
	}
	if Supported(dtype.Invalid) || Supported(dtype.DType(200)) {
		t.Error("an invalid dtype is supported")
	}
}
