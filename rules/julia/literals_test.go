package julia

import (
	"errors"
	"strings"
	"testing"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/internal/tsvtest"
)

// TestLiterals: each literal alone has the type Julia's parser gives it
// (JuliaSyntax literal_parsing.jl, tokenize.jl), or is refused with the
// reason.
func TestLiterals(t *testing.T) {
	r := Def.MustBuild()
	for _, c := range []struct{ lit, want string }{
		{"true", "bool"}, {"false", "bool"},
		{"1", "i64"}, {"-7", "i64"}, {"9223372036854775807", "i64"}, {"-9223372036854775808", "i64"},
		{"9223372036854775808", "error: Int128"},
		{"170141183460469231731687303715884105728", "error: BigInt"},
		{"017", "i64"}, // a leading zero is decimal in Julia
		// Hexadecimal: by digit count, leading zeros included.
		{"0x1", "u8"}, {"0xff", "u8"}, {"0x001", "u16"}, {"0xffff", "u16"}, {"0x10000", "u32"},
		{"0x00000001", "u32"}, {"0x000000001", "u64"}, {"0xffffffffffffffff", "u64"},
		{"0x00000000000000001", "error: UInt128"},
		{"0x111122223333444455556666777788889", "error: BigInt"},
		{"-0x1", "u8"}, {"+0x1", "u8"},
		// Binary: by digit count.
		{"0b1", "u8"}, {"0b00000001", "u8"}, {"0b000000001", "u16"},
		{"0b" + strings.Repeat("1", 32), "u32"}, {"0b" + strings.Repeat("0", 33), "u64"},
		{"0b" + strings.Repeat("1", 65), "error: UInt128"},
		// Octal: digits and value.
		{"0o7", "u8"}, {"0o377", "u8"}, {"0o400", "u16"}, {"0o0001", "u16"}, {"0o177777", "u16"},
		{"0o200000", "u32"}, {"0o37777777777", "u32"}, {"0o40000000000", "u64"}, {"0o000000000001", "u64"},
		{"0o" + strings.Repeat("0", 22) + "1", "error: UInt128"},
		// Floats.
		{"1.0", "f64"}, {"2.5e3", "f64"}, {"nan", "f64"}, {"-inf", "f64"},
		{"1f0", "f32"}, {"0.5f0", "f32"}, {"2.5f-4", "f32"}, {".5f0", "f32"},
		// Not Julia.
		{"1.0f", "error: Julia writes a Float32 literal with f in place of e"},
		{"1.0L", "error: Julia writes a Float32 literal"},
		{"1u", "error: Julia has no integer suffixes"}, {"1L", "error: Julia has no integer suffixes"},
		{"0xffull", "error: Julia has no integer suffixes"},
		{"1j", "error: with im"},
	} {
		got := tsvtest.Check(t, r, c.lit)
		if msg, isErr := strings.CutPrefix(c.want, "error: "); isErr {
			if !strings.HasPrefix(got, "error: ") || !strings.Contains(got, msg) {
				t.Errorf("%s = %q, want an error holding %q", c.lit, got, msg)
			}
			continue
		}
		if got != c.want {
			t.Errorf("%s = %q, want %q", c.lit, got, c.want)
		}
	}
}

// TestNoWeakLiterals: a literal never defers to an array's type; it
// promotes like a value of its own type (Int8(1) + 1 is Int64).
func TestNoWeakLiterals(t *testing.T) {
	r := Def.MustBuild()
	for _, c := range [][2]string{
		{"i8 1", "i64"}, {"u8 1", "i64"}, {"f16 1", "f16"}, {"f16 1.0", "f64"}, {"f32 1.0", "f64"},
		{"f32 1f0", "f32"}, {"u8 0x01", "u8"}, {"i8 0x01", "u8"}, {"i16 0x01", "i16"}, {"u64 -1", "u64"},
		{"bool true", "bool"}, {"bool 1", "i64"}, {"c64 1.0", "c128"}, {"c32 1", "c32"},
	} {
		if got := tsvtest.Check(t, r, c[0]); got != c[1] {
			t.Errorf("%s = %s, want %s", c[0], got, c[1])
		}
	}
	_, err := r.Result(promote.Weak(promote.T(dtype.F32)))
	var pe *promote.Error
	if !errors.As(err, &pe) || pe.Rule != ruleNoWeak {
		t.Errorf("a weak operand: %v, want the no-weak-types refusal", err)
	}
}

// TestDialect: Julia's type names, and the types outside the catalogue
// named as such.
func TestDialect(t *testing.T) {
	for name, want := range map[string]string{
		"Int8": "i8", "UInt16": "u16", "Int": "i64", "UInt": "u64", "Float16": "f16", "Core.BFloat16": "bf16",
		"Base.Float32": "f32", "ComplexF64": "c128", "Complex{Float32}": "c64", "ComplexF16": "c32", "Bool": "bool",
	} {
		d, err := Dialect.Parse(name)
		if err != nil || d.String() != want {
			t.Errorf("%s = %v, %v; want %s", name, d, err, want)
		}
	}
	for _, name := range []string{"Int128", "UInt128", "BigInt", "BigFloat", "Complex{Int64}"} {
		if _, err := Dialect.Parse(name); err == nil || !strings.Contains(err.Error(), "not in promote's catalogue") {
			t.Errorf("%s: %v", name, err)
		}
	}
}
