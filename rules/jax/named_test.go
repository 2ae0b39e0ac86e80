package jax

import (
	"errors"
	"strings"
	"testing"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/internal/tsvtest"
	"github.com/promote-dev/promote/lattice"
)

// TestX64OffUint32WithInt32 is the x64 surprise of spec.md §5 and
// testObservedPromotionTable: uint32 with int32 is int32 with x64 off (the
// x32 lattice's uint32 -> int32 edge; the result can overflow, on purpose)
// but int64 with x64 on.
func TestX64OffUint32WithInt32(t *testing.T) {
	for _, tc := range []struct {
		kv   []string
		want dtype.DType
		rule *promote.Rule
	}{
		{nil, dtype.I32, ruleJoin},
		{[]string{"x64=true"}, dtype.I64, ruleJoin},
	} {
		res, err := Def.MustBuild(tc.kv...).PromoteTypes(dtype.U32, dtype.I32)
		if err != nil || res.DType != tc.want || res.Weak || res.Rule != tc.rule {
			t.Errorf("%v: uint32 with int32 = %v (%v, %v), want %s by %s", tc.kv, res, res.Rule, err, tc.want, tc.rule.ID)
		}
	}
}

// TestWeakInt16StandardVsStrict is testBinaryNonPromotion: weak int16 with
// weak int16 stays weak int16 in standard mode (the all-weak branch joins
// the strong dtypes), but in strict mode both are the node i*, whose
// dtype is the default int.
func TestWeakInt16StandardVsStrict(t *testing.T) {
	w := Typed{dtype.I16, true}
	for _, tc := range []struct {
		c    Config
		want Typed
	}{
		{Config{}, Typed{dtype.I16, true}},
		{Config{X64: true}, Typed{dtype.I16, true}},
		{Config{Strict: true}, Typed{dtype.I32, true}},
		{Config{Strict: true, X64: true}, Typed{dtype.I64, true}},
	} {
		if got, err := LatticeResultType(tc.c, w, w); err != nil || got != tc.want {
			t.Errorf("%+v: i16? with i16? = %v (%v), want %v", tc.c, got, err, tc.want)
		}
	}
}

// TestUint64WithSignedIsWeakFloat: uint64 with a signed integer joins at
// f*, so two strong arrays give a *weak* float64 with x64 on. This is
// lattice_result_type; jnp.promote_types reports the same join as a plain
// float64, and PromoteTypes here follows the array semantics of the Rules
// interface, not jnp.promote_types.
func TestUint64WithSignedIsWeakFloat(t *testing.T) {
	rs := Def.MustBuild("x64=true")
	for _, s := range []dtype.DType{dtype.I8, dtype.I16, dtype.I32, dtype.I64} {
		for _, p := range [][2]dtype.DType{{dtype.U64, s}, {s, dtype.U64}} {
			res, err := rs.PromoteTypes(p[0], p[1])
			if err != nil || res.DType != dtype.F64 || !res.Weak || res.Rule != ruleJoinWeak {
				t.Errorf("%s with %s = %v (%v), want f64? by lattice-weak", p[0], p[1], res, err)
			}
		}
	}
	// With x64 off uint64 is canonicalised to uint32 first: int32.
	if res, err := Def.MustBuild().PromoteTypes(dtype.U64, dtype.I8); err != nil || res.String() != "i32" || res.Rule != ruleX64 {
		t.Errorf("x64 off: u64 with i8 = %v (%v), want i32 by x64-off", res, err)
	}
}

