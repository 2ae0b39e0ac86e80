package pytorch

import (
	"bufio"
	"bytes"
	"flag"
	"fmt"
	"os"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/internal/oracle"
	"github.com/promote-dev/promote/internal/tsvtest"
)

var update = flag.Bool("update", false, "with the live oracles present, rewrite testdata/live_promote_types_*.tsv from them")

// liveTorch pairs each modelled version with the live oracle that has it:
// Debian bookworm's python3-torch on the host, trixie's and sid's in the
// chroots scripts/live-oracles.sh builds (see internal/oracle).
var liveTorch = []struct{ oracle, version string }{
	{"host", Version113},
	{"trixie", Version26},
	{"sid", Version214},
}

// oracleScript answers, in one Python process, every query line on stdin:
// KIND <tab> DEFAULT <tab> OPERANDS, in promote's operand grammar (a dtype
// is a tensor of shape (2,), DTYPE[] a zero-dim tensor, true/false/ints/
// floats/complex numbers are Python scalars). KIND P is
// torch.promote_types of two dtypes; R is torch.result_type of two
// operands; N is the n-ary promotion of three: addcmul on meta tensors
// (TensorIterator's common dtype, in C++) when all are tensors, else
// torch._prims_common.elementwise_dtypes, since result_type takes two
// arguments. DEFAULT is torch.set_default_dtype (f32 or f64). It prints
// one line per query, in order: the result's catalogue name, or "error",
// the exception's type and the first line of its message.
const oracleScript = `
import sys, warnings
warnings.filterwarnings("ignore")
try:
    import torch
    from torch._prims_common import elementwise_dtypes, ELEMENTWISE_TYPE_PROMOTION_KIND
except Exception as e:
    print("NO_TORCH", type(e).__name__, str(e).split("\n")[0])
    sys.exit(0)
NAMES = {%s}
DT = {k: getattr(torch, v) for k, v in NAMES.items() if hasattr(torch, v)}
BACK = {v: k for k, v in DT.items()}
print("VERSION", torch.__version__)
# Tensors live on the meta device. 2.x registers Python meta kernels over
# the C++ ones (torch/_meta_registrations.py; addcmul's promotes with
# elementwise_dtypes, in Python): unregister them, so that the C++
# TensorIterator decides, as it does for CPU tensors.
try:
    import torch._meta_registrations as meta_registrations
    lib = getattr(meta_registrations, "_meta_lib_dont_use_me_use_register_meta", None)
    if lib is not None and hasattr(lib, "_destroy"):
        lib._destroy()
except ImportError:
    pass
cache = {}
def operand(tok):
    if tok in cache:
        return cache[tok]
    if tok in ("true", "false"):
        v = tok == "true"
    elif tok.endswith("[]"):
        v = torch.empty((), dtype=DT[tok[:-2]], device="meta")
    elif tok in DT:
        v = torch.empty(2, dtype=DT[tok], device="meta")
    elif tok.endswith("j"):
        v = complex(tok)
    elif any(c in tok for c in ".eE"):
        v = float(tok)
    else:
        v = int(tok)
    cache[tok] = v
    return v
def answer(kind, toks):
    if kind == "P":
        return torch.promote_types(DT[toks[0]], DT[toks[1]])
    args = [operand(t) for t in toks]
    if kind == "R":
        return torch.result_type(*args)
    if all(isinstance(a, torch.Tensor) for a in args):
        return torch.addcmul(*args).dtype
    return elementwise_dtypes(*args, type_promotion_kind=ELEMENTWISE_TYPE_PROMOTION_KIND.DEFAULT)[1]
current = None
for line in sys.stdin:
    kind, default, query = line.rstrip("\n").split("\t")
    if default != current:
        torch.set_default_dtype(torch.float32 if default == "f32" else torch.float64)
        current = default
    try:
        out = BACK.get(answer(kind, query.split()), "?")
    except Exception as e:
        out = "error\t" + type(e).__name__ + ": " + str(e).strip().split("\n")[0]
    print(out)
`

// liveQuery is one line sent to the oracle.
type liveQuery struct{ kind, def, ops string }

// pairScalars are the Python scalars that meet every tensor in a pair: each
// kind, and ints at the boundaries that matter (int32's, int64's, uint64's).
var pairScalars = []string{
	"true", "false", "0", "1", "3", "-7",
	"2147483647", "2147483648", "-2147483649",
	"9223372036854775807", "9223372036854775808", "18446744073709551615", "18446744073709551616",
	"-9223372036854775808", "-9223372036854775809",
	"1.0", "1.5", "-0.0", "1e300", "1j", "2.5j",
}

// tripleScalars meet tensors in triples. The oracle for a triple with a
// Python scalar is torch._prims_common.elementwise_dtypes, PyTorch's
// Python restatement of result_type (no C++ op takes three operands one
// of which is a Python scalar): it types every Python int as int64, where
// the C++ argument parser makes a uint64 past 2^63, and in 2.x it raises
// for uint16/32/64, uint1-7, int1-7 and Float8 ("Invalid dtype!",
// KeyError). So its triples use small scalars and the 13 classic dtypes
// only; pairs (C++ result_type) and tensor triples (C++ addcmul) cover the
// rest.
var tripleScalars = []string{"true", "3", "1.5", "1j"}

