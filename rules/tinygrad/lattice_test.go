package tinygrad

import (
	"strings"
	"testing"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
)

// TestJoinProperties checks, over every pair of every version's nodes,
// what tinygrad's own property tests state (test_self_promo_to_self,
// test_promo_resulted_higher_than_inputs) and what least_upper_dtype
// implies: the join is symmetric, an upper bound of both inputs on the
// lattice, and never below either input in DType order.
func TestJoinProperties(t *testing.T) {
	for _, v := range Versions {
		l := lattices[v]
		n := len(l.v.nodes)
		for a := 0; a < n; a++ {
			if got := l.join2(a, a); got != a {
				t.Errorf("%s: %s with itself = %s", v, l.v.nodes[a].short, l.v.nodes[got].short)
			}
			for b := 0; b < n; b++ {
				j := l.join2(a, b)
				if j != l.join2(b, a) {
					t.Errorf("%s: join(%s, %s) is not symmetric", v, l.v.nodes[a].short, l.v.nodes[b].short)
				}
				if l.up[a]&(1<<j) == 0 || l.up[b]&(1<<j) == 0 {
					t.Errorf("%s: join(%s, %s) = %s is not above both", v, l.v.nodes[a].short, l.v.nodes[b].short, l.v.nodes[j].short)
				}
				if l.less(j, a) || l.less(j, b) {
					t.Errorf("%s: join(%s, %s) = %s is below an input", v, l.v.nodes[a].short, l.v.nodes[b].short, l.v.nodes[j].short)
				}
			}
		}
	}
}

// TestSetIsNotAFold pins how many ordered triples of nodes least_upper_dtype
// over the set (Tensor.stack, where, cat of equal sizes) answers
// differently from a chain of binary operations, ((a op b) op c). The
// minimum over the common parents is not associative where two fp8 types
// meet a 16-bit float (and, in 0.11 and 0.12, where int64 and uint64 do):
// stack(fp8e4m3, fp8e5m2, bfloat16) is bfloat16, but (fp8e4m3 + fp8e5m2)
// + bfloat16 is float16 + bfloat16, float32.
func TestSetIsNotAFold(t *testing.T) {
	want := map[string]int{VersionHead: 12, Version013: 12, Version012: 10, Version011: 46}
	for _, v := range Versions {
		l := lattices[v]
		n := len(l.v.nodes)
		diff := 0
		for a := 0; a < n; a++ {
			for b := 0; b < n; b++ {
				for c := 0; c < n; c++ {
					if l.join(1<<a|1<<b|1<<c) != l.join2(l.join2(a, b), c) {
						diff++
					}
				}
			}
		}
		if diff != want[v] {
			t.Errorf("%s: %d ordered triples differ between set and fold, want %d", v, diff, want[v])
		}
	}
	r := Def.MustBuild()
	set, err := r.Result(promote.T(dtype.F8E4M3FN), promote.T(dtype.F8E5M2), promote.T(dtype.BF16))
	if err != nil || set.DType != dtype.BF16 {
		t.Errorf("stack(fp8e4m3, fp8e5m2, bf16) = %v, %v; want bf16", set, err)
	}
	ab, _ := r.PromoteTypes(dtype.F8E4M3FN, dtype.F8E5M2)
	chain, _ := r.PromoteTypes(ab.DType, dtype.BF16)
	if chain.DType != dtype.F32 {
		t.Errorf("(fp8e4m3 + fp8e5m2) + bf16 = %v, want f32", chain)
	}
}

// TestEveryPairOfTinygradDTypesJoins: the lattice ends in float64, so no
// pair of tinygrad dtypes is refused, in any version; every other
// catalogue dtype is.
func TestEveryPairOfTinygradDTypesJoins(t *testing.T) {
	for _, v := range Versions {
		r := Def.MustBuild("version=" + v)
		l := lattices[v]
		for _, a := range dtype.All() {
			for _, b := range dtype.All() {
				_, err := r.PromoteTypes(a, b)
				has := l.byDT[a] != noNode && l.byDT[b] != noNode
				if has != (err == nil) {
					t.Errorf("%s (%s, %s): err %v, tinygrad dtypes %v", v, a, b, err, has)
				}
			}
		}
	}
}

// TestOptions checks option validation: unknown values list the valid
// ones, and default_int is a setting only at head.
func TestOptions(t *testing.T) {
	bad := [][]string{{"version=0.10"}, {"default_float=f8e4m3fn"}, {"default_int=u32"}, {"version=0.12", "default_int=i64"}, {"nosuch=1"}}
	for _, kv := range bad {
		if _, err := Def.Build(kv...); err == nil {
			t.Errorf("%v builds", kv)
		}
	}
	if _, err := Def.Build("version=0.10"); err == nil || !strings.Contains(err.Error(), "head|0.13|0.12|0.11") {
		t.Errorf("unknown version error %v does not list the versions", err)
	}
	for _, v := range Versions {
		if _, err := Def.Build("version="+v, "default_float=f16"); err != nil {
			t.Errorf("version=%s default_float=f16: %v", v, err)
		}
	}
}
