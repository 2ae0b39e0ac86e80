package cpp

import (
	"fmt"
	"strings"
	"testing"

	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/internal/gccoracle"
	"github.com/promote-dev/promote/internal/tsvtest"
)

// oracleLiterals are C++ literal texts that are also operands of the
// grammar.
var oracleLiterals = []string{
	"0", "1", "-7", "2147483647", "2147483648", "-2147483648", "4294967295", "4294967296",
	"9223372036854775807", "9223372036854775808", "0x7FFFFFFF", "0x80000000", "0xFFFFFFFF", "0x100000000",
	"0x7FFFFFFFFFFFFFFF", "0x8000000000000000", "017", "020000000000", "040000000000", "0b101",
	"0b11111111111111111111111111111111", "0b1u",
	"1u", "4294967295u", "4294967296U", "1l", "1L", "2147483648l", "0xFFFFFFFFl", "0x8000000000000000L",
	"1ul", "1lu", "1UL", "1ll", "1LL", "0x8000000000000000ll", "1ull", "1llu", "1ULL",
	"1.0", "2.5e3", "1.0f", "1e5f", "1.0L", "2.5e3l", "true", "false",
}

// namer names each C++ type by its dtype (long and long long are both
// i64); "ERROR" is a pair whose sum is ill-formed, found by substitution
// failure, so one compilation covers every pair.
const namer = `#include <cstdio>
#include <complex>
#include <type_traits>
#include <utility>
#if __cplusplus > 202002L
#include <stdfloat>
#endif
template<class A, class B, class = void> struct add { using type = void; };
template<class A, class B> struct add<A, B, std::void_t<decltype(std::declval<A>() + std::declval<B>())>> {
	using type = decltype(std::declval<A>() + std::declval<B>());
};
template<class T> const char* nm() {
	if constexpr (std::is_same_v<T, void>) return "ERROR";
	else if constexpr (std::is_same_v<T, bool>) return "bool";
	else if constexpr (std::is_same_v<T, signed char> || std::is_same_v<T, char>) return "i8";
	else if constexpr (std::is_same_v<T, unsigned char>) return "u8";
	else if constexpr (std::is_same_v<T, short>) return "i16";
	else if constexpr (std::is_same_v<T, unsigned short>) return "u16";
	else if constexpr (std::is_same_v<T, int>) return "i32";
	else if constexpr (std::is_same_v<T, unsigned>) return "u32";
	else if constexpr (std::is_same_v<T, long> || std::is_same_v<T, long long>) return "i64";
	else if constexpr (std::is_same_v<T, unsigned long> || std::is_same_v<T, unsigned long long>) return "u64";
	else if constexpr (std::is_same_v<T, __int128>) return "__int128";
	else if constexpr (std::is_same_v<T, float>) return "f32";
	else if constexpr (std::is_same_v<T, double>) return "f64";
	else if constexpr (std::is_same_v<T, long double>) return "f80";
	else if constexpr (std::is_same_v<T, std::complex<float>>) return "c64";
	else if constexpr (std::is_same_v<T, std::complex<double>>) return "c128";
	else if constexpr (std::is_same_v<T, std::complex<long double>>) return "c160";
#if __cplusplus > 202002L
	else if constexpr (std::is_same_v<T, std::float16_t>) return "f16";
	else if constexpr (std::is_same_v<T, std::bfloat16_t>) return "bf16";
	else if constexpr (std::is_same_v<T, std::float32_t>) return "f32";
	else if constexpr (std::is_same_v<T, std::float64_t>) return "f64";
	else if constexpr (std::is_same_v<T, std::complex<std::float16_t>>) return "c32";
	else if constexpr (std::is_same_v<T, std::complex<std::bfloat16_t>>) return "bc32";
#endif
	else return "?";
}
`

// cxxTypes lists the dtypes the rule set gives a C++ type under the std.
func cxxTypes(cxx23 bool) []dtype.DType {
	var out []dtype.DType
	for _, d := range dtype.All() {
		if has(d, cxx23) {
			out = append(out, d)
		}
	}
	return out
}

func oracleProgram(types []dtype.DType, lits []string) string {
	var b strings.Builder
	b.WriteString(namer + "int main() {\n")
	for _, a := range types {
		for _, c := range types {
			fmt.Fprintf(&b, "\tstd::printf(\"%s %s %%s\\n\", nm<add<%s, %s>::type>());\n", a, c, types_[a], types_[c])
		}
	}
	for _, l := range lits {
		fmt.Fprintf(&b, "\tstd::printf(\"- %s %%s\\n\", nm<decltype(%s)>());\n", l, l)
		for _, a := range types {
			fmt.Fprintf(&b, "\tstd::printf(\"%s %s %%s\\n\", nm<add<%s, decltype(%s)>::type>());\n", a, l, types_[a], l)
		}
	}
	b.WriteString("}\n")
	return b.String()
}

// types_ spells each dtype's C++ type as a type-id.
var types_ = func() map[dtype.DType]string {
	m := map[dtype.DType]string{}
	for d, t := range types {
		m[d] = t.name
	}
	return m
}()

// TestGCC compares the rule set with g++ over every ordered pair of C++
// types and every literal kind, alone and with each type, with one
// compilation per std, the stds in parallel: c++17 and c++20 on the newest
// g++ from 12 (every one found under PROMOTE_EXHAUSTIVE=1, gccoracle.All),
// c++23 on g++ 14 (<stdfloat>), from the gcc-trixie chroot.
func TestGCC(t *testing.T) {
	if testing.Short() {
		t.Skip("live GCC comparison: compiling the tables takes seconds; run without -short")
	}
	for _, c := range []struct {
		std      string
		cxx23    bool
		minMajor int
	}{{"c++17", false, 12}, {"c++20", false, 12}, {"c++23", true, 14}} {
		t.Run(c.std, func(t *testing.T) {
			t.Parallel() // one compilation each
			for _, cc := range gccoracle.All(t, gccoracle.CXX, c.minMajor) {
				compareWithGCC(t, cc, c.std, c.cxx23)
			}
		})
	}
}

func compareWithGCC(t *testing.T, cc *gccoracle.Compiler, std string, cxx23 bool) {
	types := cxxTypes(cxx23)
	out, err := cc.Run(oracleProgram(types, oracleLiterals), "-std="+std, "-w")
	if err != nil {
		t.Fatal(err)
	}
	r := Def.MustBuild("std=" + std)
	n := gccoracle.CompareTypes(t, cc, std, out, len(types)*len(types)+len(oracleLiterals)*(1+len(types)), func(q string) string {
		return tsvtest.Check(t, r, q)
	})
	t.Logf("%s -std=%s: %d queries compared", cc.Name, std, n)
}
