package pytorch

import (
	"bufio"
	"bytes"
	"context"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/promote-dev/promote/dtype"
)

// oracleScript prints, from one Python process, torch.promote_types for
// every pair of the 13 classic dtypes, and the result type of every
// ordered pair and every unordered triple of operands drawn from (dim
// tensor, zero-dim tensor) x 13 dtypes and four Python scalars, under both
// default dtypes. Pairs use torch.result_type; tensor triples use addcmul
// on meta tensors (TensorIterator's n-ary promotion); triples with Python
// scalars use torch._prims_common.elementwise_dtypes, since result_type
// takes two arguments. Lines are KIND, default, query, answer.
const oracleScript = `
import itertools, sys, warnings
warnings.filterwarnings("ignore")
try:
    import torch
    from torch._prims_common import elementwise_dtypes, ELEMENTWISE_TYPE_PROMOTION_KIND
except Exception as e:
    print("NO_TORCH", e)
    sys.exit(0)
names = {torch.uint8: "u8", torch.int8: "i8", torch.int16: "i16", torch.int32: "i32",
         torch.int64: "i64", torch.float16: "f16", torch.float32: "f32", torch.float64: "f64",
         torch.complex32: "c32", torch.complex64: "c64", torch.complex128: "c128",
         torch.bool: "bool", torch.bfloat16: "bf16"}
def answer(f):
    try:
        return names[f()]
    except Exception:
        return "error"
print("VERSION", torch.__version__)
for a in names:
    for b in names:
        print("P", "f32", names[a] + " " + names[b], answer(lambda: torch.promote_types(a, b)), sep="\t")
ops = []
for d in names:
    ops.append((names[d], torch.empty(2, dtype=d, device="meta")))
    ops.append((names[d] + "[]", torch.empty((), dtype=d, device="meta")))
ops += [("true", True), ("3", 3), ("1.5", 1.5), ("1j", 1j)]
def nary(vals):
    if all(isinstance(v, torch.Tensor) for v in vals):
        return torch.addcmul(*vals).dtype
    return elementwise_dtypes(*vals, type_promotion_kind=ELEMENTWISE_TYPE_PROMOTION_KIND.DEFAULT)[1]
for default, dt in (("f32", torch.float32), ("f64", torch.float64)):
    torch.set_default_dtype(dt)
    for (qa, a), (qb, b) in itertools.product(ops, repeat=2):
        print("R", default, qa + " " + qb, answer(lambda: torch.result_type(a, b)), sep="\t")
    for trip in itertools.combinations_with_replacement(ops, 3):
        print("R", default, " ".join(q for q, _ in trip), answer(lambda: nary([v for _, v in trip])), sep="\t")
`

// TestLiveTorch compares with the torch installed on this machine (Debian
// python3-torch 1.13). It skips under -short and when python3 or torch is
// missing. torch 1.13 has none of uint16/32/64, float8 or uint1-7, so only
// the 13 classic dtypes are compared; on those 1.13 equals current source.
func TestLiveTorch(t *testing.T) {
	if testing.Short() {
		t.Skip("live torch oracle skipped under -short")
	}
	const python = "/usr/bin/python3"
	if _, err := os.Stat(python); err != nil {
		t.Skipf("no %s: %v", python, err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, python, "-c", oracleScript)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Skipf("python3 could not run the torch oracle: %v: %s", err, lastLine(stderr.String()))
	}
	sc := bufio.NewScanner(bytes.NewReader(out))
	var compared, mismatched int
	for sc.Scan() {
		f := strings.Split(sc.Text(), "\t")
		switch {
		case strings.HasPrefix(f[0], "NO_TORCH"):
			t.Skipf("torch is not importable: %s", f[0])
		case strings.HasPrefix(f[0], "VERSION"):
			t.Logf("torch %s", strings.TrimPrefix(f[0], "VERSION "))
			continue
		case len(f) != 4:
			t.Fatalf("oracle line %q", sc.Text())
		}
		def, q, want := f[1], f[2], f[3]
		var got string
		if f[0] == "P" {
			ab := strings.Fields(q)
			a, _ := dtype.Parse(ab[0])
			b, _ := dtype.Parse(ab[1])
			res, err := built[def].PromoteTypes(a, b)
			got = res.String()
			if err != nil {
				got = "error"
			}
		} else {
			got, _ = query(t, built[def], q)
			if strings.HasPrefix(got, "error: ") {
				got = "error"
			}
		}
		compared++
		if got != want {
			mismatched++
			if mismatched <= 20 {
				t.Errorf("%s default_float=%s %q: torch says %s, pytorch rules say %s", f[0], def, q, want, got)
			}
		}
	}
	if compared == 0 {
		t.Fatalf("the oracle printed nothing: %s", lastLine(stderr.String()))
	}
	t.Logf("compared %d answers with live torch, %d mismatches", compared, mismatched)
}

func lastLine(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.LastIndexByte(s, '\n'); i >= 0 {
		return s[i+1:]
	}
	return s
}
