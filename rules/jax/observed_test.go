package jax

import (
	"strings"
	"testing"

	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/internal/tsvtest"
)

// observedTypecodes maps testObservedPromotionTable's typecodes to batch
// operands: a strong typecode is an array of that dtype (the test makes it
// with jnp.uint64(0) and kin, an explicitly requested dtype), a weak one a
// Python scalar (the test's val.item()).
var observedTypecodes = map[string]string{
	"b1": "bool", "u1": "u8", "u2": "u16", "u4": "u32", "u8": "u64",
	"i1": "i8", "i2": "i16", "i4": "i32", "i8": "i64",
	"bf": "bf16", "f2": "f16", "f4": "f32", "f8": "f64", "c4": "c64", "c8": "c128",
	"i*": "0", "f*": "0.0", "c*": "0j",
}

// typecodeOf is the test's val_to_typecode of a batch answer: a strong
// dtype's typecode, or i*, f*, c* for a weak result of any width.
func typecodeOf(t *testing.T, answer string) string {
	t.Helper()
	d, err := dtype.Parse(strings.TrimSuffix(answer, "?"))
	if err != nil {
		return answer
	}
	if strings.HasSuffix(answer, "?") {
		switch {
		case d.IsFloat():
			return "f*"
		case d.IsComplex():
			return "c*"
		}
		return "i*"
	}
	for tc, op := range observedTypecodes {
		if op == d.String() {
			return tc
		}
	}
	return answer
}

// TestObservedPromotionTables checks JAX's own promotion tables
// (tests/dtypes_test.py@cec06d11 testObservedPromotionTable; written to
// testdata by gen_observed.py): every cell, under the settings of its
// table. The x64 table holds whatever jax_explicit_x64_dtypes says.
func TestObservedPromotionTables(t *testing.T) {
	for _, tc := range []struct {
		file     string
		settings [][]string
	}{
		{"testdata/observed_x64.tsv", [][]string{{"x64=true"}, {"x64=true", "explicit_x64_dtypes=error"}, {"x64=true", "explicit_x64_dtypes=allow"}}},
		{"testdata/observed_allow.tsv", [][]string{{"explicit_x64_dtypes=allow"}}},
		{"testdata/observed_x32.tsv", [][]string{nil, {"explicit_x64_dtypes=warn"}}},
	} {
		rows := tsvtest.Read(t, tc.file)
		if len(rows) != 19 {
			t.Fatalf("%s: %d rows, want a header and 18", tc.file, len(rows))
		}
		cols := rows[0].Fields[1:] // the header starts with an empty cell
		for _, kv := range tc.settings {
			cells := 0
			for _, row := range rows[1:] {
				v2 := row.Fields[0]
				for j, want := range row.Fields[1:] {
					v1 := cols[j]
					q := observedTypecodes[v1] + " " + observedTypecodes[v2]
					answer, _ := tsvtest.Query(t, Def.MustBuild(kv...), q)
					if got := typecodeOf(t, answer); got != want {
						t.Errorf("%s %v: %s + %s (%q) = %s, JAX's table says %s", tc.file, kv, v1, v2, q, got, want)
					}
					cells++
				}
			}
			if cells != 18*18 {
				t.Errorf("%s: %d cells", tc.file, cells)
			}
		}
	}
}
