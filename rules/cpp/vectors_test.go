package cpp

import (
	"strings"
	"testing"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/internal/tsvtest"
)

// TestVectors runs testdata/vectors.tsv: each rule and option of spec.md
// with the rule that must decide.
func TestVectors(t *testing.T) {
	if n := tsvtest.RunVectors(t, Def, "testdata/vectors.tsv"); n < 40 {
		t.Fatalf("only %d vectors", n)
	}
}

// TestFloat16WithBFloat16 is a named disagreement: C++23 makes
// std::float16_t + std::bfloat16_t ill-formed (P1467: unordered
// conversion ranks), while GCC's C gives _Float16 + __bf16 the type
// _Float16 (see the c rule set's TestFloat16WithBFloat16). g++ 14's own
// message names both operands 'float'; the refusal names them as written.
func TestFloat16WithBFloat16(t *testing.T) {
	r := Def.MustBuild("std=c++23")
	for _, q := range []string{"f16 bf16", "bf16 f16", "std::float16_t std::bfloat16_t"} {
		ops, err := promote.ParseOperands(Dialect, q)
		if err != nil {
			t.Fatal(err)
		}
		_, err = r.Result(ops...)
		pe, ok := err.(*promote.Error)
		if !ok || pe.Rule != ruleUnordered || !strings.Contains(pe.Msg, "std::float16_t") || !strings.Contains(pe.Msg, "std::bfloat16_t") {
			t.Errorf("%s: %v, want the unordered-ranks refusal naming both types", q, err)
		}
	}
}

// TestOptionValues: an unknown std lists the valid ones.
func TestOptionValues(t *testing.T) {
	if _, err := Def.Build("std=c++11"); err == nil || !strings.Contains(err.Error(), "c++17|c++20|c++23") {
		t.Errorf("std=c++11: %v", err)
	}
}

// TestDialect: C++'s spellings.
func TestDialect(t *testing.T) {
	for name, want := range map[string]string{
		"unsigned_char": "u8", "long_double": "f80", "std::float16_t": "f16", "std::bfloat16_t": "bf16",
		"std::float32_t": "f32", "std::complex<float>": "c64", "std::complex<long_double>": "c160",
		"std::complex<std::bfloat16_t>": "bc32", "wchar_t": "i32", "char32_t": "u32", "char8_t": "u8", "__bf16": "bf16",
	} {
		d, err := Dialect.Parse(name)
		if err != nil || d.String() != want {
			t.Errorf("%s = %v, %v; want %s", name, d, err, want)
		}
	}
	for _, name := range []string{"std::float128_t", "__int128", "__float128"} {
		if _, err := Dialect.Parse(name); err == nil || !strings.Contains(err.Error(), "not in promote's catalogue") {
			t.Errorf("%s: %v", name, err)
		}
	}
}
