package convert

import (
	"bufio"
	"bytes"
	"fmt"
	"math/big"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/promote-dev/promote/dtype"
)

// x87Host is a C program that does conversions with the host's long
// double, one a line: "OP ARG" in, the result's hex pattern out.
//
//	d2l HEX  double bits to long double      l2d HEX20  long double to double
//	l2f HEX20  long double to float          l1 HEX20   long double times 1.0L
//	s2l DEC  strtold                         i2l DEC / u2l DEC  int64 / uint64
//	l2i HEX20  long double to int64 (in range only)
//
// It exits with status 3 when long double is not the x87 format in 16
// bytes (so the test skips).
const x87Host = `
#include <float.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char arg[40000];

static long double ld(const char *h) {
	unsigned char b[16] = {0};
	for (int i = 0; i < 10; i++) {
		unsigned v;
		sscanf(h + 2 * (9 - i), "%2x", &v);
		b[i] = (unsigned char)v;
	}
	long double l;
	memcpy(&l, b, sizeof l);
	return l;
}

static void put(long double l) {
	unsigned char b[16];
	memcpy(b, &l, sizeof l);
	for (int i = 9; i >= 0; i--) printf("%02x", b[i]);
	printf("\n");
}

int main(void) {
	if (LDBL_MANT_DIG != 64 || sizeof(long double) != 16) return 3;
	volatile long double one = 1.0L;
	char op[8];
	while (scanf("%7s %39999s", op, arg) == 2) {
		if (!strcmp(op, "d2l")) {
			uint64_t u = strtoull(arg, 0, 16);
			volatile double d;
			memcpy((void *)&d, &u, 8);
			put(d);
		} else if (!strcmp(op, "l2d")) {
			volatile double d = (double)ld(arg);
			uint64_t u;
			memcpy(&u, (void *)&d, 8);
			printf("%016llx\n", (unsigned long long)u);
		} else if (!strcmp(op, "l2f")) {
			volatile float f = (float)ld(arg);
			uint32_t u;
			memcpy(&u, (void *)&f, 4);
			printf("%08x\n", u);
		} else if (!strcmp(op, "l1")) {
			put(ld(arg) * one);
		} else if (!strcmp(op, "s2l")) {
			put(strtold(arg, 0));
		} else if (!strcmp(op, "i2l")) {
			volatile int64_t i = strtoll(arg, 0, 10);
			put(i);
		} else if (!strcmp(op, "u2l")) {
			volatile uint64_t u = strtoull(arg, 0, 10);
			put(u);
		} else if (!strcmp(op, "l2i")) {
			printf("%016llx\n", (unsigned long long)(int64_t)ld(arg));
		} else {
			return 2;
		}
	}
	return 0;
}
`

// hostX87 compiles x87Host, or skips the test.
func hostX87(t *testing.T) string {
	t.Helper()
	if runtime.GOARCH != "amd64" {
		t.Skip("the host's long double is x87 only on amd64")
	}
	cc, err := exec.LookPath("gcc")
	if err != nil {
		t.Skip("no gcc to compile the long double oracle")
	}
	dir := t.TempDir()
	src := filepath.Join(dir, "x87.c")
	if err := os.WriteFile(src, []byte(x87Host), 0o644); err != nil {
		t.Fatal(err)
	}
	bin := filepath.Join(dir, "x87")
	if out, err := exec.Command(cc, "-O1", "-o", bin, src).CombinedOutput(); err != nil {
		t.Fatalf("gcc: %v\n%s", err, out)
	}
	return bin
}

// runHost feeds lines to the oracle and returns its output lines.
func runHost(t *testing.T, bin string, lines []string) []string {
	t.Helper()
	cmd := exec.Command(bin)
	cmd.Stdin = strings.NewReader(strings.Join(lines, "\n") + "\n")
	out, err := cmd.Output()
	if ee, ok := err.(*exec.ExitError); ok && ee.ExitCode() == 3 {
		t.Skip("the host's long double is not the x87 format in 16 bytes")
	}
	if err != nil {
		t.Fatalf("oracle: %v", err)
	}
	var res []string
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		res = append(res, sc.Text())
	}
	if len(res) != len(lines) {
		t.Fatalf("oracle answered %d of %d lines", len(res), len(lines))
	}
	return res
}

func hex80(x Pattern) string { return fmt.Sprintf("%04x%016x", x.ReHi, x.Re) }