// TestPythonScalarsNeverWiden is the docs' headline: a Python scalar never
// widens a strong operand of its kind or a higher one (int16 + 1 = int16,
// float16 + 1.0 = float16), and bf16 + 1j is complex64 (c* -> complex64).
func TestPythonScalarsNeverWiden(t *testing.T) {
	for _, kv := range [][]string{nil, {"x64=true"}} {
		rs := Def.MustBuild(kv...)
		for _, tc := range []struct {
			a    dtype.DType
			lit  promote.Operand
			want string
		}{
			{dtype.I16, promote.Int(1), "i16"},
			{dtype.U8, promote.Int(255), "u8"},
			{dtype.F16, promote.Float(1), "f16"},
			{dtype.BF16, promote.Int(3), "bf16"},
			{dtype.BF16, promote.Complex(0, 1), "c64"},
			{dtype.C64, promote.Float(2), "c64"},
			{dtype.Bool, promote.Bool(true), "bool"},
		} {
			for _, ops := range [][]promote.Operand{{promote.T(tc.a), tc.lit}, {tc.lit, promote.T0(tc.a)}} {
				if res, err := rs.Result(ops...); err != nil || res.String() != tc.want {
					t.Errorf("%v: %s = %v (%v), want %s", kv, promote.Join(ops), res, err, tc.want)
				}
			}
		}
	}
}

// TestBoolWithPythonInt: bool's only edge is to i*, so bool + 1 is the
// weak default int (not bool, not a strong int as in PyTorch), and a
// Python bool is never weak.
func TestBoolWithPythonInt(t *testing.T) {
	for _, tc := range []struct {
		kv   []string
		want string
	}{{nil, "i32?"}, {[]string{"x64=true"}, "i64?"}} {
		res, err := Def.MustBuild(tc.kv...).Result(promote.T(dtype.Bool), promote.Int(1))
		if err != nil || res.String() != tc.want || res.Rule != ruleJoinWeak {
			t.Errorf("%v: bool + 1 = %v (%v), want %s by lattice-weak", tc.kv, res, err, tc.want)
		}
	}
	if res, err := Def.MustBuild().Result(promote.Bool(true)); err != nil || res.String() != "bool" {
		t.Errorf("true alone = %v (%v), want bool (strong)", res, err)
	}
}

// TestNoPathMessages checks the order in which _least_upper_bound picks
// its message (strict, fp8, fp6, fp4, intN, generic), including the
// generic wording, which no pair of these lattices reaches (every failed
// join in standard mode involves a small float or an intN type).
func TestNoPathMessages(t *testing.T) {
	n := func(d dtype.DType) lattice.Node { return nodeOf[d] }
	for _, tc := range []struct {
		c     Config
		nodes []lattice.Node
		cat   string
	}{
		{Config{Strict: true}, []lattice.Node{n(dtype.F8E4M3FN), n(dtype.I4)}, "strict"},
		{Config{}, []lattice.Node{n(dtype.I4), n(dtype.F6E2M3FN), n(dtype.F8E5M2)}, "fp8"},
		{Config{}, []lattice.Node{n(dtype.F4E2M1FN), n(dtype.F6E3M2FN)}, "fp6"},
		{Config{}, []lattice.Node{n(dtype.U2), n(dtype.F4E2M1FN)}, "fp4"},
		{Config{}, []lattice.Node{n(dtype.U1), nodeFloat}, "intN"},
		{Config{}, []lattice.Node{n(dtype.I8), n(dtype.F64)}, "generic"},
		{Config{}, []lattice.Node{nodeInt, nodeComplex}, "generic"},
	} {
		msg := noPathMsg(tc.c, tc.nodes)
		if !strings.Contains(msg, errorPhrases[tc.cat]) || !strings.HasPrefix(msg, "TypePromotionError: Input dtypes (") {
			t.Errorf("%+v %v: %q, want the %s wording", tc.c, tc.nodes, msg, tc.cat)
		}
	}
	if got, want := pyTuple([]lattice.Node{n(dtype.BF16)}), "('bfloat16',)"; got != want {
		t.Errorf("one-node tuple = %s, want %s", got, want)
	}
	if got, want := pyTuple([]lattice.Node{nodeInt, n(dtype.U4)}), `("<class 'int'>", 'uint4')`; got != want {
		t.Errorf("tuple = %s, want %s", got, want)
	}
}

