package convert

import (
	"encoding/binary"
	"fmt"
	"runtime"
	"sync"
	"sync/atomic"
	"unsafe"

	"github.com/promote-dev/promote/convert/internal/kernels"
	"github.com/promote-dev/promote/dtype"
)

// Options tune Buffer.
type Options struct {
	// Threads is how many goroutines share a buffer of at least
	// ParallelMin elements: 0 means runtime.GOMAXPROCS(0), 1 converts on
	// the calling goroutine. A pair with a slice kernel and a buffer large
	// enough to measure (tens of MiB) converts a few pieces on one
	// goroutine and a few on Threads first, and finishes on one if more
	// were not faster: a pair already at memory speed on one core is never
	// made slower by more (threads.go).
	Threads int
}

// ParallelMin is the element count from which Buffer splits the work
// across Options.Threads goroutines; below it, starting goroutines costs
// more than it saves.
const ParallelMin = 64 << 10

// lutMin is the element count from which a one-byte source is converted
// through a 256-entry table built for the call.
const lutMin = 1024

// ElemBytes returns the bytes one element of d takes in a buffer: sub-byte
// types and bool take one byte (the low bits hold the pattern, ml_dtypes'
// layout), f80 16 (the x86-64 layout of long double: 10 bytes of pattern,
// 6 of padding), complex types both parts. It returns 0 for Dynamic and
// invalid dtypes.
func ElemBytes(d dtype.DType) int {
	if !d.Valid() {
		return 0
	}
	return infos[d].bytes
}

// Buffer converts the elements of src (dtype srcT) into dst (dtype dstT)
// under p, each exactly as Scalar does. Buffers are little-endian and
// contiguous, ElemBytes per element, complex parts real first; len(src)
// must be a whole number of elements and len(dst) must hold exactly as
// many. Under the default policy (p == Default()) the pairs
// convert/internal/kernels covers use its kernels, bit-exact with the
// element path; every other pair and policy uses the pure-Go element
// path (a 256-entry table built per call for one-byte sources). Buffer
// allocates nothing itself below ParallelMin elements or with one thread. A refusal by the policy reports the first refused
// element's index; elements before it are converted, the rest are
// unspecified.
func Buffer(dst []byte, dstT dtype.DType, src []byte, srcT dtype.DType, p Policy, o Options) error {
	if err := check(dstT, srcT, &p); err != nil {
		return err
	}
	ss, ds := infos[srcT].bytes, infos[dstT].bytes
	if len(src)%ss != 0 {
		return fmt.Errorf("convert: source of %d bytes is not a whole number of %v elements (%d bytes each)", len(src), srcT, ss)
	}
	n := len(src) / ss
	if len(dst) != n*ds {
		return fmt.Errorf("convert: destination of %d bytes does not hold exactly %d %v elements (%d bytes)", len(dst), n, dstT, n*ds)
	}
	threads := o.Threads
	if threads <= 0 {
		threads = runtime.GOMAXPROCS(0)
	}
	// The hot pairs have slice kernels, bit-exact with the default policy;
	// f80 and c160 have none and take the element path.
	if p == (Policy{}) && dstT != srcT && !isX87(dstT) && !isX87(srcT) {
		if k := kernels.Lookup(dstT, srcT); k != nil {
			if n < ParallelMin || threads == 1 {
				k(dst, src)
				return nil
			}
			r := kernels.LookupRunner(dstT, srcT)
			nt := kernels.NT(len(dst)) // decided for the whole, not per piece
			inPiecesMeasured(dst, n, ds, ss, threads, func(lo, hi int) {
				r(dst[lo*ds:hi*ds], src[lo*ss:hi*ss], nt)
			})
			return nil
		}
	}
	var j job
	j.init(dstT, srcT, &p, n)
	if n < ParallelMin || threads == 1 {
		if i, ok := j.run(dst, src, 0, n); !ok {
			return j.elemError(i)
		}
		return nil
	}
	return parallel(&j, dst, src, n, threads)
}

