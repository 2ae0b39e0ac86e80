package numpy

import (
	"errors"
	"strings"
	"testing"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/internal/tsvtest"
)

// ntypeByName reads a promote_types.tsv name: a canonical dtype, or
// longdouble / clongdouble, which only the internal model has.
func ntypeByName(t *testing.T, name string) (ntype, dtype.DType) {
	t.Helper()
	switch name {
	case "longdouble":
		return nLongDouble, dtype.F80
	case "clongdouble":
		return nCLongDouble, dtype.C160
	}
	d, err := dtype.Parse(name)
	if err != nil {
		t.Fatal(err)
	}
	n, ok := builtin(d)
	if !ok {
		t.Fatalf("%s is not a NumPy builtin", name)
	}
	return n, d
}

// TestPromoteTypesTable checks all 256 rows of the spec's table: the
// model built from the safe-cast rules and the climb, and the rule set's
// PromoteTypes and Result, longdouble and clongdouble (f80, c160) included,
// under both promotion states.
func TestPromoteTypesTable(t *testing.T) {
	rows := tsvtest.Read(t, "testdata/promote_types.tsv")
	if len(rows) != 256 {
		t.Fatalf("promote_types.tsv has %d rows, want 256", len(rows))
	}
	legacy := Def.MustBuild("promotion=legacy")
	for _, v := range rows {
		row := v.Fields
		na, da := ntypeByName(t, row[0])
		nb, db := ntypeByName(t, row[1])
		nw, dw := ntypeByName(t, row[2])
		if got, _, ok := promoteTypes(na, nb); !ok || got != nw {
			t.Errorf("line %d: model promote_types(%s, %s) = %s, want %s", v.Line, na, nb, got, nw)
		}
		for _, r := range []promote.Rules{resultType, legacy} {
			res, err := r.PromoteTypes(da, db)
			if err != nil || res.DType != dw || res.Rule == nil {
				t.Errorf("line %d: [%s] PromoteTypes(%s, %s) = %v, %v; want %s", v.Line, r.Settings(), da, db, res, err, dw)
			}
			res, err = r.Result(promote.T(da), promote.T(db))
			if err != nil || res.DType != dw || res.Rule != tableRule(da, db) {
				t.Errorf("line %d: [%s] Result(%s, %s) = %v (%v), %v; want %s", v.Line, r.Settings(), da, db, res, res.Rule, err, dw)
			}
		}
	}
	for name, want := range map[string]dtype.DType{"longdouble": dtype.F80, "clongdouble": dtype.C160,
		"float128": dtype.F80, "complex256": dtype.C160, "g": dtype.F80, "G": dtype.C160} {
		if got, err := dtype.NumPy.Parse(name); err != nil || got != want {
			t.Errorf("the numpy dialect reads %q as %v, %v; want %v", name, got, err, want)
		}
	}
}

func tableRule(a, b dtype.DType) *promote.Rule { return pairTable().Cell(a, b).Rule }

// TestPromoteTypesRules checks which rule decides: same, safe cast, climb.
func TestPromoteTypesRules(t *testing.T) {
	for _, c := range []struct {
		a, b dtype.DType
		rule *promote.Rule
	}{
		{dtype.I8, dtype.I8, ruleSame},
		{dtype.Bool, dtype.C64, ruleSafeCast},
		{dtype.U8, dtype.I16, ruleSafeCast},
		{dtype.I64, dtype.F64, ruleSafeCast},
		{dtype.F16, dtype.F64, ruleSafeCast},
		{dtype.U64, dtype.F16, ruleClimb}, // float16 is narrower than 8 bytes: climb to float64
		{dtype.I64, dtype.U64, ruleClimb},
		{dtype.I16, dtype.F16, ruleClimb},
		{dtype.C64, dtype.I32, ruleClimb},
	} {
		res, err := resultType.PromoteTypes(c.a, c.b)
		if err != nil {
			t.Fatal(err)
		}
		if res.Rule != c.rule {
			t.Errorf("PromoteTypes(%s, %s) decided by %s, want %s", c.a, c.b, res.Rule.ID, c.rule.ID)
		}
	}
}