// pythonRefTypes are the tensor dtypes elementwise_dtypes handles as the
// C++ code does.
var pythonRefTypes = func() (s [dtype.Count]bool) {
	for _, d := range classicAxes {
		s[d] = true
	}
	return s
}()

// sampledTriples is how many triples (each with all its orders) a
// default run sends per default dtype, of the 30,000 to 160,000 a version
// has: every triple goes only under PROMOTE_EXHAUSTIVE=1 (oracle.Sample).
const sampledTriples = 1500

// liveQueries is the query set for one version: promote_types of every
// pair of its dtypes; result_type of every ordered pair of operands (dim
// tensors, zero-dim tensors, Python scalars, the boundary ints); and
// triples of tensors and small scalars, each in every order where two
// operands share a slot (there promoteTypes runs in order and need not be
// associative), else once: a fixed sample of them by default, all under
// PROMOTE_EXHAUSTIVE=1; all under both default dtypes.
func liveQueries(version string) []liveQuery {
	r, err := releaseOf(version)
	if err != nil {
		panic(err)
	}
	var dts, tensors []string
	for _, d := range dtype.All() {
		if r.Has(d) {
			dts = append(dts, d.String())
			tensors = append(tensors, d.String(), d.String()+"[]")
		}
	}
	var qs []liveQuery
	for _, a := range dts {
		for _, b := range dts {
			qs = append(qs, liveQuery{"P", "f32", a + " " + b})
		}
	}
	pairOps := append(append([]string(nil), tensors...), pairScalars...)
	tripleOps := append(append([]string(nil), tensors...), tripleScalars...)
	for _, def := range []string{"f32", "f64"} {
		for _, a := range pairOps {
			for _, b := range pairOps {
				qs = append(qs, liveQuery{"R", def, a + " " + b})
			}
		}
		var triples [][3]string
		for i := range tripleOps {
			for j := i; j < len(tripleOps); j++ {
				for k := j; k < len(tripleOps); k++ {
					if pythonRefTriple(tripleOps[i], tripleOps[j], tripleOps[k]) {
						triples = append(triples, [3]string{tripleOps[i], tripleOps[j], tripleOps[k]})
					}
				}
			}
		}
		for _, i := range oracle.Sample(len(triples), sampledTriples, 13) {
			for _, p := range orders(triples[i][0], triples[i][1], triples[i][2]) {
				qs = append(qs, liveQuery{"N", def, p})
			}
		}
	}
	return qs
}

// pythonRefTriple reports whether a triple is either all tensors (C++
// addcmul answers) or has only dtypes in pythonRefTypes
// (elementwise_dtypes answers).
func pythonRefTriple(ops ...string) bool {
	scalar, others := false, true
	for _, o := range ops {
		d, err := dtype.Parse(strings.TrimSuffix(o, "[]"))
		switch {
		case err != nil:
			scalar = true
		case !pythonRefTypes[d]:
			others = false
		}
	}
	return !scalar || others
}

// orders returns the triple once when its operands are in three different
// slots (order cannot matter), else every distinct order of it.
func orders(a, b, c string) []string {
	slot := func(s string) int {
		switch {
		case strings.HasSuffix(s, "[]"):
			return 1
		case s == "true" || s == "false" || strings.ContainsAny(s[:1], "-0123456789"):
			return 2
		}
		return 0
	}
	if slot(a) != slot(b) && slot(b) != slot(c) && slot(a) != slot(c) {
		return []string{a + " " + b + " " + c}
	}
	seen := map[string]bool{}
	var out []string
	for _, p := range [][3]string{{a, b, c}, {a, c, b}, {b, a, c}, {b, c, a}, {c, a, b}, {c, b, a}} {
		q := p[0] + " " + p[1] + " " + p[2]
		if !seen[q] {
			seen[q] = true
			out = append(out, q)
		}
	}
	return out
}

// pythonNames is the NAMES dict of oracleScript: catalogue name to torch
// attribute, for every dtype some version has.
func pythonNames() string {
	var parts []string
	for _, d := range dtype.All() {
		if n := torchNames[d]; n != "" {
			parts = append(parts, strconv.Quote(d.String())+": "+strconv.Quote(n))
		}
	}
	return strings.Join(parts, ", ")
}

// liveGolden is the file holding a version's live promote_types answers.
func liveGolden(version string) string {
	return "testdata/live_promote_types_" + version + ".tsv"
}

// assertPath matches the build-dependent path in c10's assertion messages
// ("./c10/...", "/pytorch/c10/...").
var assertPath = regexp.MustCompile(`at "[^"]*c10/`)