// TestProgramInference chains LatticeResultType as program-level inference
// does: each result, with its weak flag, is the next operation's input.
// y = x_bf16 * 2; z = y + 1j; w = z + x_f64 (x64 on).
func TestProgramInference(t *testing.T) {
	c := Config{X64: true}
	py := func(d dtype.DType) Typed { return Typed{d, true} }
	y, err := LatticeResultType(c, Typed{dtype.BF16, false}, py(DefaultInt(c)))
	if err != nil || y != (Typed{dtype.BF16, false}) {
		t.Fatalf("bf16 * 2 = %v (%v), want bf16", y, err)
	}
	z, err := LatticeResultType(c, y, py(DefaultComplex(c)))
	if err != nil || z != (Typed{dtype.C64, false}) {
		t.Fatalf("bf16 + 1j = %v (%v), want c64", z, err)
	}
	w, err := LatticeResultType(c, z, Typed{dtype.F64, false})
	if err != nil || w != (Typed{dtype.C128, false}) {
		t.Fatalf("c64 + f64 = %v (%v), want c128", w, err)
	}
	// A weak intermediate stays weak and keeps deferring.
	s, err := LatticeResultType(c, py(DefaultInt(c)), py(DefaultFloat(c)))
	if err != nil || s.String() != "f64?" {
		t.Fatalf("1 + 2.0 = %v (%v), want f64?", s, err)
	}
	if u, err := LatticeResultType(c, s, Typed{dtype.F16, false}); err != nil || u.String() != "f16" {
		t.Fatalf("(1 + 2.0) + f16 = %v (%v), want f16", u, err)
	}
	if _, err := LatticeResultType(c); err == nil {
		t.Error("no args accepted")
	}
	var pe *promote.Error
	if _, err := LatticeResultType(Config{Strict: true}, Typed{dtype.I32, false}, Typed{dtype.F32, false}); !errors.As(err, &pe) || pe.Rule != ruleStrict {
		t.Errorf("strict i32 + f32: %v, want a strict refusal", err)
	}
}

// TestDefaults checks the Python scalar defaults (spec.md §4, §5).
func TestDefaults(t *testing.T) {
	for _, tc := range []struct {
		c         Config
		i, f, cpx dtype.DType
	}{
		{Config{}, dtype.I32, dtype.F32, dtype.C64},
		{Config{X64: true}, dtype.I64, dtype.F64, dtype.C128},
		{Config{Strict: true}, dtype.I32, dtype.F32, dtype.C64},
	} {
		if DefaultInt(tc.c) != tc.i || DefaultFloat(tc.c) != tc.f || DefaultComplex(tc.c) != tc.cpx {
			t.Errorf("%+v: defaults %s %s %s", tc.c, DefaultInt(tc.c), DefaultFloat(tc.c), DefaultComplex(tc.c))
		}
	}
}

// TestDef checks the definition: options, defaults, presets, and that bad
// settings are refused by name.
func TestDef(t *testing.T) {
	if Def.NAry != promote.Set || Def.Dialect != dtype.NumPy || Def.Name != "jax" {
		t.Errorf("Def = %s %v %v", Def.Name, Def.NAry, Def.Dialect)
	}
	rs := Def.MustBuild()
	if got := rs.Settings().String(); got != "mode=standard x64=false explicit_x64_dtypes=warn" {
		t.Errorf("default settings %q", got)
	}
	for _, p := range Def.Presets {
		if _, err := Def.Build(p...); err != nil {
			t.Errorf("preset %v: %v", p, err)
		}
	}
	for _, bad := range []string{"mode=loose", "x64=maybe", "enable_x64=true", "explicit_x64_dtypes=ALLOW!", "explicit_x64_dtypes=true"} {
		if _, err := Def.Build(bad); err == nil {
			t.Errorf("%s accepted", bad)
		}
	}
	if r := Def.MustBuild("mode=strict", "x64=true").(*rules); r.c != (Config{Strict: true, X64: true}) {
		t.Errorf("config %+v", r.c)
	}
}

