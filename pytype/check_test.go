package pytype_test

import (
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/promote-dev/promote/pytype"
	"github.com/promote-dev/promote/rules/numpy"
)

var wantRe = regexp.MustCompile(`# want: ([a-z-]+)`)

// TestCases lints testdata/cases.py: each line marked "# want: KIND" must
// give one finding of that kind, every other line none.
func TestCases(t *testing.T) {
	src, err := os.ReadFile("testdata/cases.py")
	if err != nil {
		t.Fatal(err)
	}
	fs, err := pytype.NewChecker(numpy.NewPython()).Check("cases.py", src)
	if err != nil {
		t.Fatal(err)
	}
	got := map[int][]string{}
	for _, f := range fs {
		got[f.Line] = append(got[f.Line], f.Kind)
	}
	for i, line := range strings.Split(string(src), "\n") {
		n := i + 1
		want := ""
		if m := wantRe.FindStringSubmatch(line); m != nil {
			want = m[1]
		}
		g := strings.Join(got[n], ",")
		if g != want {
			t.Errorf("cases.py:%d: got findings %q, want %q\n\t%s", n, g, want, strings.TrimSpace(line))
		}
	}
	if t.Failed() {
		for _, f := range fs {
			t.Log(f)
		}
	}
}

// TestDeepLoops: loops nested as deep as Python allows (99 levels) are
// linted in bounded work (maxLoopCalls), not exponentially many passes.
func TestDeepLoops(t *testing.T) {
	var b strings.Builder
	b.WriteString("import numpy as np\ndef f():\n    x = np.zeros(3, dtype=np.float32)\n")
	ind := "    "
	for i := 0; i < 98; i++ {
		b.WriteString(ind + "for i in range(3):\n")
		ind += " "
		b.WriteString(ind + "x = x + np.float64(2.0)\n")
	}
	fs, err := pytype.NewChecker(numpy.NewPython()).Check("deep.py", []byte(b.String()))
	if err != nil {
		t.Fatal(err)
	}
	if len(fs) == 0 {
		t.Error("no finding in the first loop's first iteration")
	}
}
