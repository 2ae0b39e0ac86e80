package numpy

import (
	"bufio"
	"bytes"
	"os/exec"
	"strings"
	"testing"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
)

// oracleScript prints, from one Python process, np.promote_types for every
// pair of the 14 builtins, np.result_type for every triple of their
// dtypes, and, in NumPy 1.24's experimental NEP 50 state ("weak"),
// np.result_type of each dtype with a Python bool, int, float and complex
// and what np.add does with a 1-element array and a Python scalar.
// spec.md §1, §2 and §5: these agree with NumPy 2 (the 1.24 weak state
// differs only for NumPy complex128 scalars and long mixed sequences,
// which this script does not ask about).
const oracleScript = `
import itertools, warnings
import numpy as np
names = ["bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
         "float16", "float32", "float64", "complex64", "complex128"]
dts = [np.dtype(n) for n in names]
out = []
for a in dts:
    for b in dts:
        out.append("pt\t%s %s\t%s" % (a.name, b.name, np.promote_types(a, b).name))
for a, b, c in itertools.product(dts, repeat=3):
    out.append("rt\t%s %s %s\t%s" % (a.name, b.name, c.name, np.result_type(a, b, c).name))
np._set_promotion_state("weak")
scalars = [("true", True), ("1", 1), ("1.5", 1.5), ("1j", 1j)]
for a in dts:
    for text, v in scalars:
        out.append("rt\t%s %s\t%s" % (a.name, text, np.result_type(a, v).name))
        out.append("rt\t%s %s\t%s" % (text, a.name, np.result_type(v, a).name))
values = [300, -1, 128, -129, 2**31, 2**63, -2**63 - 1, 2**64 - 1, 10**39,
          2**1024, 2**1024 - 2**970, 2**1024 - 2**970 - 1, -2**1024, 1e300, 70000.0, 1e300j]
warnings.simplefilter("ignore")
for a in dts:
    for v in values:
        text = repr(v)
        try:
            r = np.add(np.ones(1, a), v).dtype.name
        except Exception as e:
            r = "error: " + type(e).__name__
        out.append("add\t%s %s\t%s" % (a.name, text, r))
print("\n".join(out))
`

// TestLiveNumPy compares the rule set with the Debian python3-numpy (1.24)
// under /usr/bin/python3, when it is installed.
func TestLiveNumPy(t *testing.T) {
	if testing.Short() {
		t.Skip("live NumPy oracle skipped under -short")
	}
	if err := exec.Command("/usr/bin/python3", "-c", "import numpy").Run(); err != nil {
		t.Skipf("no NumPy under /usr/bin/python3: %v", err)
	}
	var stderr bytes.Buffer
	cmd := exec.Command("/usr/bin/python3", "-c", oracleScript)
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("oracle script: %v\n%s", err, stderr.String())
	}
	counts := map[string]int{}
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		f := strings.Split(sc.Text(), "\t")
		if len(f) != 3 {
			t.Fatalf("oracle line %q", sc.Text())
		}
		kind, query, want := f[0], f[1], f[2]
		counts[kind]++
		if !strings.HasPrefix(want, "error: ") {
			d, err := dtype.NumPy.Parse(want)
			if err != nil {
				t.Fatalf("oracle answer %q: %v", want, err)
			}
			want = d.String()
		}
		switch kind {
		case "pt":
			ops, err := promote.ParseOperands(Def.Dialect, query)
			if err != nil {
				t.Fatal(err)
			}
			res, err := resultType.PromoteTypes(ops[0].DType, ops[1].DType)
			if err != nil || res.DType.String() != want {
				t.Errorf("promote_types(%s) = %v, %v; NumPy says %s", query, res, err, want)
			}
		case "rt":
			if got, _ := batch(t, resultType, query); got != want {
				t.Errorf("result_type(%s) = %s; NumPy says %s", query, got, want)
			}
		case "add":
			got, _ := batch(t, ufunc, query)
			if strings.HasPrefix(got, "error: ") {
				// NumPy's exception class is the first word of the message.
				got = "error: " + strings.TrimSuffix(strings.Fields(strings.TrimPrefix(got, "error: numpy: "))[0], ":")
			}
			if got != want {
				t.Errorf("check_values: np.add(%s) = %s; NumPy says %s", query, got, want)
			}
		default:
			t.Fatalf("oracle line %q", sc.Text())
		}
	}
	if counts["pt"] != 196 || counts["rt"] != 2744+14*8 || counts["add"] != 14*16 {
		t.Errorf("oracle answered %v, want 196 pt, %d rt, %d add", counts, 2744+14*8, 14*16)
	}
}
