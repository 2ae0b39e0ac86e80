package julia

import (
	"testing"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
)

var (
	bitIntegers = []dtype.DType{dtype.I8, dtype.I16, dtype.I32, dtype.I64, dtype.U8, dtype.U16, dtype.U32, dtype.U64}
	floats      = []dtype.DType{dtype.F16, dtype.F32, dtype.F64}
	complexes   = []dtype.DType{dtype.C32, dtype.C64, dtype.C128}
	juliaTypes  = func() (out []dtype.DType) {
		for _, d := range dtype.All() {
			if isJulia(d) {
				out = append(out, d)
			}
		}
		return out
	}()
)

// TestMixedSignednessArithmetic is test/int.jl's testset "mixed
// signedness arithmetic" (issue #9292) over the catalogue's bit
// integers: the same type stays; otherwise the larger type wins; at equal
// size the unsigned one wins.
func TestMixedSignednessArithmetic(t *testing.T) {
	r := Def.MustBuild()
	for _, a := range bitIntegers {
		for _, b := range bitIntegers {
			var want dtype.DType
			switch {
			case a == b:
				want = a
			case a.Bits() > b.Bits():
				want = a
			case b.Bits() > a.Bits():
				want = b
			case a.IsUnsigned():
				want = a
			default:
				want = b
			}
			got, err := r.PromoteTypes(a, b)
			if err != nil || got.DType != want {
				t.Errorf("promote_type(%s, %s) = %v, %v; want %s", jlName[a], jlName[b], got, err, jlName[want])
			}
		}
	}
}

// TestPromotionsTestset is test/int.jl's testset "promotions": two
// unsigned or two signed types promote to the larger.
func TestPromotionsTestset(t *testing.T) {
	for _, group := range [][]dtype.DType{bitIntegers[:4], bitIntegers[4:]} {
		for _, a := range group {
			for _, b := range group {
				want := a
				if b.Bits() > a.Bits() {
					want = b
				}
				if got, _, err := PromoteType(a, b); err != nil || got != want {
					t.Errorf("promote_type(%s, %s) = %s, %v; want %s", jlName[a], jlName[b], got, err, jlName[want])
				}
			}
		}
	}
}

// TestFloatRules: every float with every integer and Bool is the float
// (base/float.jl's loops, the Float16 + Int64 = Float16 of the docstring),
// and floats order Float16 < Float32 < Float64.
func TestFloatRules(t *testing.T) {
	for _, f := range floats {
		for _, i := range append([]dtype.DType{dtype.Bool}, bitIntegers...) {
			for _, pair := range [][2]dtype.DType{{f, i}, {i, f}} {
				got, rule, err := PromoteType(pair[0], pair[1])
				if err != nil || got != f || (rule != ruleFloatInt && rule != ruleBool) {
					t.Errorf("promote_type(%s, %s) = %s by %v, %v; want %s", jlName[pair[0]], jlName[pair[1]], got, rule, err, jlName[f])
				}
			}
		}
		for _, g := range floats {
			want := f
			if g.Bits() > f.Bits() {
				want = g
			}
			if got, _, err := PromoteType(f, g); err != nil || got != want {
				t.Errorf("promote_type(%s, %s) = %s, %v; want %s", jlName[f], jlName[g], got, err, jlName[want])
			}
		}
	}
}

// TestComplexRules: Complex{T} with a real S is Complex{promote_type(T,
// S)}, with Complex{S} likewise (base/complex.jl).
func TestComplexRules(t *testing.T) {
	for _, c := range complexes {
		for _, s := range juliaTypes {
			if s == dtype.BF16 {
				continue
			}
			other := s
			if s.IsComplex() {
				other = realPart(s)
			}
			inner, _, err := PromoteType(realPart(c), other)
			if err != nil {
				t.Fatal(err)
			}
			want := complexOf(inner)
			for _, pair := range [][2]dtype.DType{{c, s}, {s, c}} {
				if got, _, err := PromoteType(pair[0], pair[1]); err != nil || got != want {
					t.Errorf("promote_type(%s, %s) = %s, %v; want %s", jlName[pair[0]], jlName[pair[1]], got, err, jlName[want])
				}
			}
		}
	}
}

// TestBFloat16: Core.BFloat16 promotes only with itself and Bool; with any
// other number promote_type throws, naming the two types in order.
func TestBFloat16(t *testing.T) {
	r := Def.MustBuild()
	for _, d := range juliaTypes {
		res, err := r.PromoteTypes(dtype.BF16, d)
		switch d {
		case dtype.BF16, dtype.Bool:
			if err != nil || res.DType != dtype.BF16 {
				t.Errorf("promote_type(Core.BFloat16, %s) = %v, %v; want Core.BFloat16", jlName[d], res, err)
			}
		default:
			if err == nil {
				t.Errorf("promote_type(Core.BFloat16, %s) = %v; want an error", jlName[d], res)
			}
		}
	}
}

// TestRightFoldIsOrderFree: promote_type(T, S, U) = promote_type(T,
// promote_type(S, U)) gives the same type (or fails) in every order of
// every triple of Julia's types, and equals a left fold: Julia's rules
// are a join.
func TestRightFoldIsOrderFree(t *testing.T) {
	r := Def.MustBuild()
	n := 0
	for _, a := range juliaTypes {
		for _, b := range juliaTypes {
			for _, c := range juliaTypes {
				first, ferr := r.Result(promote.T(a), promote.T(b), promote.T(c))
				for _, perm := range [][3]dtype.DType{{a, c, b}, {b, a, c}, {b, c, a}, {c, a, b}, {c, b, a}} {
					got, err := r.Result(promote.T(perm[0]), promote.T(perm[1]), promote.T(perm[2]))
					if (err == nil) != (ferr == nil) || got.DType != first.DType {
						t.Errorf("%v = %v, %v but %v = %v, %v", []dtype.DType{a, b, c}, first, ferr, perm, got, err)
					}
				}
				left, _, lerr := PromoteType(a, b)
				if lerr == nil {
					left, _, lerr = PromoteType(left, c)
				}
				if (lerr == nil) != (ferr == nil) || (lerr == nil && left != first.DType) {
					t.Errorf("left fold of %s %s %s = %s, %v; right fold %v, %v", a, b, c, left, lerr, first, ferr)
				}
				n++
			}
		}
	}
	if n != len(juliaTypes)*len(juliaTypes)*len(juliaTypes) {
		t.Fatalf("checked %d triples", n)
	}
}

// TestNotJulia: every catalogue dtype Julia lacks is refused, naming it.
func TestNotJulia(t *testing.T) {
	r := Def.MustBuild()
	for _, d := range dtype.All() {
		if isJulia(d) {
			continue
		}
		_, err := r.Result(promote.T(d), promote.T(dtype.F32))
		if err == nil || !containsAll(err.Error(), "julia", "no type for "+d.String()) {
			t.Errorf("%s: %v", d, err)
		}
	}
}