// pieceBytes is about how many bytes of the larger side of a conversion
// one piece of a parallel Buffer call covers: small enough that the
// goroutines share the work evenly whatever else the machine runs, large
// enough that taking a piece costs nothing next to converting it. 1 MiB
// because that is where Go's copy (the kernel of same-size integer pairs)
// starts to store non-temporally: in 512 KiB pieces i32 to u32 on two
// threads ran at half the speed of one.
const pieceBytes = 1 << 20

// inPieces runs f over [0, n) in pieces taken in turn by threads
// goroutines (the caller's among them), so that a goroutine the machine
// holds up leaves its share to the others instead of holding up the
// call. Piece boundaries fall on 64-byte boundaries of dst (elements of ds
// bytes at dst), so no two goroutines write one cache line. f returns the
// index of an element it refused, or -1; inPieces returns the least such
// index, or -1.
func inPieces(dst []byte, n, ds, ss, threads int, f func(lo, hi int) int) int {
	s := splitPieces(dst, n, ds, ss)
	return s.run(0, s.count, threads, f)
}

// pieceSplit is how inPieces cuts [0, n): a head of h elements up to the
// first 64-byte boundary of dst, then pieces of c elements.
type pieceSplit struct{ n, h, c, count int }

func splitPieces(dst []byte, n, ds, ss int) pieceSplit {
	c := max(1024, pieceBytes/max(ds, ss)&^1023) // whole multiples of 64 bytes of dst
	h := 0                                       // elements before the first 64-byte boundary
	if p := uintptr(unsafe.Pointer(unsafe.SliceData(dst))); p%uintptr(ds) == 0 {
		h = min(int(-p&63)/ds, n)
	}
	return pieceSplit{n: n, h: h, c: c, count: 1 + (n-h+c-1)/c}
}

// bounds returns piece i's elements [lo, hi); piece 0 is the head.
func (s pieceSplit) bounds(i int) (lo, hi int) {
	if i == 0 {
		return 0, s.h
	}
	lo = s.h + (i-1)*s.c
	return lo, min(lo+s.c, s.n)
}

// run runs f over pieces [from, to) across threads goroutines, the
// caller's among them, and returns the least index f refused, or -1.
func (s pieceSplit) run(from, to, threads int, f func(lo, hi int) int) int {
	var next atomic.Int64
	next.Store(int64(from))
	var mu sync.Mutex
	first := -1
	work := func() {
		for {
			i := int(next.Add(1) - 1)
			if i >= to {
				return
			}
			lo, hi := s.bounds(i)
			if lo >= hi {
				continue
			}
			if bad := f(lo, hi); bad >= 0 {
				mu.Lock()
				if first < 0 || bad < first {
					first = bad
				}
				mu.Unlock()
			}
		}
	}
	var wg sync.WaitGroup
	for range min(threads, to-from) - 1 {
		wg.Go(work)
	}
	work()
	wg.Wait()
	return first
}

// parallel converts [0, n) in pieces across threads goroutines.
func parallel(j0 *job, dst, src []byte, n, threads int) error {
	j := new(job) // shared by the goroutines; j0 stays on the caller's stack
	*j = *j0
	bad := inPieces(dst, n, j.dp*j.dk, j.sp*j.sk, threads, func(lo, hi int) int {
		if i, ok := j.run(dst, src, lo, hi); !ok {
			return i
		}
		return -1
	})
	if bad >= 0 {
		return j.elemError(bad)
	}
	return nil
}

// job is one Buffer call's conversion, decided once.
type job struct {
	c      plan
	sp, dp int  // bytes of one part
	sk, dk int  // parts per element (2 for complex)
	copy   bool // same dtype
	useLUT bool
	lut    kernels.LUT // one-byte real sources: the result of every byte
	nt     bool        // the whole output is large: LUT stores non-temporally
}

