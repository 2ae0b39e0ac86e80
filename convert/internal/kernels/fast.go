//go:build !purego && (amd64 || arm64)

package kernels

import (
	"unsafe"

	"github.com/promote-dev/promote/dtype"
)

// loop is an assembly loop: n elements, n a positive multiple of its
// block.
type loop = func(dst, src *byte, n int)

// fast is an assembly kernel: a loop over whole blocks of block elements
// (a power of two), its non-temporal twin nt (or nil), and the pure-Go
// twin for the head and the tail.
type fast struct {
	lp, nt       loop
	block        int
	dsize, ssize int
	tail         Kernel
}

// fasts holds the assembly kernels by [dst][src], for the chains.
var fasts [dtype.Count][dtype.Count]*fast

// run converts, with non-temporal stores if nt is set and the loop has
// them, after a head that aligns dst to 64 bytes (when dst is aligned to
// its element size; else the ordinary loop runs). It reports whether it
// made non-temporal stores: the caller must then call sfence before it
// returns.
func (f *fast) run(dst, src []byte, nt bool) (fence bool) {
	ds, ss := f.dsize, f.ssize
	n := count(dst, src, ds, ss)
	i := 0
	if nt && f.nt != nil {
		if p := uintptr(unsafe.Pointer(unsafe.SliceData(dst))); p%uintptr(ds) == 0 {
			h := min(int(-p&63)/ds, n)
			if m := (n - h) &^ (f.block - 1); m > 0 {
				if h > 0 {
					f.tail(dst[:h*ds], src[:h*ss])
				}
				f.nt(&dst[h*ds], &src[h*ss], m)
				i, fence = h+m, true
			}
		}
	}
	if m := (n - i) &^ (f.block - 1); m > 0 {
		f.lp(&dst[i*ds], &src[i*ss], m)
		i += m
	}
	if i < n {
		f.tail(dst[i*ds:n*ds], src[i*ss:n*ss])
	}
	return fence
}

// runner makes a Runner of f.
func (f *fast) runner() Runner {
	return func(dst, src []byte, nt bool) {
		if f.run(dst, src, nt) {
			sfence()
		}
	}
}

// kernel makes a Kernel of f, using non-temporal stores from ntMin bytes
// of output.
func (f *fast) kernel() Kernel {
	r := f.runner()
	return func(dst, src []byte) { r(dst, src, count(dst, src, f.dsize, f.ssize)*f.dsize >= ntMin) }
}

// set installs an assembly kernel for dst <- src.
func set(dst, src dtype.DType, lp loop, block int) {
	setNT(dst, src, lp, nil, block)
}

// setNT installs an assembly kernel for dst <- src with a non-temporal
// twin of its loop.
func setNT(dst, src dtype.DType, lp, nt loop, block int) {
	f := &fast{lp: lp, nt: nt, block: block, dsize: elemBytes(dst), ssize: elemBytes(src), tail: pure[dst][src]}
	fasts[dst][src] = f
	setRunner(dst, src, f.runner())
}

// second returns the runner converting f32 to d for a chain.
func second(d dtype.DType) runner {
	if f := fasts[d][dtype.F32]; f != nil {
		return f.run
	}
	return plain(table[d][dtype.F32])
}

// registerFastChains replaces the pure-Go kernels of the chained pairs
// by chains of the kernels in use, with odd's round-to-odd kernels as
// first steps where needed. A pair neither of whose steps has an
// assembly kernel (on arm64, the integers and f64 into the small floats,
// for one) keeps its pure-Go kernel, which converts in one step (direct.go,
// halftable.go) and beats a chain of two pure-Go steps.
func registerFastChains(odd *[dtype.Count]Kernel) {
	for _, c := range chainPairs() {
		if fasts[dtype.F32][c.src] == nil && fasts[c.dst][dtype.F32] == nil {
			continue
		}
		first := table[dtype.F32][c.src]
		if c.odd {
			first = odd[c.src]
		}
		setRunner(c.dst, c.src, chain(first, second(c.dst), elemBytes(c.dst), elemBytes(c.src)))
	}
}
