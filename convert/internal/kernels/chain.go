package kernels

import (
	"encoding/binary"
	"math"
	"math/bits"
	"sync"
	"unsafe"

	"github.com/promote-dev/promote/dtype"
)

// Chained kernels: the pairs among f64, f16, bf16 and the integers, and
// (with the assembly kernels; the pure-Go ones use tables, halftable.go)
// f64 and the integers into the small floats, that have no kernel of
// their own convert through f32, a chunk at a time,
// with the intermediate kept in a small buffer. This is
// exact because each pair rounds at most once:
//
//   - f16 and bf16 widen to f32 exactly, so f16 and bf16 to f64, to
//     each other and to the integers round (or truncate) once, in the
//     second step;
//   - i8, u8, i16 and u16 widen to f32 exactly;
//   - f64 and the 32- and 64-bit integers go to f32 by round to odd
//     (truncate, then set the lowest bit when anything was dropped), and
//     a value rounded to odd at 24 bits and then to nearest even at 13
//     bits or fewer is correctly rounded: the odd bit stands for the
//     dropped rest, so no tie is made or lost. f16 keeps 11 bits, bf16
//     8 and the f8, f6 and f4 formats 5 or fewer, with ranges inside
//     f32's (f32's subnormals are finer than bf16's by 2^16, and far
//     below the others'), and a value past f32's range truncates to
//     f32's largest finite, which overflows in all of them. e8m0 keeps
//     one bit, and its decisions (above 2^-127 or not, at or above
//     1.5·2^k or not, past 1.5·2^127 or not) compare with values f32
//     holds exactly, which rounding to odd never crosses.
//
// On amd64 with AVX-512 the pairs of f16 and bf16 with each other and
// with the 8- and 16-bit integers have direct kernels instead
// (half_amd64.s); their pure-Go twins are these chains. Integer to
// integer pairs have kernels of their own (intint.go).

// chunk is how many elements a chained kernel converts per step: the f32
// intermediate (4 KiB) stays in the L1 cache. A multiple of every block,
// and of 64 bytes for every element size, so steps after an aligned one
// stay aligned.
const chunk = 1024

// midPool holds the intermediate buffers of the chained kernels (a
// buffer on the stack would escape through the kernel function values
// and be allocated on each call).
var midPool = sync.Pool{New: func() any { return new([chunk * 4]byte) }}

// runner is a kernel with the caller's say on non-temporal stores: the
// second step of a chain writes the whole output a chunk at a time, each
// chunk too small to decide by itself.
// It reports whether it made non-temporal stores, which need an sfence
// before the kernel returns; the chain fences once, at the end.
type runner = func(dst, src []byte, nt bool) (fence bool)

// plain makes a runner of a kernel without non-temporal stores.
func plain(k Kernel) runner {
	return func(dst, src []byte, _ bool) bool { k(dst, src); return false }
}

// chain returns the kernel running first (src to f32) and then second
// (f32 to dst) a chunk at a time. When asked for non-temporal stores it
// passes the request to second, and shortens the first step so that the
// later ones start on a 64-byte boundary of dst.
func chain(first Kernel, second runner, dsize, ssize int) Runner {
	return func(dst, src []byte, nt bool) {
		n := count(dst, src, dsize, ssize)
		step := chunk
		if p := uintptr(unsafe.Pointer(unsafe.SliceData(dst))); nt && p%uintptr(dsize) == 0 {
			step = int(-p&63) / dsize
		}
		mid := midPool.Get().(*[chunk * 4]byte)
		defer midPool.Put(mid)
		fence := false
		for i := 0; i < n; {
			j := min(i+step, n)
			m := mid[:(j-i)*4]
			first(m, src[i*ssize:j*ssize])
			if second(dst[i*dsize:j*dsize], m, nt) {
				fence = true
			}
			i, step = j, chunk
		}
		if fence {
			sfence()
		}
	}
}