// TestX87MatchesHost compares conversions with GCC's long double on the
// host's x87 FPU (default control word: round to nearest, 64-bit
// precision, exceptions masked): f64 and the 64-bit integers to f80, f80
// to f64, f32 and (in range) i64, the FPU's reading of every class of
// pattern (times 1.0L, which normalizes pseudo-denormals and turns the
// unsupported encodings into the indefinite), and decimal to f80 with
// glibc's strtold, which rounds correctly.
func TestX87MatchesHost(t *testing.T) {
	bin := hostX87(t)
	rng := rand.New(rand.NewPCG(80, 7))
	step := 1
	if !thorough() {
		step = 11
	}
	var lines []string
	var check []func(got string) string // returns a complaint or ""
	add := func(line string, f func(got string) string) {
		lines = append(lines, line)
		check = append(check, f)
	}
	f80s := sampled(edgeX87(rng), step)
	for _, x := range f80s {
		add("l2d "+hex80(x), func(got string) string {
			want, _, _ := Scalar(dtype.F64, dtype.F80, x, Default())
			return cmpHex(got, fmt.Sprintf("%016x", want.Re))
		})
		add("l2f "+hex80(x), func(got string) string {
			want, _, _ := Scalar(dtype.F32, dtype.F80, x, Default())
			return cmpHex(got, fmt.Sprintf("%08x", want.Re))
		})
		add("l1 "+hex80(x), func(got string) string {
			lo, hi := encodeX87(decodeX87(x.Re, uint64(x.ReHi)), &defaultP)
			return cmpHex(got, hex80(Pattern{Re: lo, ReHi: uint16(hi)}))
		})
		r := refX87Decode(x.Re, x.ReHi)
		if !r.nan && !r.inf && r.mag.Cmp(pow2Rat(63)) < 0 {
			add("l2i "+hex80(x), func(got string) string {
				want, _, _ := Scalar(dtype.I64, dtype.F80, x, Default())
				return cmpHex(got, fmt.Sprintf("%016x", want.Re))
			})
		}
	}
	for _, x := range sampled(edgeF64(), step*4) {
		add(fmt.Sprintf("d2l %016x", x), func(got string) string {
			want, _, _ := Scalar(dtype.F80, dtype.F64, Pattern{Re: x}, Default())
			return cmpHex(got, hex80(want))
		})
	}
	for _, x := range sampled(edgeInts(), step) {
		add(fmt.Sprintf("i2l %d", int64(x)), func(got string) string {
			want, _, _ := Scalar(dtype.F80, dtype.I64, Pattern{Re: x}, Default())
			return cmpHex(got, hex80(want))
		})
		add(fmt.Sprintf("u2l %d", x), func(got string) string {
			want, _, _ := Scalar(dtype.F80, dtype.U64, Pattern{Re: x}, Default())
			return cmpHex(got, hex80(want))
		})
	}
	for _, s := range x87HostDecimals(rng, 4000/step) {
		add("s2l "+s, func(got string) string {
			d, err := ParseDecimal(s)
			if err != nil {
				return err.Error()
			}
			want, _, _ := FromDecimal(dtype.F80, d, Default())
			return cmpHex(got, hex80(want))
		})
	}
	fails := 0
	for i, got := range runHost(t, bin, lines) {
		if msg := check[i](got); msg != "" {
			t.Errorf("%.80s: %s", lines[i], msg)
			if fails++; fails > 20 {
				t.Fatal("too many differences")
			}
		}
	}
	t.Logf("%d conversions agree with the host's long double", len(lines))
}

func cmpHex(got, want string) string {
	if got != want {
		return "host " + got + ", promote " + want
	}
	return ""
}

// x87HostDecimals are decimal strings for strtold: random ones of up to
// 36 digits across f80's range, the midpoints between neighbours near 1,
// the range's ends and the subnormals, written exactly, and those
// midpoints nudged by a unit in their last digit.
func x87HostDecimals(rng *rand.Rand, n int) []string {
	var out []string
	for range n {
		digits := strconv.FormatUint(rng.Uint64(), 10) + strconv.FormatUint(rng.Uint64(), 10)
		digits = digits[:rng.IntN(len(digits))+1]
		out = append(out, fmt.Sprintf("%s.%se%d", digits[:1], digits[1:], rng.IntN(9910)-4955))
	}
	for _, c := range []struct {
		sig uint64
		e   int
	}{
		{1 << 63, -63}, {1<<63 | 1, -63}, {^uint64(0), -63}, {^uint64(0), 16383 - 63}, {^uint64(0) - 1, 16383 - 63},
		{1 << 63, -16382 - 63}, {0, -16445}, {1, -16445}, {12345, -16445}, {1<<63 - 1, -16445},
		{rng.Uint64() | 1<<63, rng.IntN(20000) - 10000}, {rng.Uint64() | 1<<63, rng.IntN(200) - 100},
	} {
		m := new(big.Rat).SetInt(new(big.Int).Add(new(big.Int).Lsh(new(big.Int).SetUint64(c.sig), 1), big.NewInt(1)))
		m.Mul(m, pow2Rat(c.e-1))
		s := exactDecimal(m)
		mant, exp, _ := strings.Cut(s, "e")
		out = append(out, s)
		for _, d := range []int64{-1, 1} { // one unit in the last digit off the tie
			v, _ := new(big.Int).SetString(mant, 10)
			out = append(out, v.Add(v, big.NewInt(d)).String()+"e"+exp)
		}
	}
	return out
}