// TestExplicitX64 checks jax_explicit_x64_dtypes beyond the vectors: the
// rule each mode cites, LatticeResultType and ExplicitDType under each,
// and that with x64 on the three modes give one table.
func TestExplicitX64(t *testing.T) {
	for _, tc := range []struct {
		kv    []string
		query string
		rule  string
	}{
		{nil, "f64 f16", "x64-off"},
		{[]string{"explicit_x64_dtypes=error"}, "f64 f16", "explicit-x64-error"},
		{[]string{"explicit_x64_dtypes=allow"}, "f64 f16", "explicit-x64-allow"},
		{[]string{"explicit_x64_dtypes=allow"}, "f32 f16", "lattice"},
		{[]string{"explicit_x64_dtypes=allow", "x64=true"}, "f64 f16", "lattice"},
	} {
		_, rule := tsvtestAnswer(t, tc.kv, tc.query)
		if rule != tc.rule {
			t.Errorf("%v %q: rule %s, want %s", tc.kv, tc.query, rule, tc.rule)
		}
	}
	allow := Config{Explicit: ExplicitAllow}
	if got, err := LatticeResultType(allow, Typed{dtype.U64, false}, Typed{dtype.I8, false}); err != nil || got != (Typed{dtype.F32, true}) {
		t.Errorf("allow: LatticeResultType(u64, i8) = %v, %v; want f32?", got, err)
	}
	if got, err := LatticeResultType(allow, Typed{dtype.I64, false}, Typed{dtype.I32, true}); err != nil || got != (Typed{dtype.I64, false}) {
		t.Errorf("allow: LatticeResultType(i64, i32?) = %v, %v; want i64", got, err)
	}
	_, err := LatticeResultType(Config{Explicit: ExplicitError}, Typed{dtype.C128, false})
	var e *promote.Error
	if !errors.As(err, &e) || e.Rule != ruleExplicitError || !strings.Contains(e.Msg, "dtype complex128 is not available") {
		t.Errorf("error: LatticeResultType(c128) = %v", err)
	}
	for _, c := range []Config{{}, {Explicit: ExplicitError}, {Explicit: ExplicitAllow}, {X64: true, Explicit: ExplicitError}} {
		for _, d := range dtype.All() {
			got, err := c.ExplicitDType(d)
			switch {
			case c.X64 || c.Explicit == ExplicitAllow || c.Canonical(d) == d:
				if err != nil || got != d {
					t.Errorf("%+v: ExplicitDType(%s) = %v, %v; want it unchanged", c, d, got, err)
				}
			case c.Explicit == ExplicitWarn:
				if err != nil || got != c.Canonical(d) {
					t.Errorf("%+v: ExplicitDType(%s) = %v, %v; want %s", c, d, got, err, c.Canonical(d))
				}
			case err == nil:
				t.Errorf("%+v: ExplicitDType(%s) = %v; want a refusal", c, d, got)
			}
		}
	}
	for _, strict := range []bool{false, true} {
		base := tables[Config{Strict: strict, X64: true}.index()]()
		for _, e := range []ExplicitX64{ExplicitError, ExplicitAllow} {
			other := tables[Config{Strict: strict, X64: true, Explicit: e}.index()]()
			for _, a := range dtype.All() {
				for _, b := range dtype.All() {
					if x, y := base.Cell(a, b), other.Cell(a, b); x.Out != y.Out || x.Weak != y.Weak || x.Msg != y.Msg {
						t.Errorf("x64=true strict=%v: explicit %s changes (%s, %s): %v vs %v", strict, e, a, b, y, x)
					}
				}
			}
		}
	}
	if _, err := ParseExplicitX64("ALLOW"); err == nil || !strings.Contains(err.Error(), "warn|error|allow") {
		t.Errorf("ParseExplicitX64(ALLOW) error = %v", err)
	}
	if s := ExplicitAllow.String() + ExplicitX64(9).String(); s != "allowExplicitX64(9)" {
		t.Errorf("String = %q", s)
	}
}

// tsvtestAnswer is batch, also returning the deciding rule's ID.
func tsvtestAnswer(t *testing.T, kv []string, line string) (string, string) {
	t.Helper()
	got, _ := tsvtest.Query(t, Def.MustBuild(kv...), line)
	_, rule := tsvtest.Answer(Def.MustBuild(kv...), line)
	if rule == nil {
		return got, ""
	}
	return got, rule.ID
}
