package infer

import (
	"fmt"
	"strings"
	"testing"

	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/internal/gccoracle"
	"github.com/promote-dev/promote/rules"
)

// The op typing of the c and cpp rule sets against GCC itself: every
// operation whose type is not the usual arithmetic conversions' (unary
// minus, comparisons, the conditional operator, the <math.h> and <cmath>
// functions, std::abs, std::pow, std::max) over every C type and pair of
// C types, one compilation per language. The program types each
// operation with _Generic (C) or decltype (C++) and prints the dtype; the
// same operation is typed by infer from a program of rank-0 inputs.

// oracleTypes are the C17 and C++17 types of the catalogue.
var oracleTypes = []dtype.DType{
	dtype.Bool, dtype.I8, dtype.I16, dtype.I32, dtype.I64, dtype.U8, dtype.U16, dtype.U32, dtype.U64,
	dtype.F32, dtype.F64, dtype.F80, dtype.C64, dtype.C128, dtype.C160,
}

// oracleCDecl declares a variable of each type in C and C++.
var oracleCDecl = map[dtype.DType][2]string{
	dtype.Bool: {"_Bool", "bool"}, dtype.I8: {"signed char", "signed char"}, dtype.I16: {"short", "short"},
	dtype.I32: {"int", "int"}, dtype.I64: {"long", "long"}, dtype.U8: {"unsigned char", "unsigned char"},
	dtype.U16: {"unsigned short", "unsigned short"}, dtype.U32: {"unsigned", "unsigned"}, dtype.U64: {"unsigned long", "unsigned long"},
	dtype.F32: {"float", "float"}, dtype.F64: {"double", "double"}, dtype.F80: {"long double", "long double"},
	dtype.C64: {"_Complex float", "std::complex<float>"}, dtype.C128: {"_Complex double", "std::complex<double>"},
	dtype.C160: {"_Complex long double", "std::complex<long double>"},
}

// oracleOp is one operation: its infer expression and its C and C++
// spellings (a, b and c are the operands; "" where the language has no
// such expression for the operands and the test does not ask).
type oracleOp struct {
	name      string
	binary    bool
	infer     string
	c, cxx    string
	cOperands func(a, b dtype.DType) bool // the C expression is valid (C has no SFINAE)
}

func realType(d dtype.DType) bool { return !d.IsComplex() }
func intType(d dtype.DType) bool  { return isIntOrBool(d) }

var oracleOps = []oracleOp{
	{name: "neg", infer: "-a", c: "-a", cxx: "-a"},
	{name: "exp", infer: "exp(a)", c: "exp(a)", cxx: "std::exp(a)", cOperands: func(a, _ dtype.DType) bool { return realType(a) }},
	{name: "floor", infer: "floor(a)", c: "floor(a)", cxx: "std::floor(a)", cOperands: func(a, _ dtype.DType) bool { return realType(a) }},
	{name: "abs", infer: "abs(a)", cxx: "std::abs(a)"},
	{name: "sum", infer: "sum(a)", c: "a + a + a", cxx: "a + a + a"},
	{name: "maxred", infer: "max(a)", cxx: "std::max(a, a)"},
	{name: "lt", binary: true, infer: "a < b", c: "a < b", cxx: "a < b", cOperands: func(a, b dtype.DType) bool { return realType(a) && realType(b) }},
	{name: "cond", binary: true, infer: "where(c, a, b)", c: "c ? a : b", cxx: "c ? a : b"},
	{name: "div", binary: true, infer: "a / b", c: "a / b", cxx: "a / b"},
	{name: "mod", binary: true, infer: "a % b", c: "a % b", cxx: "a % b", cOperands: func(a, b dtype.DType) bool { return intType(a) && intType(b) }},
	{name: "and", binary: true, infer: "a & b", c: "a & b", cxx: "a & b", cOperands: func(a, b dtype.DType) bool { return intType(a) && intType(b) }},
	{name: "pow", binary: true, infer: "a ** b", c: "pow(a, b)", cxx: "std::pow(a, b)", cOperands: func(a, b dtype.DType) bool { return realType(a) && realType(b) }},
	{name: "max", binary: true, infer: "max(a, b)", c: "a > b ? a : b", cxx: "std::max(a, b)", cOperands: func(a, b dtype.DType) bool { return realType(a) && realType(b) }},
}

const oracleCNames = `#define NAME(x) _Generic((x), _Bool: "bool", signed char: "i8", unsigned char: "u8", short: "i16", ` +
	`unsigned short: "u16", int: "i32", unsigned int: "u32", long: "i64", unsigned long: "u64", long long: "i64", ` +
	`unsigned long long: "u64", float: "f32", double: "f64", long double: "f80", _Complex float: "c64", ` +
	`_Complex double: "c128", _Complex long double: "c160", default: "?")
`