// chainPair is one chained pair; odd marks a source that reaches f32 by
// round to odd.
type chainPair struct {
	dst, src dtype.DType
	odd      bool
}

// chainPairs lists the chained pairs.
func chainPairs() []chainPair {
	var out []chainPair
	halves := []dtype.DType{dtype.F16, dtype.BF16}
	for _, s := range halves {
		for _, d := range append([]dtype.DType{dtype.F64}, intTypes...) {
			out = append(out, chainPair{d, s, false})
		}
	}
	out = append(out, chainPair{dtype.BF16, dtype.F16, false}, chainPair{dtype.F16, dtype.BF16, false})
	for _, d := range append(append(halves, smallFloats...), dtype.F8E8M0FNU) {
		out = append(out, chainPair{d, dtype.F64, true})
		for _, s := range intTypes {
			out = append(out, chainPair{d, s, s.Bits() >= 32})
		}
	}
	return out
}

// intTypes are the integer types of 8 to 64 bits.
var intTypes = []dtype.DType{dtype.I8, dtype.I16, dtype.I32, dtype.I64, dtype.U8, dtype.U16, dtype.U32, dtype.U64}

// registerPureChains registers the pure-Go chained kernels but those into
// the small floats, whose pure-Go encoders take every source through a
// table (halftable.go) without the intermediate f32.
func registerPureChains() {
	odd := [dtype.Count]Kernel{
		dtype.F64: goF64ToF32Odd,
		dtype.I32: goIntToF32Odd[int32],
		dtype.I64: goIntToF32Odd[int64],
		dtype.U32: goIntToF32Odd[uint32],
		dtype.U64: goIntToF32Odd[uint64],
	}
	for _, c := range chainPairs() {
		if f16Enc[c.dst] != nil {
			continue // a table encoder (halftable.go)
		}
		first := pure[dtype.F32][c.src]
		if c.odd {
			first = odd[c.src]
		}
		r := chain(first, plain(pure[c.dst][dtype.F32]), elemBytes(c.dst), elemBytes(c.src))
		setPure(c.dst, c.src, func(dst, src []byte) { r(dst, src, false) })
	}
}

// f64ToF32Odd rounds an f64 pattern to f32 by round to odd; a NaN goes as
// f64ToF32 takes it.
func f64ToF32Odd(x uint64) uint32 {
	f := math.Float64frombits(x)
	if f != f {
		return f64ToF32(x)
	}
	r := float32(f) // nearest even, within one ulp
	if float64(r) == f {
		return math.Float32bits(r)
	}
	b := math.Float32bits(r)
	if math.Abs(float64(r)) > math.Abs(f) {
		b-- // one step toward zero (from inf too, to the largest finite)
	}
	return b | 1
}

// u64ToF32Odd rounds m to f32 by round to odd.
func u64ToF32Odd(m uint64) float32 {
	if m < 1<<24 {
		return float32(m)
	}
	s := 40 - bits.LeadingZeros64(m) // bits below the top 24
	q := m >> s
	if m&(1<<s-1) != 0 {
		q |= 1
	}
	return float32(math.Ldexp(float64(q), s)) // exact: q has 24 bits
}

func goF64ToF32Odd(dst, src []byte) {
	n := count(dst, src, 4, 8)
	for i := range n {
		binary.LittleEndian.PutUint32(dst[4*i:4*i+4], f64ToF32Odd(binary.LittleEndian.Uint64(src[8*i:8*i+8])))
	}
}

func goIntToF32Odd[T integer](dst, src []byte) {
	size := sizeOf[T]()
	n := count(dst, src, 4, size)
	for i := range n {
		v := load[T](src[size*i : size*i+size])
		var f float32
		if v < 0 {
			f = -u64ToF32Odd(-uint64(v))
		} else {
			f = u64ToF32Odd(uint64(v))
		}
		binary.LittleEndian.PutUint32(dst[4*i:4*i+4], math.Float32bits(f))
	}
}
