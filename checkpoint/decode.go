package checkpoint

import (
	"encoding/binary"
	"math"
	"sync"
	"unsafe"

	"github.com/promote-dev/promote/convert"
	"github.com/promote-dev/promote/dtype"
)

// decodeTables holds, per dtype of at most 16 bits (convert's buffer
// layout: one byte per element below 8 bits), the float64 value of every
// pattern, built on first use.
var decodeTables [dtype.Count]struct {
	once sync.Once
	t    []float64
}

// table returns the pattern -> value table of a real dtype stored in one
// or two bytes.
func table(d dtype.DType) []float64 {
	e := &decodeTables[d]
	e.once.Do(func() {
		f := d.Format()
		n := 1 << (8 * convert.ElemBytes(d))
		e.t = make([]float64, n)
		for p := range n {
			e.t[p] = f.Float64(uint64(p))
		}
	})
	return e.t
}

// exactInF64 reports whether float64 holds every value of d exactly (so
// decoding to float64 loses nothing): every real dtype but i64 and u64.
func exactInF64(d dtype.DType) bool {
	return dtype.Holds(d, dtype.F64)
}

// partsOf returns how many real parts an element of d has and the dtype
// of one part.
func partsOf(d dtype.DType) (int, dtype.DType) {
	switch d {
	case dtype.C64:
		return 2, dtype.F32
	case dtype.C128:
		return 2, dtype.F64
	}
	return 1, d
}

// decodeInto writes the float64 value of each part of the elements of src
// (dtype d, convert's buffer layout) to dst, which holds
// len(src)/ElemBytes(d) * parts values. i64 and u64 are rounded to
// nearest; every other dtype decodes exactly.
func decodeInto(dst []float64, src []byte, d dtype.DType) {
	_, part := partsOf(d)
	switch eb := convert.ElemBytes(part); {
	case part == dtype.F32:
		for i := range dst {
			dst[i] = float64(math.Float32frombits(binary.LittleEndian.Uint32(src[4*i:])))
		}
	case part == dtype.F64:
		for i := range dst {
			dst[i] = math.Float64frombits(binary.LittleEndian.Uint64(src[8*i:]))
		}
	case part == dtype.BF16:
		if littleEndian && len(dst) > 0 {
			// convert's vector kernel, 6x the loop below, which it
			// matches bit for bit on all 65536 patterns, NaNs included
			// (TestDecodeBF16MatchesBuffer). The default policy never
			// refuses a widening.
			out := unsafe.Slice((*byte)(unsafe.Pointer(&dst[0])), 8*len(dst))
			_ = convert.Buffer(out, dtype.F64, src[:2*len(dst)], dtype.BF16, convert.Default(), convert.Options{Threads: 1})
			return
		}
		// bf16 is the top half of an f32: no table (512 KiB of float64,
		// read at random) needed.
		for i := range dst {
			dst[i] = float64(math.Float32frombits(uint32(binary.LittleEndian.Uint16(src[2*i:2*i+2])) << 16))
		}
	case eb == 1:
		t := table(part)
		for i := range dst {
			dst[i] = t[src[i]]
		}
	case eb == 2:
		t := table(part)
		for i := range dst {
			dst[i] = t[binary.LittleEndian.Uint16(src[2*i:])]
		}
	case part == dtype.I32:
		for i := range dst {
			dst[i] = float64(int32(binary.LittleEndian.Uint32(src[4*i:])))
		}
	case part == dtype.U32:
		for i := range dst {
			dst[i] = float64(binary.LittleEndian.Uint32(src[4*i:]))
		}
	case part == dtype.I64:
		for i := range dst {
			dst[i] = float64(int64(binary.LittleEndian.Uint64(src[8*i:])))
		}
	case part == dtype.U64:
		for i := range dst {
			dst[i] = float64(binary.LittleEndian.Uint64(src[8*i:]))
		}
	default:
		f := part.Format()
		for i := range dst {
			var p uint64
			for k := eb - 1; k >= 0; k-- {
				p = p<<8 | uint64(src[eb*i+k])
			}
			dst[i] = f.Float64(p)
		}
	}
}

// targetRange is what classify needs to know of a target: where a float
// overflows, or the range of an integer.
type targetRange struct {
	float    bool
	ovf      float64 // float: the magnitude from which values overflow
	lo, hi   float64 // integer: the range
	boolType bool
}

// overflowAt returns the magnitude from which rounding to nearest into a
// float format overflows: its largest finite value plus half the ulp
// there (IEEE 754-2019 §7.4: overflow is judged on the result rounded as
// if the exponent range were unbounded).
func overflowAt(f dtype.Format) float64 {
	m := f.MaxFinite()
	_, e := math.Frexp(m)
	return m + math.Ldexp(1, e-1-f.MantBits-1)
}

func rangeOf(d dtype.DType) targetRange {
	_, part := partsOf(d)
	f := part.Format()
	switch {
	case part.IsFloat():
		return targetRange{float: true, ovf: overflowAt(f)}
	case part == dtype.Bool:
		return targetRange{boolType: true}
	default:
		lo, hi := f.IntRange()
		return targetRange{lo: float64(lo), hi: float64(hi)}
	}
}

// classify compares result y in the target with value x.
func (r targetRange) classify(x, y float64) (class, float64) {
	switch {
	case r.float:
		return classify(x, y, r.ovf)
	case math.IsNaN(x):
		return classNaN, 0
	case x == y:
		return classExact, 0
	case r.boolType:
		return classRounded, math.Abs(y-x) / math.Abs(x)
	case math.IsInf(x, 0) || x < r.lo || x > r.hi:
		return classOverflow, 0
	}
	return classRounded, math.Abs(y-x) / math.Abs(x)
}

// tallyPairs classifies each result against its value: xs and ys hold
// parts values per element (parts 2 for complex), and an element takes
// the worst class of its parts.
func tallyPairs(c *Counts, xs, ys []float64, parts int, r targetRange) {
	if parts == 1 {
		var exact int64
		for i, x := range xs {
			y := ys[i]
			if x == y {
				exact++
				continue
			}
			k, rel := r.classify(x, y)
			c.tally(k, 1, rel)
		}
		c.tally(classExact, exact, 0)
		return
	}
	for i := 0; i < len(xs); i += parts {
		worst, wrel := classExact, 0.0
		for j := range parts {
			k, rel := r.classify(xs[i+j], ys[i+j])
			if k > worst {
				worst = k
			}
			wrel = math.Max(wrel, rel)
		}
		c.tally(worst, 1, wrel)
	}
}
