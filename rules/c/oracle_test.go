package c

import (
	"fmt"
	"sort"
	"strings"
	"testing"

	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/internal/gccoracle"
	"github.com/promote-dev/promote/internal/tsvtest"
)

// oracleLiterals are C literal texts that are also operands of the
// grammar, for every std; c23Literals only for std=c23.
var (
	oracleLiterals = []string{
		"0", "1", "-7", "2147483647", "2147483648", "-2147483648", "4294967295", "4294967296",
		"9223372036854775807", "9223372036854775808", "0x7FFFFFFF", "0x80000000", "0xFFFFFFFF", "0x100000000",
		"0x7FFFFFFFFFFFFFFF", "0x8000000000000000", "017", "020000000000", "040000000000",
		"1u", "4294967295u", "4294967296U", "1l", "1L", "2147483648l", "0xFFFFFFFFl", "0x8000000000000000L",
		"1ul", "1lu", "1UL", "1ll", "1LL", "0x8000000000000000ll", "1ull", "1llu", "1ULL",
		"1.0", "2.5e3", "1.0f", "1e5f", "1.0L", "2.5e3l", "true", "false",
	}
	c23Literals = []string{"0b101", "0b11111111111111111111111111111111", "0b1u"}
)

// genericNames is the _Generic association list naming each C type by
// its dtype (long and long long are both i64); __int128 is named so that
// a constant GCC types as __int128 is seen.
func genericNames(c23 bool) string {
	assoc := []string{
		`_Bool: "bool"`, `char: "i8"`, `signed char: "i8"`, `unsigned char: "u8"`, `short: "i16"`, `unsigned short: "u16"`,
		`int: "i32"`, `unsigned int: "u32"`, `long: "i64"`, `unsigned long: "u64"`, `long long: "i64"`, `unsigned long long: "u64"`,
		`float: "f32"`, `double: "f64"`, `long double: "f80"`,
		`_Complex float: "c64"`, `_Complex double: "c128"`, `_Complex long double: "c160"`, `__int128: "__int128"`,
	}
	if c23 {
		assoc = append(assoc, `_Float16: "f16"`, `__bf16: "bf16"`, `_Complex _Float16: "c32"`,
			`_BitInt(2): "i2"`, `_BitInt(4): "i4"`, `unsigned _BitInt(1): "u1"`, `unsigned _BitInt(2): "u2"`, `unsigned _BitInt(4): "u4"`)
	}
	return "#define NAME(x) _Generic((x), " + strings.Join(assoc, ", ") + `, default: "?")`
}

// cTypes lists the dtypes the rule set gives a C type under the std, in
// catalogue order.
func cTypes(c23 bool) []dtype.DType {
	var out []dtype.DType
	for _, d := range dtype.All() {
		if has(d, c23) {
			out = append(out, d)
		}
	}
	return out
}

// oracleProgram prints, one line each, "A B TYPE" for every ordered pair
// of the types, "- L TYPE" for each literal alone and "A L TYPE" for each
// type with each literal.
func oracleProgram(types []dtype.DType, lits []string, c23 bool) string {
	var b strings.Builder
	b.WriteString("#include <stdio.h>\n#include <stdbool.h>\n")
	b.WriteString(genericNames(c23) + "\nint main(void) {\n")
	for _, d := range types {
		fmt.Fprintf(&b, "\t%s v_%s = 0;\n", ctypes[d].name, d)
	}
	for _, a := range types {
		for _, c := range types {
			fmt.Fprintf(&b, "\tprintf(\"%s %s %%s\\n\", NAME(v_%s + v_%s));\n", a, c, a, c)
		}
	}
	for _, l := range lits {
		fmt.Fprintf(&b, "\tprintf(\"- %s %%s\\n\", NAME(%s));\n", l, l)
		for _, a := range types {
			fmt.Fprintf(&b, "\tprintf(\"%s %s %%s\\n\", NAME(v_%s + %s));\n", a, l, a, l)
		}
	}
	b.WriteString("\treturn 0;\n}\n")
	return b.String()
}

// TestGCC compares the rule set with GCC over every ordered pair of C
// types and every literal kind, alone and with each type: one compilation
// per std, the stds in parallel. c17 runs on the newest GCC from 12 (every
// one found, the host's and the chroot's, under PROMOTE_EXHAUSTIVE=1,
// gccoracle.All); c23 needs GCC 14 (__bf16 and _BitInt on x86-64), from
// the gcc-trixie chroot.
func TestGCC(t *testing.T) {
	if testing.Short() {
		t.Skip("live GCC comparison: compiling the tables takes seconds; run without -short")
	}
	for _, c := range []struct {
		std      string
		c23      bool
		minMajor int
	}{{"c17", false, 12}, {"c23", true, 14}} {
		t.Run(c.std, func(t *testing.T) {
			t.Parallel() // one compilation each
			for _, cc := range gccoracle.All(t, gccoracle.C, c.minMajor) {
				compareWithGCC(t, cc, c.std, c.c23)
			}
		})
	}
}

func compareWithGCC(t *testing.T, cc *gccoracle.Compiler, std string, c23 bool) {
	lits := oracleLiterals
	if c23 {
		lits = append(append([]string{}, lits...), c23Literals...)
	}
	types := cTypes(c23)
	out, err := cc.Run(oracleProgram(types, lits, c23), "-std="+std, "-w")
	if err != nil {
		t.Fatal(err)
	}
	r := Def.MustBuild("std=" + std)
	n := gccoracle.CompareTypes(t, cc, std, out, len(types)*len(types)+len(lits)*(1+len(types)), func(q string) string {
		return tsvtest.Check(t, r, q)
	})
	t.Logf("%s -std=%s: %d queries compared", cc.Name, std, n)
}

// TestGCCRefusesWhatTheRuleSetRefuses: under c17 GCC with
// -pedantic-errors rejects each C23 type the rule set refuses, except
// __bf16, a GCC extension outside ISO C that GCC accepts in every mode
// (the rule set's choice, in spec.md, is to refuse it under c17); under
// c23 GCC rejects a complex __bf16, which the rule set also refuses.
func TestGCCRefusesWhatTheRuleSetRefuses(t *testing.T) {
	if testing.Short() {
		t.Skip("live GCC comparison: run without -short")
	}
	cc := gccoracle.Require(t, gccoracle.C, 14)
	var c23only []string
	for d, ct := range ctypes {
		if ct.c23 {
			c23only = append(c23only, ct.name)
			if has(d, false) {
				t.Errorf("%s is a C23 type but the c17 rule set has it", d)
			}
		}
	}
	sort.Strings(c23only)
	for _, name := range c23only {
		ok, _ := cc.Compiles("int main(void) { "+name+" x = 0; (void)x; return 0; }\n", "-std=c17", "-pedantic-errors")
		switch {
		case name == "__bf16" && !ok:
			t.Errorf("%s rejects __bf16 under -std=c17; spec.md says GCC accepts it there without a diagnostic", cc.Name)
		case name != "__bf16" && ok:
			t.Errorf("%s: GCC accepts %s under -std=c17 -pedantic-errors, the rule set refuses it", cc.Name, name)
		}
	}
	if ok, _ := cc.Compiles("int main(void) { _Complex __bf16 z = 0; (void)z; return 0; }\n", "-std=c23"); ok {
		t.Errorf("%s accepts _Complex __bf16; the rule set says C has no complex __bf16", cc.Name)
	}
	if _, err := Def.MustBuild("std=c23").PromoteTypes(dtype.BC32, dtype.F32); err == nil {
		t.Error("the c23 rule set accepts bc32")
	}
}
