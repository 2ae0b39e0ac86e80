package kernelfloat

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/internal/gccoracle"
	"github.com/promote-dev/promote/internal/oracle"
	"github.com/promote-dev/promote/internal/tsvtest"
)

// hostTypes are kernel_float's element types that need no CUDA header, as
// C++ spells them, with the catalogue's dtype for each.
var hostTypes = []struct {
	cxx string
	d   dtype.DType
}{
	{"bool", dtype.Bool}, {"char", dtype.CChar}, {"signed char", dtype.I8}, {"unsigned char", dtype.U8},
	{"short", dtype.I16}, {"unsigned short", dtype.U16}, {"int", dtype.I32}, {"unsigned int", dtype.U32},
	{"long", dtype.CLong}, {"unsigned long", dtype.CULong}, {"long long", dtype.I64}, {"unsigned long long", dtype.U64},
	{"float", dtype.F32}, {"double", dtype.F64}, {"long double", dtype.F80},
}

// kernelFloatInclude finds the include directory of a KernelTuner/kernel_float
// checkout: $PROMOTE_KERNEL_FLOAT (the checkout or its include directory),
// else kernel_float/include under the oracle directory.
func kernelFloatInclude() string {
	var dirs []string
	if d := os.Getenv("PROMOTE_KERNEL_FLOAT"); d != "" {
		dirs = append(dirs, filepath.Join(d, "include"), d)
	}
	if d := oracle.Dir(); d != "" {
		dirs = append(dirs, filepath.Join(d, "kernel_float", "include"))
	}
	for _, d := range dirs {
		if _, err := os.Stat(filepath.Join(d, "kernel_float", "meta.h")); err == nil {
			return d
		}
	}
	return ""
}

// TestLiveHeaders compiles kernel_float's own headers with the host g++ and
// checks, against the rule set, promote_t of every pair of the host element
// types (plain char, long and long long, long double included), of every
// pair of distinct constants, and which vector lengths an operator
// accepts. The CUDA vector types base.h names are declared by stubs; the
// half, bfloat16 and fp8 types need CUDA headers and are left to
// testdata/matrix.tsv.
func TestLiveHeaders(t *testing.T) {
	inc := kernelFloatInclude()
	if inc == "" {
		t.Skip("live oracle: no kernel_float headers (set PROMOTE_KERNEL_FLOAT to a checkout of KernelTuner/kernel_float)")
	}
	cc := gccoracle.Require(t, gccoracle.CXX, 12)
	if !strings.HasPrefix(cc.Name, "host") {
		t.Skipf("live oracle: %s runs in a chroot, which cannot see %s", cc.Name, inc)
	}
	r := Def.MustBuild()
	var b strings.Builder
	b.WriteString(liveProgramHead)
	for _, a := range hostTypes {
		for _, c := range hostTypes {
			fmt.Fprintf(&b, "  pair<%s, %s>(%q, %q);\n", a.cxx, c.cxx, a.d.String(), c.d.String())
			// Two constants of one type, or of types with no promotion,
			// are a hard error inside constant.h, not one a check can
			// catch: only the pairs that promote are asked.
			if _, err := r.PromoteTypes(a.d, c.d); a.d != c.d && err == nil {
				fmt.Fprintf(&b, "  pair<kf::constant<%s>, kf::constant<%s>>(\"%s?\", \"%s?\");\n", a.cxx, c.cxx, a.d, c.d)
			}
		}
	}
	for _, n := range []int{1, 2, 3} {
		for _, m := range []int{1, 2, 3} {
			fmt.Fprintf(&b, "  printf(\"f32[%d] f32[%d]\\t%%s\\n\", adds<kf::vec<float, %d>, kf::vec<float, %d>>::value ? \"f32\" : \"x\");\n", n, m, n, m)
		}
	}
	b.WriteString("}\n")
	out, err := cc.Run(b.String(), "-std=c++17", "-DKERNEL_FLOAT_FP16_AVAILABLE=0", "-DKERNEL_FLOAT_BF16_AVAILABLE=0", "-I"+inc)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		query, want, _ := strings.Cut(line, "\t")
		got, _ := tsvtest.Answer(r, query)
		if want == "x" {
			if !strings.HasPrefix(got, "error:") {
				t.Errorf("%s = %s; g++ does not compile it", query, got)
			}
		} else if got != want {
			t.Errorf("%s = %s; g++ gives %s", query, got, want)
		}
		n++
	}
	if n < 15*15 {
		t.Fatalf("only %d answers from g++", n)
	}
}

// liveProgramHead declares the CUDA vector types base.h names, includes
// the headers, and defines the checks: whether promote_t<A, B> exists and
// its type, and whether A + B compiles.
const liveProgramHead = `#include <cmath>
#include <math.h>
#define STUB(T, P) struct P##1 { T x; }; struct P##2 { T x, y; }; struct P##3 { T x, y, z; }; struct P##4 { T x, y, z, w; };
STUB(char, char) STUB(short, short) STUB(int, int) STUB(long, long) STUB(long long, longlong)
STUB(unsigned char, uchar) STUB(unsigned short, ushort) STUB(unsigned int, uint) STUB(unsigned long, ulong)
STUB(unsigned long long, ulonglong) STUB(float, float) STUB(double, double)
#include <kernel_float/binops.h>
#include <kernel_float/constant.h>
#include <kernel_float/vector.h>
#include <cstdio>
#include <type_traits>
#include <utility>
namespace kf = kernel_float;
template <typename T> struct nm { static constexpr const char* v = "?"; };
#define NM(T, S) template <> struct nm<T> { static constexpr const char* v = S; }; \
  template <> struct nm<kf::constant<T>> { static constexpr const char* v = S "?"; };
NM(bool, "bool") NM(char, "cchar") NM(signed char, "i8") NM(unsigned char, "u8") NM(short, "i16")
NM(unsigned short, "u16") NM(int, "i32") NM(unsigned int, "u32") NM(long, "clong") NM(unsigned long, "culong")
NM(long long, "i64") NM(unsigned long long, "u64") NM(float, "f32") NM(double, "f64") NM(long double, "f80")
template <typename A, typename B, typename = void> struct has : std::false_type {};
template <typename A, typename B> struct has<A, B, std::void_t<kf::promote_t<A, B>>> : std::true_type {};
template <typename A, typename B, typename = void> struct adds : std::false_type {};
template <typename A, typename B> struct adds<A, B, std::void_t<decltype(std::declval<A>() + std::declval<B>())>> : std::true_type {};
template <typename A, typename B, bool = has<A, B>::value> struct res { static const char* v() { return "x"; } };
template <typename A, typename B> struct res<A, B, true> { static const char* v() { return nm<kf::promote_t<A, B>>::v; } };
template <typename A, typename B> void pair(const char* a, const char* b) { printf("%s %s\t%s\n", a, b, res<A, B>::v()); }
int main() {
`