// oracleCxxPrelude names a C++ type by its dtype and types each
// operation by substitution, so that an ill-formed one prints ERROR and
// one compilation covers every pair.
const oracleCxxPrelude = `#include <algorithm>
#include <cmath>
#include <complex>
#include <cstdio>
#include <cstdlib>
#include <type_traits>
#include <utility>
template<class T> const char* nm() {
	if constexpr (std::is_same_v<T, void>) return "ERROR";
	else if constexpr (std::is_same_v<T, bool>) return "bool";
	else if constexpr (std::is_same_v<T, signed char>) return "i8";
	else if constexpr (std::is_same_v<T, unsigned char>) return "u8";
	else if constexpr (std::is_same_v<T, short>) return "i16";
	else if constexpr (std::is_same_v<T, unsigned short>) return "u16";
	else if constexpr (std::is_same_v<T, int>) return "i32";
	else if constexpr (std::is_same_v<T, unsigned>) return "u32";
	else if constexpr (std::is_same_v<T, long> || std::is_same_v<T, long long>) return "i64";
	else if constexpr (std::is_same_v<T, unsigned long> || std::is_same_v<T, unsigned long long>) return "u64";
	else if constexpr (std::is_same_v<T, float>) return "f32";
	else if constexpr (std::is_same_v<T, double>) return "f64";
	else if constexpr (std::is_same_v<T, long double>) return "f80";
	else if constexpr (std::is_same_v<T, std::complex<float>>) return "c64";
	else if constexpr (std::is_same_v<T, std::complex<double>>) return "c128";
	else if constexpr (std::is_same_v<T, std::complex<long double>>) return "c160";
	else return "?";
}
#define OP(NAME, EXPR) \
	template<class A, class B, class = void> struct NAME { using type = void; }; \
	template<class A, class B> struct NAME<A, B, std::void_t<decltype(EXPR)>> { using type = std::decay_t<decltype(EXPR)>; };
`

// subst replaces the one-letter identifiers a, b and c of expr (the
// only one-letter names the expressions use) by their values in vars.
func subst(expr string, vars map[byte]string) string {
	var out strings.Builder
	for i := 0; i < len(expr); i++ {
		ch := expr[i]
		alone := (i == 0 || !isLetter(expr[i-1]) && expr[i-1] != ':') && (i+1 == len(expr) || !isLetter(expr[i+1]))
		if v, ok := vars[ch]; ok && alone {
			out.WriteString(v)
			continue
		}
		out.WriteByte(ch)
	}
	return out.String()
}

// TestCOpTypingGCC compares the c and cpp rule sets' op typing with GCC.
func TestCOpTypingGCC(t *testing.T) {
	if testing.Short() {
		t.Skip("live GCC comparison: compiling takes seconds; run without -short")
	}
	for _, lang := range []struct {
		name string
		l    gccoracle.Lang
		flag string
		cxx  bool
	}{{"c", gccoracle.C, "-std=c17", false}, {"cpp", gccoracle.CXX, "-std=c++17", true}} {
		t.Run(lang.name, func(t *testing.T) {
			cc := gccoracle.Require(t, lang.l, 12)
			var src strings.Builder
			var queries []string
			if lang.cxx {
				src.WriteString(oracleCxxPrelude)
				for _, op := range oracleOps {
					fmt.Fprintf(&src, "OP(op_%s, %s)\n", op.name, subst(op.cxx, map[byte]string{'a': "std::declval<A&>()", 'b': "std::declval<B&>()", 'c': "std::declval<bool&>()"}))
				}
				src.WriteString("int main() {\n")
			} else {
				src.WriteString("#include <math.h>\n#include <stdio.h>\n" + oracleCNames + "int main(void) {\n\t_Bool c = 1;\n")
				for _, d := range oracleTypes {
					fmt.Fprintf(&src, "\t%s v_%s = 0;\n", oracleCDecl[d][0], d)
				}
			}
			for _, op := range oracleOps {
				expr := op.c
				if lang.cxx {
					expr = op.cxx
				}
				if expr == "" {
					continue
				}
				for _, a := range oracleTypes {
					bs := []dtype.DType{a}
					if op.binary {
						bs = oracleTypes
					}
					for _, b := range bs {
						if !lang.cxx && op.cOperands != nil && !op.cOperands(a, b) {
							continue
						}
						q := op.name + " " + a.String() + " " + b.String()
						queries = append(queries, q)
						if lang.cxx {
							fmt.Fprintf(&src, "\tstd::printf(\"%s %%s\\n\", nm<op_%s<%s, %s>::type>());\n", q, op.name, oracleCDecl[a][1], oracleCDecl[b][1])
						} else {
							e := subst(expr, map[byte]string{'a': "v_" + a.String(), 'b': "v_" + b.String()})
							fmt.Fprintf(&src, "\tprintf(\"%s %%s\\n\", NAME(%s));\n", q, e)
						}
					}
				}
			}
			src.WriteString("\treturn 0;\n}\n")
			out, err := cc.Run(src.String(), lang.flag, "-w")
			if err != nil {
				t.Fatal(err)
			}
			lines := strings.Split(strings.TrimSpace(string(out)), "\n")
			if len(lines) != len(queries) {
				t.Fatalf("%s printed %d lines for %d queries", cc.Name, len(lines), len(queries))
			}
			r, err := rules.Build(lang.name)
			if err != nil {
				t.Fatal(err)
			}
			ops := map[string]oracleOp{}
			for _, op := range oracleOps {
				ops[op.name] = op
			}
			bad := 0
			for _, line := range lines {
				f := strings.Fields(line)
				op, a, b, want := ops[f[0]], f[1], f[2], f[3]
				prog := fmt.Sprintf("a: %s[]\nb: %s[]\nc: bool[]\n%s\n", a, b, op.infer)
				got := resultOf(t, r, prog)
				if strings.HasPrefix(got, "error: ") {
					got = "ERROR"
				}
				if got != want {
					bad++
					if bad <= 40 {
						t.Errorf("%s %s %s: GCC %s, infer %s", f[0], a, b, want, got)
					}
				}
			}
			t.Logf("%s %s: %d operations compared, %d differ", cc.Name, lang.flag, len(lines), bad)
		})
	}
}
