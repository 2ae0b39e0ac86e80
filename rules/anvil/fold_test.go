package anvil

import (
	"fmt"
	"testing"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
)

// eleven is tengen 0.2.0's dtype set, in the spec's table order.
var eleven = []dtype.DType{
	dtype.Bool, dtype.I8, dtype.I16, dtype.I32, dtype.I64,
	dtype.U8, dtype.U16, dtype.U32, dtype.U64, dtype.F32, dtype.F64,
}

// TestCommonDTypeSymmetric checks that common_dtype does not depend on
// argument order, for every pair and ambiguity combination.
func TestCommonDTypeSymmetric(t *testing.T) {
	for _, a := range eleven {
		for _, b := range eleven {
			for flags := 0; flags < 4; flags++ {
				aAmb, bAmb := flags&1 != 0, flags&2 != 0
				d1, m1, _ := CommonDType(a, b, aAmb, bAmb)
				d2, m2, _ := CommonDType(b, a, bAmb, aAmb)
				if d1 != d2 || m1 != m2 {
					t.Errorf("common_dtype(%s, %s, %v, %v) = %s %v but reversed gives %s %v", a, b, aAmb, bAmb, d1, m1, d2, m2)
				}
			}
		}
	}
}

// TestFoldOrderIndependent checks the spec's claim that common_type_info
// over three operands does not depend on their order: every triple of the
// eleven dtypes, with every ambiguity flag, in all six permutations.
func TestFoldOrderIndependent(t *testing.T) {
	r := Def.MustBuild()
	perms := [6][3]int{{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}}
	ops := make([]promote.Operand, 3)
	checked := 0
	for _, a := range eleven {
		for _, b := range eleven {
			for _, c := range eleven {
				for flags := 0; flags < 8; flags++ {
					in := [3]promote.Operand{op(a, flags&1 != 0), op(b, flags&2 != 0), op(c, flags&4 != 0)}
					var first promote.Result
					for i, p := range perms {
						for j := range ops {
							ops[j] = in[p[j]]
						}
						res, err := r.Result(ops...)
						if err != nil {
							t.Fatalf("%s: %v", promote.Join(ops), err)
						}
						if i == 0 {
							first = res
						} else if res.DType != first.DType || res.Weak != first.Weak {
							t.Errorf("%s = %s but %s = %s", promote.Join(in[:]), first, promote.Join(ops), res)
						}
						checked++
					}
				}
			}
		}
	}
	if checked != 11*11*11*8*6 {
		t.Errorf("checked %d orderings", checked)
	}
}

// TestFoldMatchesCommonDType checks that Result is the left fold of
// CommonDType carrying the ambiguity flag, and that one operand gives its
// own dtype and ambiguity.
func TestFoldMatchesCommonDType(t *testing.T) {
	r := Def.MustBuild()
	for _, a := range eleven {
		for _, amb := range []bool{false, true} {
			res, err := r.Result(op(a, amb))
			if err != nil || res.DType != a || res.Weak != amb || res.Rule != ruleOperand {
				t.Errorf("Result(%s) = %v, %v; want itself by %s", op(a, amb), res, err, ruleOperand.ID)
			}
		}
	}
	for _, a := range eleven {
		for _, b := range eleven {
			for _, c := range eleven {
				for flags := 0; flags < 8; flags++ {
					fa, fb, fc := flags&1 != 0, flags&2 != 0, flags&4 != 0
					d, m, _ := CommonDType(a, b, fa, fb)
					d, m, rule := CommonDType(d, c, m, fc)
					res, err := r.Result(op(a, fa), op(b, fb), op(c, fc))
					if err != nil || res.DType != d || res.Weak != m || res.Rule != rule {
						t.Fatalf("Result(%s %s %s) = %v (%v), %v; want %s %v (%s)", op(a, fa), op(b, fb), op(c, fc), res, res.Rule, err, d, m, rule.ID)
					}
				}
			}
		}
	}
}