// TestPromoteTypesSymmetric: NumPy's table is symmetric.
func TestPromoteTypesSymmetric(t *testing.T) {
	for a := ntype(0); a < numNTypes; a++ {
		for b := ntype(0); b < numNTypes; b++ {
			if promoteTable[a][b] != promoteTable[b][a] {
				t.Errorf("promote_types(%s, %s) = %s but promote_types(%s, %s) = %s", a, b, promoteTable[a][b], b, a, promoteTable[b][a])
			}
		}
	}
}

// TestPromoteTypesRefusesNonBuiltins: every catalogue dtype NumPy lacks is
// refused, in either position, with a one-line error naming it.
func TestPromoteTypesRefusesNonBuiltins(t *testing.T) {
	n := 0
	for _, d := range dtype.All() {
		if _, ok := builtin(d); ok {
			continue
		}
		n++
		for _, pair := range [][2]dtype.DType{{d, dtype.F32}, {dtype.F32, d}, {d, d}} {
			_, err := resultType.PromoteTypes(pair[0], pair[1])
			var pe *promote.Error
			if !errors.As(err, &pe) || pe.Rule != ruleNotBuiltin {
				t.Errorf("PromoteTypes(%s, %s): error %v, want a not-builtin refusal", pair[0], pair[1], err)
				continue
			}
			if !strings.Contains(err.Error(), d.String()) {
				t.Errorf("PromoteTypes(%s, %s): %v does not name %s", pair[0], pair[1], err, d)
			}
		}
	}
	if n != dtype.Count-1-16 {
		t.Errorf("%d non-builtins, want %d", n, dtype.Count-1-16)
	}
	if _, err := resultType.PromoteTypes(dtype.Invalid, dtype.F32); err == nil {
		t.Error("PromoteTypes(Invalid, f32) succeeded")
	}
}

// TestPromoteTypesNotAssociative: pairwise promotion is not associative;
// the spec counts 28 ordered triples of the 16 types (all among the 14
// catalogue types) where p(p(a,b),c) != p(a,p(b,c)).
func TestPromoteTypesNotAssociative(t *testing.T) {
	n := 0
	same := func(x, y ntype) bool { return ntypes[x].dtype == ntypes[y].dtype } // long long is int64
	for a := ntype(0); a < nLongLong; a++ {
		for b := ntype(0); b < nLongLong; b++ {
			for c := ntype(0); c < nLongLong; c++ {
				if !same(promoteTable[promoteTable[a][b]][c], promoteTable[a][promoteTable[b][c]]) {
					n++
				}
			}
		}
	}
	if n != 28 {
		t.Errorf("%d non-associative ordered triples, want 28", n)
	}
	p := func(a, b dtype.DType) dtype.DType { r, _ := resultType.PromoteTypes(a, b); return r.DType }
	if got := p(p(dtype.I8, dtype.U8), dtype.F16); got != dtype.F32 {
		t.Errorf("p(p(int8,uint8),float16) = %s, want f32", got)
	}
	if got := p(dtype.I8, p(dtype.U8, dtype.F16)); got != dtype.F16 {
		t.Errorf("p(int8,p(uint8,float16)) = %s, want f16", got)
	}
}

// TestPromoteTypesAllocs: a success pair costs no allocation.
func TestPromoteTypesAllocs(t *testing.T) {
	var sink promote.Result
	allocs := testing.AllocsPerRun(1000, func() {
		sink, _ = resultType.PromoteTypes(dtype.I16, dtype.F16)
	})
	if allocs != 0 {
		t.Errorf("PromoteTypes allocates %v times per call, want 0", allocs)
	}
	if sink.DType != dtype.F32 {
		t.Errorf("PromoteTypes(i16, f16) = %v, want f32", sink)
	}
}

func BenchmarkPromoteTypes(b *testing.B) {
	r := resultType
	for i := 0; b.Loop(); i++ {
		x, y := builtins[i%len(builtins)], builtins[(i/len(builtins))%len(builtins)]
		if _, err := r.PromoteTypes(x, y); err != nil {
			b.Fatal(err)
		}
	}
}
