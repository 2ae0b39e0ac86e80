package main

import (
	"bytes"
	"strings"
	"testing"

	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/rules"
)

// fuzzLimits keeps fuzzed line loops small: resource bounds are tested
// with ordinary tests (TestBatchLongLine, TestCastBounds), not here.
var fuzzLimits = lineLimits{bytes: 256, operands: 16}

// wantLines is how many lines a line loop must answer for input: one per
// line, the last counted without its ending, a leading byte-order mark
// not counted.
func wantLines(input []byte) int {
	input = bytes.TrimPrefix(input, utf8BOM)
	if len(input) == 0 {
		return 0
	}
	n := bytes.Count(input, []byte{'\n'})
	if input[len(input)-1] != '\n' {
		n++
	}
	return n
}

// checkAnswers checks a loop's output: one line per input line, each a
// dtype (with ? when weak) or "error: ...".
func checkAnswers(t *testing.T, input []byte, out string, answer func(string) bool) {
	t.Helper()
	var lines []string
	if out != "" {
		if !strings.HasSuffix(out, "\n") {
			t.Fatalf("output does not end a line: %q", out)
		}
		lines = strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	}
	if len(lines) != wantLines(input) {
		t.Fatalf("%d output lines for %d input lines: input %q, output %q", len(lines), wantLines(input), input, out)
	}
	for _, l := range lines {
		if !strings.HasPrefix(l, "error: ") && !answer(l) {
			t.Fatalf("line %q is neither an answer nor an error", l)
		}
	}
}

// FuzzBatchLoop drives batch's line loop with any input under any rule
// set: never a panic, one answer line per input line.
func FuzzBatchLoop(f *testing.F) {
	for _, s := range []string{"f16 i32\n\nu8 i8\n", "\xef\xbb\xbff32 -7\r\n", "i64[](300) 1.5", "u8[](300)\n" + strings.Repeat("f32 ", 70) + "\nx",
		"-nan f32?", "(1+2j) c64[2,?]", strings.Repeat("9", 300)} {
		f.Add([]byte(s), uint8(5))
	}
	defs := rules.All()
	f.Fuzz(func(t *testing.T, input []byte, which uint8) {
		r := defs[int(which)%len(defs)].MustBuild()
		var out bytes.Buffer
		if err := batchLoop(&env{stdin: bytes.NewReader(input), stdout: &out}, r, fuzzLimits); err != nil {
			t.Fatal(err)
		}
		checkAnswers(t, input, out.String(), func(l string) bool {
			_, err := dtype.Parse(strings.TrimSuffix(l, "?"))
			return err == nil
		})
	})
}

// FuzzCastLoop drives cast's line loop: never a panic, one line per input
// line, each a hex pattern or an error.
func FuzzCastLoop(f *testing.F) {
	for _, s := range []string{"0x3f800000\n1.5\n-inf\nnan\n-nan\n", "\xef\xbb\xbf1e-40", "1 2\n0x1 0x2\r\n", strings.Repeat("1", 300) + "\n2"} {
		f.Add("f32", "f16", "default", []byte(s))
	}
	f.Add("c64", "bf16", "default", []byte("1 2\n"))
	f.Add("i8", "u4", "openvino", []byte("-7\n300\n"))
	f.Fuzz(func(t *testing.T, from, to, policy string, input []byte) {
		c, err := newCaster(from, to, policy)
		if err != nil {
			return
		}
		var out bytes.Buffer
		if err := castLoop(&env{stdin: bytes.NewReader(input), stdout: &out}, c, fuzzLimits); err != nil {
			t.Fatal(err)
		}
		checkAnswers(t, input, out.String(), func(l string) bool { return strings.HasPrefix(l, "0x") })
	})
}

// FuzzInferRun runs promote infer on any program from standard input,
// typed under one rule set or linted across several: never a panic, exit
// 0 or 1, and the last line of the contract.
func FuzzInferRun(f *testing.F) {
	for _, s := range []string{"x: f32\ny: i8\nx * y\n", "\xef\xbb\xbfa: u8\na + 1\n", "x: i64[]\n-x ** 2\n", "a +\n", "", "x: bool[]\nz = x + 1L\nz\n"} {
		f.Add([]byte(s), uint8(0))
		f.Add([]byte(s), uint8(6))
	}
	names := rules.Names()
	f.Fuzz(func(t *testing.T, prog []byte, which uint8) {
		if len(prog) > 4096 {
			return // size bounds are TestInferSizeBound's
		}
		lint := int(which)%(len(names)+1) == len(names)
		args := []string{"infer", "-"}
		if !lint {
			args = []string{"infer", "-rules", names[int(which)%len(names)], "-"}
		}
		var out, errb bytes.Buffer
		code := run(&env{stdin: bytes.NewReader(prog), stdout: &out, stderr: &errb}, args)
		if code != 0 && code != 1 {
			t.Fatalf("%v on %q: exit %d, stderr %q", args, prog, code, errb.String())
		}
		last := lastLine(out.String())
		switch {
		case lint:
			if last != "all rule sets agree" && last != "no rule set could read the program" && !strings.HasPrefix(last, "first disagreement: line ") {
				t.Fatalf("lint of %q ends %q", prog, last)
			}
		case code == 1:
			if !strings.HasPrefix(last, "error: ") {
				t.Fatalf("%v on %q: exit 1, last line %q", args, prog, last)
			}
		default:
			if _, err := dtype.Parse(strings.TrimSuffix(last, "?")); err != nil {
				t.Fatalf("%v on %q: exit 0, last line %q", args, prog, last)
			}
		}
	})
}

// FuzzRuleSpec: -rules specs and -set values never panic; an error is
// one line; a rule set built from them is named by a label that builds
// it again.
func FuzzRuleSpec(f *testing.F) {
	for _, s := range [][2]string{
		{"numpy", ""}, {"jax:x64=true", "mode=strict"}, {"openvino", "u64_integer_promotion_target=f16"},
		{"array-api:version=2021.12", ""}, {"numpy:", "check_values=maybe"}, {"tensorflow", "mode="}, {"pytorch:default_float=float64", ""},
		{"jax:x64", ""}, {"", "a=b"}, {"cann:table=opbase:table=doc", "table=opbase"},
	} {
		f.Add(s[0], s[1])
	}
	f.Fuzz(func(t *testing.T, spec, set string) {
		var sets setFlags
		if set != "" {
			if err := sets.Set(set); err != nil {
				return
			}
		}
		r, err := buildRules(spec, sets)
		if err != nil {
			if strings.Contains(err.Error(), "\n") {
				t.Fatalf("multi-line error %q", err)
			}
			return
		}
		label := rules.Label(r)
		back, err := rules.Parse(label)
		if err != nil || rules.Label(back) != label {
			t.Fatalf("spec %q -set %q: label %q does not build again: %v", spec, set, label, err)
		}
	})
}