func (j *job) init(dstT, srcT dtype.DType, p *Policy, n int) {
	dPart, sPart := parts(dstT, srcT)
	j.c = newPlan(dPart, sPart, p)
	j.sp, j.dp = infos[sPart].bytes, infos[dPart].bytes
	j.sk, j.dk = 1, 1
	if srcT.IsComplex() {
		j.sk = 2
	}
	if dstT.IsComplex() {
		j.dk = 2
	}
	j.copy = dstT == srcT
	if !j.copy && !j.c.wide && j.sp == 1 && j.sk == 1 && j.dp*j.dk <= 8 && n >= lutMin {
		var vals [256]uint64
		for b := range 256 {
			v, ok := j.c.conv(uint64(b))
			if !ok { // a refusal: convert element by element to report it
				return
			}
			vals[b] = v // a complex destination's imaginary part is +0: zero bits
		}
		j.useLUT = true
		j.lut.Init(&vals, j.dp*j.dk)
		j.nt = kernels.NT(n * j.dp * j.dk)
	}
}

func (j *job) elemError(i int) error {
	return fmt.Errorf("element %d: %w", i, j.c.refused())
}

// run converts elements [lo, hi); on a refusal it returns the element's
// index and false.
func (j *job) run(dst, src []byte, lo, hi int) (int, bool) {
	switch {
	case j.copy:
		size := j.sp * j.sk
		copy(dst[lo*size:hi*size], src[lo*size:hi*size])
		if m := j.c.sin.mask; j.sp == 1 && m != 0xff {
			for i := lo; i < hi; i++ {
				dst[i] &= byte(m)
			}
		}
		if j.c.wide { // f80 parts: the padding is written as zeros
			for k := lo * j.sk; k < hi*j.sk; k++ {
				clear(dst[16*k+10 : 16*k+16])
			}
		}
		return 0, true
	case j.useLUT:
		size := j.dp * j.dk
		j.lut.RunNT(dst[lo*size:hi*size], src[lo:hi], j.nt)
		return 0, true
	case j.c.wide:
		return j.runWide(dst, src, lo, hi)
	}
	for i := lo; i < hi; i++ {
		y, ok := j.c.conv(load(src, i*j.sk, j.sp))
		if !ok {
			return i, false
		}
		store(dst, i*j.dk, j.dp, y)
		if j.dk == 2 {
			var im uint64 // real to complex: +0
			if j.sk == 2 {
				if im, ok = j.c.conv(load(src, i*2+1, j.sp)); !ok {
					return i, false
				}
			}
			store(dst, i*2+1, j.dp, im)
		}
	}
	return 0, true
}

// runWide converts elements [lo, hi) when the source or destination has
// f80 parts: 16 bytes each, the pattern in the low 10 (significand, then
// sign and exponent, little-endian) and the padding written as zeros.
func (j *job) runWide(dst, src []byte, lo, hi int) (int, bool) {
	for i := lo; i < hi; i++ {
		for k := range j.dk {
			var l, h uint64 // real to complex: the imaginary part is +0
			if k < j.sk {
				var ok bool
				sl, sh := loadWide(src, i*j.sk+k, j.sp)
				if l, h, ok = j.c.convWide(sl, sh); !ok {
					return i, false
				}
			}
			storeWide(dst, i*j.dk+k, j.dp, l, h)
		}
	}
	return 0, true
}

// loadWide reads part k of size bytes: for a 16-byte f80 part its low 64
// bits and bits 64-79.
func loadWide(b []byte, k, size int) (lo, hi uint64) {
	if size == 16 {
		return binary.LittleEndian.Uint64(b[16*k:]), uint64(binary.LittleEndian.Uint16(b[16*k+8:]))
	}
	return load(b, k, size), 0
}

// storeWide writes part k of size bytes; a 16-byte f80 part gets its 80
// bits and six zero bytes of padding.
func storeWide(b []byte, k, size int, lo, hi uint64) {
	if size == 16 {
		e := b[16*k : 16*k+16]
		binary.LittleEndian.PutUint64(e, lo)
		binary.LittleEndian.PutUint16(e[8:], uint16(hi))
		clear(e[10:])
		return
	}
	store(b, k, size, lo)
}

