package arrayapi

import (
	"strings"
	"testing"

	"github.com/promote-dev/promote/internal/tsvtest"
)

// TestScalarTable checks every cell of scalar_table.tsv in every version:
// array dtype with a Python scalar of each kind (values 1, 1.5, 1j, true).
func TestScalarTable(t *testing.T) {
	lit := map[string]string{"bool": "true", "int": "1", "float": "1.5", "complex": "1j"}
	col := map[string]int{V2021: 2, V2022: 3, V2023: 3, V2024: 4}
	rows := tsvtest.Read(t, "testdata/scalar_table.tsv")
	if len(rows) != 52 {
		t.Fatalf("scalar_table.tsv has %d cells, want 52", len(rows))
	}
	for _, r := range rows {
		row := r.Fields
		arr, kind := row[0], row[1]
		for _, v := range versions {
			want := row[col[v]]
			for _, q := range []string{arr + " " + lit[kind], lit[kind] + " " + arr, arr + "[] " + lit[kind]} {
				got := tsvtest.Check(t, Def.MustBuild("version="+v), q)
				switch want {
				case "n/a":
					if !strings.Contains(got, "not an Array API dtype in 2021.12") {
						t.Errorf("version=%s %q = %q, want the 2021.12 complex refusal", v, q, got)
					}
				case "undefined":
					if !strings.Contains(got, "undefined by the standard") {
						t.Errorf("version=%s %q = %q, want undefined", v, q, got)
					}
				default:
					if got != want {
						t.Errorf("version=%s %q = %q, want %s", v, q, got, want)
					}
				}
			}
		}
	}
}

// TestComplexScalarWithRealFloat2024: since 2024.12 a Python complex with a
// real float array gives the complex dtype of the same precision; before,
// it is undefined.
func TestComplexScalarWithRealFloat2024(t *testing.T) {
	tsvtest.CheckVectors(t, Def, "version", [][3]string{
		{V2024, "f32 1j", "c64"},
		{V2024, "f64 1j", "c128"},
		{V2024, "1j f32[]", "c64"},
		{V2024, "f32 1j 1.5 2", "c64"},
		{V2024, "f32 f64 (1+2j)", "c128"},
		{V2023, "f32 1j", "error: undefined by the standard before 2024.12"},
		{V2022, "f64 1j", "error: undefined by the standard before 2024.12"},
		{V2021, "f64 1j", "error: in 2021.12, which has no complex scalars"},
		{V2024, "i32 1j", "error: a Python complex with an array of dtype i32 is undefined by the standard"},
	})
}

// TestScalarRules: bounds, the need for an array, and several operands.
func TestScalarRules(t *testing.T) {
	tsvtest.CheckVectors(t, Def, "version", [][3]string{
		{V2024, "u8 255", "u8"},
		{V2024, "u8 256", "error: Python int 256 is outside the range of u8"},
		{V2024, "u8 -1", "error: Python int -1 is outside the range of u8"},
		{V2024, "i8 -128", "i8"},
		{V2024, "i8 -129", "error: outside the range of i8"},
		{V2024, "i64 9223372036854775808", "error: outside the range of i64"},
		{V2024, "u64 18446744073709551615", "u64"},
		{V2024, "f32 100000000000000000000000000000000000000000000", "f32"},
		{V2024, "i8 1.5", "error: a Python float with an array of dtype i8 is undefined by the standard (a library may give float32, float64 or raise)"},
		{V2024, "bool 1", "error: a Python int with an array of dtype bool is undefined by the standard"},
		{V2024, "i8 true", "error: a Python bool with an array of dtype i8 is undefined by the standard"},
		{V2024, "i8 u8 300", "i16"},
		{V2024, "i8 u8 40000", "error: Python int 40000 is outside the range of i16"},
		{V2024, "1", "error: result_type needs at least one array or dtype"},
		{V2024, "1 2.5", "error: result_type needs at least one array or dtype"},
		{V2021, "true", "error: result_type needs at least one array or dtype"},
		{V2024, "", "error: no operands"},
		{V2024, "1L i32", "error: 1L is not a Python literal"},
		{V2024, "f64(1.5) i32", "error: mixed kinds"},
		{V2024, "f64(1.5) f32 2", "f64"},
	})
}