// TestAmbiguityRule checks common_dtype's ambiguity flag against its
// statement: the result is ambiguous only when both inputs are, or when
// exactly one is and its dtype won without matching the known one.
func TestAmbiguityRule(t *testing.T) {
	for _, a := range eleven {
		for _, b := range eleven {
			for flags := 0; flags < 4; flags++ {
				aAmb, bAmb := flags&1 != 0, flags&2 != 0
				dt, amb, _ := CommonDType(a, b, aAmb, bAmb)
				want := aAmb && bAmb ||
					aAmb && !bAmb && dt == a && dt != b ||
					bAmb && !aAmb && dt == b && dt != a
				if amb != want {
					t.Errorf("common_dtype(%s, %s, %v, %v) ambiguous = %v, want %v", a, b, aAmb, bAmb, amb, want)
				}
			}
		}
	}
}

// TestUnsupportedDTypes sweeps the catalogue: every dtype outside tengen
// 0.2.0's eleven is refused with "Unsupported dtype", by PromoteTypes in
// either position, by Result as a tensor or a typed scalar, and by
// CommonDType with Invalid; out-of-range DType values do not panic.
func TestUnsupportedDTypes(t *testing.T) {
	r := Def.MustBuild()
	n := 0
	for _, d := range dtype.All() {
		if Supported(d) {
			n++
			continue
		}
		want := fmt.Sprintf("anvil: Unsupported dtype: %s [rule unsupported-dtype; operands %s]", d, d)
		for _, pair := range [][2]dtype.DType{{d, dtype.F32}, {dtype.I8, d}, {d, d}} {
			if _, err := r.PromoteTypes(pair[0], pair[1]); err == nil || err.Error() != fmt.Sprintf("anvil: Unsupported dtype: %s [rule unsupported-dtype; operands %s %s]", d, pair[0], pair[1]) {
				t.Errorf("PromoteTypes(%s, %s) error = %v", pair[0], pair[1], err)
			}
			if dt, amb, rule := CommonDType(pair[0], pair[1], false, true); dt != dtype.Invalid || amb || rule != ruleUnsupported {
				t.Errorf("CommonDType(%s, %s) = %s, %v, %v; want Invalid", pair[0], pair[1], dt, amb, rule)
			}
		}
		for _, o := range []promote.Operand{promote.T(d), promote.Weak(promote.T0(d))} {
			_, err := r.Result(promote.T(dtype.I16), o)
			if err == nil {
				t.Errorf("Result(i16, %s) did not refuse", o)
				continue
			}
			if e, ok := err.(*promote.Error); !ok || e.Rule != ruleUnsupported || e.Msg != "Unsupported dtype: "+d.String() {
				t.Errorf("Result(i16, %s) error = %v", o, err)
			}
		}
		if _, err := r.Result(promote.T(d)); err == nil || err.Error() != want {
			t.Errorf("Result(%s) error = %v, want %s", d, err, want)
		}
	}
	if n != 11 {
		t.Errorf("%d supported dtypes, want 11", n)
	}
	for _, bad := range []dtype.DType{dtype.Invalid, dtype.DType(200)} {
		if _, err := r.PromoteTypes(bad, dtype.F32); err == nil {
			t.Errorf("PromoteTypes(%v, f32) did not refuse", bad)
		}
		if dt, _, _ := CommonDType(dtype.F32, bad, false, false); dt != dtype.Invalid {
			t.Errorf("CommonDType(f32, %v) = %s, want Invalid", bad, dt)
		}
		if _, err := r.Result(promote.Operand{Kind: promote.Tensor, DType: bad}); err == nil {
			t.Errorf("Result(%v) did not refuse", bad)
		}
	}
	if _, err := r.Result(promote.Operand{}); err == nil {
		t.Error("Result of a zero Operand did not refuse")
	}
}

func op(d dtype.DType, amb bool) promote.Operand {
	o := promote.T(d)
	o.Weak = amb
	return o
}

func lit(t *testing.T, s string) promote.Operand {
	t.Helper()
	o, err := promote.ParseOperandIn(dtype.R, s)
	if err != nil {
		t.Fatal(err)
	}
	return o
}