// sameRefusal reports whether promote's refusal carries torch's message: a
// RuntimeError's text (promote does not write the exception type, Python's
// own OverflowError it does), with the assertion's build path dropped.
// When two Python ints overflow, PyTorch reports whichever the compiler
// unpacked first (GCC evaluates result_type's arguments right to left),
// promote the first: both OverflowErrors are then the same refusal.
func sameRefusal(torchErr, ours string) bool {
	if strings.HasPrefix(torchErr, "OverflowError: ") && strings.Contains(ours, "OverflowError: ") {
		return true
	}
	want := strings.TrimPrefix(torchErr, "RuntimeError: ")
	want = assertPath.ReplaceAllString(want, `at "c10/`)
	return strings.Contains(ours, want)
}

// TestLiveTorch compares the rule set, at each version, with the live
// PyTorch of that version over liveQueries, one Python process per
// version, the versions in parallel. Answers must be equal; refusals must
// both be refusals, and promote's must carry PyTorch's message. It skips
// under -short (importing torch in a chroot takes seconds) and, with a
// one-line reason, where an oracle is absent. It also stands for a check
// that torch imports in each chroot (internal/oracle).
func TestLiveTorch(t *testing.T) {
	if testing.Short() {
		t.Skip("live torch oracles skipped under -short")
	}
	script := fmt.Sprintf(oracleScript, pythonNames())
	for _, lt := range liveTorch {
		t.Run(lt.version, func(t *testing.T) {
			t.Parallel() // one Python process each, mostly importing torch
			p := oracle.Require(t, lt.oracle).WithProc()
			qs := liveQueries(lt.version)
			var in bytes.Buffer
			for _, q := range qs {
				fmt.Fprintf(&in, "%s\t%s\t%s\n", q.kind, q.def, q.ops)
			}
			out, err := p.Run(script, in.Bytes())
			if err != nil {
				t.Skipf("live torch on %s could not run: %v", lt.oracle, err)
			}
			compareLive(t, lt.version, qs, out)
		})
	}
}

// compareLive checks the oracle's answers to qs against the rule set.
func compareLive(t *testing.T, version string, qs []liveQuery, out []byte) {
	t.Helper()
	built := map[string]*rules{}
	for _, def := range []string{"f32", "f64"} {
		built[def] = Def.MustBuild("version="+version, "default_float="+def).(*rules)
	}
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(make([]byte, 1<<16), 1<<20)
	if !sc.Scan() {
		t.Fatal("the oracle printed nothing")
	}
	head := sc.Text()
	if strings.HasPrefix(head, "NO_TORCH") {
		t.Skipf("torch is not importable: %s", head)
	}
	if !strings.HasPrefix(head, "VERSION "+version) {
		t.Fatalf("oracle says %q, want torch %s", head, version)
	}
	counts := map[string]int{}
	var mismatched, wrongWords int
	var golden bytes.Buffer
	fmt.Fprintf(&golden, "# torch.promote_types of every pair of catalogue dtypes torch %s has, as the live\n", version)
	fmt.Fprintf(&golden, "# library answered (%s; TestLiveTorch -update writes this file).\n", head)
	fmt.Fprintf(&golden, "# Columns: a, b, the result or \"error\", and for errors PyTorch's message.\n")
	for i := 0; sc.Scan(); i++ {
		if i >= len(qs) {
			t.Fatalf("the oracle answered more lines than the %d queries", len(qs))
		}
		q, want := qs[i], sc.Text()
		var got string
		if q.kind == "P" {
			ab := strings.Fields(q.ops)
			a, _ := dtype.Parse(ab[0])
			b, _ := dtype.Parse(ab[1])
			res, err := built[q.def].PromoteTypes(a, b)
			got = res.String()
			if err != nil {
				got = "error: " + err.Error()
			}
		} else {
			got, _ = tsvtest.Query(t, built[q.def], q.ops)
		}
		counts[q.kind]++
		torchErr, torchRefused := strings.CutPrefix(want, "error\t")
		if q.kind == "P" {
			fmt.Fprintf(&golden, "%s\t%s\n", strings.ReplaceAll(q.ops, " ", "\t"), want)
		}
		_, weRefused := strings.CutPrefix(got, "error: ")
		switch {
		case torchRefused && weRefused:
			if !sameRefusal(torchErr, got) {
				wrongWords++
				if wrongWords <= 10 {
					t.Errorf("%s default_float=%s %q: torch refuses with %q, promote with %q", q.kind, q.def, q.ops, torchErr, got)
				}
			}
		case torchRefused || weRefused || want != got:
			mismatched++
			if mismatched <= 25 {
				t.Errorf("%s default_float=%s %q: torch %s says %s, promote says %s", q.kind, q.def, q.ops, version, want, got)
			}
		}
		if i == len(qs)-1 {
			counts["done"] = 1
		}
	}
	if counts["done"] == 0 {
		t.Fatalf("the oracle answered fewer lines than the %d queries", len(qs))
	}
	if *update {
		if err := os.WriteFile(liveGolden(version), golden.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	kinds := make([]string, 0, len(counts))
	for k := range counts {
		if k != "done" {
			kinds = append(kinds, fmt.Sprintf("%s %d", k, counts[k]))
		}
	}
	sort.Strings(kinds)
	t.Logf("torch %s: compared %d answers (%s), %d mismatches, %d refusals in other words",
		version, len(qs), strings.Join(kinds, ", "), mismatched, wrongWords)
}