// load reads part k of size bytes.
func load(b []byte, k, size int) uint64 {
	switch size {
	case 1:
		return uint64(b[k])
	case 2:
		return uint64(binary.LittleEndian.Uint16(b[2*k:]))
	case 4:
		return uint64(binary.LittleEndian.Uint32(b[4*k:]))
	}
	return binary.LittleEndian.Uint64(b[8*k:])
}

// store writes part k of size bytes.
func store(b []byte, k, size int, v uint64) {
	switch size {
	case 1:
		b[k] = byte(v)
	case 2:
		binary.LittleEndian.PutUint16(b[2*k:], uint16(v))
	case 4:
		binary.LittleEndian.PutUint32(b[4*k:], uint32(v))
	default:
		binary.LittleEndian.PutUint64(b[8*k:], v)
	}
}

// Elem is the Go element types Slice converts between. A Go type stands
// for any dtype of its size: []uint16 holds f16 or bf16 patterns, []uint8
// f8 or sub-byte patterns, []float32 f32, []complex64 c64, []uint32 c32
// or bc32, []Float80 f80, []Complex160 c160.
type Elem interface {
	~bool | ~int8 | ~uint8 | ~int16 | ~uint16 | ~int32 | ~uint32 | ~int64 | ~uint64 |
		~float32 | ~float64 | ~complex64 | ~complex128 | Float80 | Complex160
}

// Float80 is one f80 element as GCC's long double and NumPy's longdouble
// lay it out on x86-64 Linux: 16 bytes, the 80-bit pattern in the low 10
// (little-endian), 6 bytes of padding. Slice writes the padding as zeros.
type Float80 struct {
	Lo uint64 // bits 0-63: the significand, its integer bit at bit 63
	Hi uint16 // bits 64-79: the sign (bit 15) and the biased exponent
	_  [6]byte
}

// Pattern returns x's pattern as Scalar takes it.
func (x Float80) Pattern() Pattern { return Pattern{Re: x.Lo, ReHi: x.Hi} }

// Complex160 is one c160 element: two Float80 parts, real first (NumPy's
// clongdouble, 32 bytes).
type Complex160 struct{ Re, Im Float80 }

// littleEndian reports whether the host stores integers low byte first,
// which Slice needs to view typed slices as Buffer's byte layout.
var littleEndian = func() bool {
	x := uint16(1)
	return *(*byte)(unsafe.Pointer(&x)) == 1
}()

// Slice converts src (holding dtype srcT) into dst (dtype dstT) as Buffer
// does, viewing the typed slices as bytes without copying. The Go element
// sizes must equal ElemBytes of their dtypes and the slices must have the
// same length. On a big-endian host it returns an error (Buffer's byte
// layout is little-endian).
func Slice[D, S Elem](dst []D, dstT dtype.DType, src []S, srcT dtype.DType, p Policy, o Options) error {
	var d D
	var s S
	switch {
	case !littleEndian:
		return fmt.Errorf("convert: Slice needs a little-endian host; use Buffer with little-endian bytes")
	case int(unsafe.Sizeof(d)) != ElemBytes(dstT) || !dstT.Valid():
		return fmt.Errorf("convert: destination elements of %d bytes cannot hold %v (%d bytes)", unsafe.Sizeof(d), dstT, ElemBytes(dstT))
	case int(unsafe.Sizeof(s)) != ElemBytes(srcT) || !srcT.Valid():
		return fmt.Errorf("convert: source elements of %d bytes cannot hold %v (%d bytes)", unsafe.Sizeof(s), srcT, ElemBytes(srcT))
	case len(dst) != len(src):
		return fmt.Errorf("convert: destination has %d elements, source %d", len(dst), len(src))
	}
	if len(src) == 0 {
		return Buffer(nil, dstT, nil, srcT, p, o)
	}
	db := unsafe.Slice((*byte)(unsafe.Pointer(&dst[0])), len(dst)*int(unsafe.Sizeof(d)))
	sb := unsafe.Slice((*byte)(unsafe.Pointer(&src[0])), len(src)*int(unsafe.Sizeof(s)))
	return Buffer(db, dstT, sb, srcT, p, o)
}
