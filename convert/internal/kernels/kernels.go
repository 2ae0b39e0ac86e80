// Package kernels holds the slice conversion kernels behind convert.Buffer
// for every pair among f64, f32, f16, bf16, the 8- to 64-bit integers and
// bool, plus f32, f16 and bf16 into the f8, f6 and f4 formats and
// f8e8m0fnu, and those formats into f32, f16, bf16 and f64 (table
// lookups, smalldecode.go), and LUT, the table lookup convert.Buffer uses
// for every one-byte source under any policy. Every
// kernel is bit-exact with the default conversion policy (package
// convert's spec.md, "The default policy"): round to
// nearest even, subnormals kept exactly, overflow to infinity where the
// format has one and to NaN otherwise, NaN kept with its sign and top
// payload bits and made quiet, float to integer truncating toward zero and
// saturating with NaN to 0, integer to integer wrapping, and non-zero
// (NaN included) to bool. The pairs of f16, bf16 and f64 without a kernel
// of their own run as chains through f32 that round once (chain.go).
//
// Each kernel has a pure-Go twin that is always compiled. On amd64 without
// the purego build tag, kernels using AVX-512 (and F16C; VBMI for the
// table lookups) replace the twins when the CPU has those features; on
// arm64, NEON kernels do for f32 with f16, bf16 and f64 and for the table
// lookups. The tests run both and compare them (on arm64 under qemu-user:
// scripts/test-arm64.sh).
// Large outputs are written with non-temporal stores, as memmove does.
package kernels

import "github.com/promote-dev/promote/dtype"

// Kernel converts min(len(dst)/dstSize, len(src)/srcSize) elements from
// src to dst, little-endian and contiguous. It does not allocate (a
// chained kernel takes its 4 KiB intermediate from a sync.Pool, which
// allocates only when the pool is empty) and never reads or writes past
// either slice; callers pass exact lengths.
type Kernel = func(dst, src []byte)

// Runner is a Kernel with the caller's say on non-temporal stores: nt
// asks for them where the kernel has them (it then fences them itself
// before it returns). A caller that splits one large conversion into
// pieces decides for the whole (NT), which no piece could decide alone.
type Runner = func(dst, src []byte, nt bool)

// table maps [dst][src] to the kernel in use: the pure-Go twin, replaced
// at init by an assembly kernel where the build and the CPU allow;
// runners holds the same kernels as Runners.
var (
	table, pure [dtype.Count][dtype.Count]Kernel
	runners     [dtype.Count][dtype.Count]Runner
)

// Lookup returns a kernel converting elements from src to dst under the
// default policy, or nil when the package has none for the pair (the
// caller then converts element by element).
func Lookup(dst, src dtype.DType) func(dst, src []byte) {
	if !dst.Valid() || !src.Valid() {
		return nil
	}
	return table[dst][src]
}

// LookupRunner is Lookup for the Runner form of the same kernel.
func LookupRunner(dst, src dtype.DType) Runner {
	if !dst.Valid() || !src.Valid() {
		return nil
	}
	return runners[dst][src]
}

// NT reports whether an output of the given size is worth writing with
// non-temporal stores (see ntMin).
func NT(outBytes int) bool { return outBytes >= ntMin }

// setRunner installs r for dst <- src, and as table's Kernel r with
// non-temporal stores from ntMin bytes of output.
func setRunner(dst, src dtype.DType, r Runner) {
	ds, ss := elemBytes(dst), elemBytes(src)
	runners[dst][src] = r
	table[dst][src] = func(d, s []byte) { r(d, s, count(d, s, ds, ss)*ds >= ntMin) }
}

// setPure registers a pure-Go kernel, used by table unless an assembly
// kernel overrides it.
func setPure(dst, src dtype.DType, k Kernel) {
	pure[dst][src] = k
	setRunner(dst, src, func(d, s []byte, _ bool) { k(d, s) })
}

// ntMin is the output size in bytes from which a kernel call whose
// assembly loop has a non-temporal twin uses it (memmove switches at
// 1 MiB). Below it the output likely stays in cache for whoever reads it
// next, and on this machine the cached stores measured as fast or faster
// up to about 8 MiB; above it writing around the caches saves the
// read-for-ownership of each destination line and keeps the source
// cached, up to 2.5 times faster. A variable so that the tests can run
// the non-temporal loops on small buffers.
var ntMin = 8 << 20

// count returns how many whole elements both slices hold.
func count(dst, src []byte, dsize, ssize int) int {
	return min(len(dst)/dsize, len(src)/ssize)
}

func init() {
	registerPure()
	registerFast()
}

// elemBytes is the bytes one element of t takes: sub-byte types take one.
func elemBytes(t dtype.DType) int { return (t.Bits() + 7) / 8 }
