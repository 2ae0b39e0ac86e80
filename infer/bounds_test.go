package infer

import (
	"errors"
	"fmt"
	"runtime"
	"strings"
	"testing"

	"github.com/promote-dev/promote"
)

// The resource cases of the hardening issue, at sizes small enough for
// every test run: each hostile program gets a clear error (or its
// answer), never a stack overflow, a quadratic wait or unbounded memory.

// TestNestingBound: every way an expression nests is bounded by
// maxNesting, with an error naming the line and column where the bound
// was passed; just under the bound parses.
func TestNestingBound(t *testing.T) {
	r := build(t, "numpy", "-")
	deep := maxNesting + 200
	for _, c := range []struct {
		name, src string
		col       int
	}{
		{"parentheses", strings.Repeat("(", deep) + "x" + strings.Repeat(")", deep), maxNesting + 1},
		{"unary minus", strings.Repeat("-", 1_000_000) + "x", maxNesting + 1},
		{"unary minus, spaced", strings.Repeat("- ", deep) + "x", 2*maxNesting + 1},
		{"power", strings.Repeat("x ** ", deep) + "x", 5*maxNesting + 1},
		{"calls", strings.Repeat("abs(", deep) + "x" + strings.Repeat(")", deep), 4*maxNesting + 1},
		{"parentheses, a million", strings.Repeat("(", 1_000_000), maxNesting + 1},
	} {
		_, _, err := Check("prog", []byte("x: f32\n"+c.src+"\n"), r)
		want := fmt.Sprintf("prog:2:%d: expression nested more than %d levels deep", c.col, maxNesting)
		if err == nil || !strings.HasPrefix(err.Error(), want) {
			t.Errorf("%s: %v, want %q", c.name, err, want)
		}
	}
	// The whole expression is one level: 998 parentheses and a minus
	// make maxNesting.
	ok := strings.Repeat("(", maxNesting-2) + "-x" + strings.Repeat(")", maxNesting-2)
	if _, _, err := Check("prog", []byte("x: f32\n"+ok+"\n"), r); err != nil {
		t.Errorf("%d parentheses and a minus: %v", maxNesting-2, err)
	}
	// A long flat expression is not nesting.
	flat := "x" + strings.Repeat(" + x", 100_000)
	if _, _, err := Check("prog", []byte("x: f32\n"+flat+"\n"), r); err != nil {
		t.Errorf("100000 additions: %v", err)
	}
}

// TestUnaryMinusChain: a chain of minus signs read in a loop builds the
// same graph as the recursive reading did: the innermost sign first.
func TestUnaryMinusChain(t *testing.T) {
	r := build(t, "numpy", "-")
	for _, c := range []struct{ src, want string }{
		{"x: i8\n--x\n", "i8"},
		{"---True\n", "i64"},         // -(-(-True)) is the Python int -1: a literal
		{"x: bool\n-x\n", "error: "}, // numpy refuses negative of bool
		{"x: f16\n- - -x ** 2\n", "f16"},
	} {
		if got := resultOf(t, r, c.src); !strings.HasPrefix(got, c.want) {
			t.Errorf("%q: %q, want %q", c.src, got, c.want)
		}
	}
	p, err := Parse("prog", []byte("x: i8\ny = - -x\n"), r.Def())
	if err != nil {
		t.Fatal(err)
	}
	g := p.Graph
	inner, outer := NodeID(1), NodeID(2)
	if g.Op(inner) != OpNeg || g.Op(outer) != OpNeg || g.nodes[outer].a != inner || g.nodes[inner].a != 0 {
		t.Errorf("- -x: nodes %+v", g.nodes)
	}
	if g.Pos(inner).Col != 7 || g.Pos(outer).Col != 5 {
		t.Errorf("- -x: inner at %v, outer at %v; want columns 7 and 5", g.Pos(inner), g.Pos(outer))
	}
}

// TestIntLiteralBound: an integer literal longer than maxIntDigits is an
// error that says the bound; one at the bound is read.
func TestIntLiteralBound(t *testing.T) {
	r := build(t, "numpy", "-")
	long := strings.Repeat("9", 3*maxIntDigits)
	_, _, err := Check("prog", []byte("x: f32\ny = x + "+long+"\n"), r)
	want := fmt.Sprintf("prog:2:9: an integer literal of %d digits; at most %d digits are accepted", 3*maxIntDigits, maxIntDigits)
	if err == nil || err.Error() != want {
		t.Errorf("%d digits: %v, want %q", 3*maxIntDigits, err, want)
	}
	p, err := Parse("prog", []byte("y = "+strings.Repeat("7", maxIntDigits)+"\n"), r.Def())
	if err != nil {
		t.Fatalf("%d digits: %v", maxIntDigits, err)
	}
	if v := p.Graph.lits[0]; v.Int == nil || len(v.Int.String()) != maxIntDigits {
		t.Errorf("%d digits read as %v", maxIntDigits, v.Kind)
	}
}

// TestFoldBounds: literal arithmetic refuses one result past maxFoldBits
// and more than maxFoldTotalBits of wide integers per typing; a long
// chain of small folds is evaluated, and a long chain of wide ones stops
// at the bound with memory bounded too.
func TestFoldBounds(t *testing.T) {
	r := build(t, "numpy", "-")
	for _, c := range []struct{ src, want string }{
		{"2 ** 65536\n", "integer result too large to evaluate"},
		{"2 ** 65535\n", "error: "}, // folds, then numpy refuses a Python int that large alone
		{"1" + strings.Repeat(" + 1", 50_000) + "\n", "i64"},
		{"y = " + strings.Repeat("9", maxIntDigits) + strings.Repeat(" + 1", 20_000) + "\nx: f32\nx + y\n", "literal arithmetic builds more than"},
		{"a = " + strings.Repeat("9", maxIntDigits) + "\n" + strings.Repeat("b = -a\n", 20_000), "literal arithmetic builds more than"},
	} {
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		got := resultOf(t, r, c.src)
		runtime.ReadMemStats(&after)
		if !strings.Contains(got, c.want) {
			t.Errorf("%.40q…: %.200q, want %q", c.src, got, c.want)
		}
		// Every intermediate of the wide chains is kept; the bound keeps
		// them to a few MiB of digits and text.
		if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 256<<20 {
			t.Errorf("%.40q…: allocated %d MiB", c.src, alloc>>20)
		}
	}
	// The small chain's value is exact.
	p, ts, err := Check("prog", []byte("1"+strings.Repeat(" + 1", 50_000)+"\n"), r)
	if err != nil {
		t.Fatal(err)
	}
	if v := ts.Type(p.ResultNode()).Value; v.Text != "50001" {
		t.Errorf("1 + 1 + ... (50001 ones) = %s", v.Text)
	}
}

// TestErrorEchoBounded: errors that echo a token cut it to a few dozen
// bytes with an ellipsis and the token's length.
func TestErrorEchoBounded(t *testing.T) {
	long := strings.Repeat("a", 100_000)
	digits := strings.Repeat("1", 5_000)
	for _, c := range []struct{ rules, src, want string }{
		{"numpy", "x: f32\nx + " + long + "\n", "undefined name aaaa"},
		{"numpy", "x: f32\nx @ " + long + "\n", `unexpected "@"`},
		{"numpy", "x: f32\nx + 1 " + long + "\n", `unexpected "aaaa`},
		{"numpy", "x: f32\nx + 1." + digits + ".2\n", "malformed number"},
		{"numpy", "x: f32\nx + " + digits + "L\n", "is not a Python literal"},
		{"numpy", long + "(1)\n", "unknown function aaaa"},
		{"numpy", "x: " + long + "\n", "bad operand"},
		{"numpy", long + ": 3\n", "input aaaa"},
	} {
		_, _, err := Check("prog", []byte(c.src), build(t, c.rules, "-"))
		if err == nil {
			t.Errorf("%.30q…: no error", c.src)
			continue
		}
		msg := err.Error()
		if !strings.Contains(msg, c.want) {
			t.Errorf("%.30q…: %.300q, want %q", c.src, msg, c.want)
		}
		// The cli's operand parser clips its own echoes; until then an
		// operand error may quote the operand whole.
		if len(msg) > 600 && !strings.Contains(c.want, "bad operand") {
			t.Errorf("%.30q…: a %d-byte error: %.300q", c.src, len(msg), msg)
		}
	}
}

// TestErrorShapes: an error names each operand with the shape it was
// declared with or given, not with its rank alone (u8[3], not u8[?]),
// even when the rule set's refusal was cached for an earlier node.
func TestErrorShapes(t *testing.T) {
	for _, c := range []struct{ rules, src, want string }{
		{"anvil", "x: f16[3]\nx\n", "operands f16[3]]"},
		{"openvino", "a: i64[]\nb: f64[8,4]\na + b\n", "operands i64[] f64[8,4]]"},
		{"numpy", "x: u8[2,3]\ny = x ** -1\n", "operands u8[2,3] -1]"},
		{"tensorflow", "a: c64[2]\nb: f32[5,2]\na < b\n", "operands c64[2] f32[5,2]]"},
	} {
		_, _, err := Check("prog", []byte(c.src), build(t, c.rules, "-"))
		if err == nil || !strings.HasSuffix(err.Error(), c.want) {
			t.Errorf("%s %q: %v, want it to end %q", c.rules, c.src, err, c.want)
		}
	}
	// One refusal, cached, met by two nodes of different shapes.
	src := "a: i64[]\nb: f64[8,4]\nc: f64[2]\nd = a + b\ne = a + c\n"
	p, ts, _ := Check("prog", []byte(src), build(t, "openvino", "-"))
	for i, want := range map[int]string{3: "f64[8,4]]", 4: "f64[2]]"} {
		err := ts.Err(p.Stmts[i].Node)
		var e *Error
		if !errors.As(err, &e) || !strings.HasSuffix(err.Error(), want) {
			t.Errorf("statement %d: %v, want it to end %q", i+1, err, want)
		}
	}
}

// TestSourceBound: a program over MaxSourceBytes is refused with an error
// at the line and column where the bound is passed, by Check and by the
// lint alike, before any of it is parsed (typing costs up to ~140 bytes
// of memory per byte of program, so the bound is what keeps memory well
// under 1 GB); one of exactly MaxSourceBytes is read.
func TestSourceBound(t *testing.T) {
	r := build(t, "numpy", "-")
	head := "x: f32\nx\n"
	at := head + strings.Repeat("#", MaxSourceBytes-len(head))
	if _, _, err := Check("prog", []byte(at), r); err != nil {
		t.Errorf("a program of exactly %d bytes: %v", MaxSourceBytes, err)
	}
	over := at + "-x"
	want := fmt.Sprintf("prog:3:%d: the program has %d bytes; a program may take at most %d (4 MiB)", MaxSourceBytes-len(head)+1, len(over), MaxSourceBytes)
	if _, _, err := Check("prog", []byte(over), r); err == nil || err.Error() != want {
		t.Errorf("over the bound: %v, want %q", err, want)
	}
	l := Compare("prog", []byte(over), []promote.Rules{r})
	if !l.Unreadable || len(l.Errors) != 1 || l.Errors[0] != want {
		t.Errorf("lint over the bound: unreadable %v, errors %q", l.Unreadable, l.Errors)
	}
}
