package kernels

import (
	"encoding/binary"
	"math"
	"math/bits"
	"sync"

	"github.com/promote-dev/promote/dtype"
)

// The pure-Go encoders into the floats of 8 bits or fewer (smallFloats and
// f8e8m0fnu) are table lookups. Each format has two tables of 65536
// results, built on first use from the exact reference: one indexed by an
// f16 pattern, holding enc(f16ToF32(h)), and one indexed by a bf16
// pattern, holding enc(bf16ToF32(h)), where enc is f8Params.fromF32 (or
// e8m0FromF32). f16 and bf16 sources index their table directly: they
// widen to f32 exactly, so the entry is their correctly rounded result.
//
// Every other source (f32, f64 and the integers) first rounds to bf16 by
// round to odd (truncate to bf16's 8 significant bits, then set the lowest
// bit when anything nonzero was dropped) and indexes the bf16 table. This
// is exact for the same reason the chains through f32 are (chain.go): the
// formats keep at most 5 significant bits, and a value rounded to odd at
// p bits and then to nearest even at q <= p-2 bits is correctly rounded,
// since the odd bit stands for the dropped rest and so no tie is made or
// lost. bf16 has f32's exponent range, so its quantum at any magnitude is
// far finer than the formats' (their least subnormal is 2^-17 or more;
// bf16's 2^-133); a value past bf16's range truncates to its largest
// finite, which overflows every format. For e8m0 the decisions (above
// 2^-127 or not, at or above 1.5*2^k or not) compare with values bf16
// holds exactly, which rounding to odd never crosses. NaN keeps its sign
// and its top 7 payload bits, more than any format keeps, and a NaN whose
// payload lies in the dropped bits stays a NaN through the sticky bit.
//
// Some sources take a shorter way to the same bf16 index: the 8-bit
// integers are a table of 256 results, the 16-bit ones convert to f32
// exactly, the 32- and 64-bit ones convert to f32 (uint64 clamped to
// 2^17 first; see encClamped) but for e8m0, f64 leaves out bf16's
// subnormals (f64ToBF16OddFlush) but for e8m0, and f64 and the 32- and
// 64-bit integers to e8m0 are computed, not looked up (f64ToE8M0,
// e8m0Int).

// encTable maps every 16-bit pattern to its one-byte encoding.
type encTable = [1 << 16]uint8

// f16Enc and bf16Enc hold, by destination, the lazy builders of the
// tables indexed by f16 and bf16 patterns; nil for other destinations.
var f16Enc, bf16Enc [dtype.Count]func() *encTable

// encoderOf returns the reference rounding of an f32 pattern to t.
func encoderOf(t dtype.DType) func(uint32) uint8 {
	if t == dtype.F8E8M0FNU {
		return e8m0FromF32
	}
	return f8[t].fromF32
}

// newEncTable returns the lazy builder of the table of enc(widen(h)).
func newEncTable(enc func(uint32) uint8, widen func(uint16) uint32) func() *encTable {
	return sync.OnceValue(func() *encTable {
		t := new(encTable)
		for h := range t {
			t[h] = enc(widen(uint16(h)))
		}
		return t
	})
}

// registerTableEncode registers the table encoders from f32, f16, bf16,
// f64 and the integers into every small float; it runs after the chains,
// which it replaces for these destinations.
func registerTableEncode() {
	for _, t := range append(append([]dtype.DType(nil), smallFloats...), dtype.F8E8M0FNU) {
		enc := encoderOf(t)
		f16Enc[t] = newEncTable(enc, f16ToF32)
		bf16Enc[t] = newEncTable(enc, bf16ToF32)
		bt, ht := bf16Enc[t], f16Enc[t]
		setPure(t, dtype.F16, func(dst, src []byte) { encHalf(dst, src, ht()) })
		setPure(t, dtype.BF16, func(dst, src []byte) { encHalf(dst, src, bt()) })
		setPure(t, dtype.F32, func(dst, src []byte) { encF32(dst, src, bt()) })
		if t == dtype.F8E8M0FNU { // tells values below 2^-126 apart
			setPure(t, dtype.F64, goF64ToE8M0)
		} else {
			setPure(t, dtype.F64, func(dst, src []byte) { encF64Flush(dst, src, bt()) })
		}
		setPure(t, dtype.I8, encLUT(t, func(b uint8) uint16 { return int64ToBF16Odd(int64(int8(b))) }))
		setPure(t, dtype.U8, encLUT(t, func(b uint8) uint16 { return uint64ToBF16Odd(uint64(b)) }))
		setPure(t, dtype.I16, func(dst, src []byte) { encI16[int16](dst, src, bt()) })
		setPure(t, dtype.U16, func(dst, src []byte) { encI16[uint16](dst, src, bt()) })
		if t == dtype.F8E8M0FNU { // reaches 2^127
			setPure(t, dtype.I32, e8m0Int[int32])
			setPure(t, dtype.U32, e8m0Int[uint32])
			setPure(t, dtype.I64, e8m0Int[int64])
			setPure(t, dtype.U64, e8m0Int[uint64])
		} else {
			setPure(t, dtype.I32, func(dst, src []byte) { encClamped[int32](dst, src, bt()) })
			setPure(t, dtype.U32, func(dst, src []byte) { encClamped[uint32](dst, src, bt()) })
			setPure(t, dtype.I64, func(dst, src []byte) { encClamped[int64](dst, src, bt()) })
			setPure(t, dtype.U64, func(dst, src []byte) { encClamped[uint64](dst, src, bt()) })
		}
	}
}

// encLUT returns the table kernel of a one-byte integer source: each of
// the 256 values rounded to bf16 by toBF16 (exactly: 8 bits fit), then to
// t by the reference.
func encLUT(t dtype.DType, toBF16 func(uint8) uint16) Kernel {
	enc := encoderOf(t)
	var vals [256]uint64
	for b := range vals {
		vals[b] = uint64(enc(bf16ToF32(toBF16(uint8(b)))))
	}
	lt := new(LUT)
	lt.Init(&vals, 1)
	return lt.runGo
}

// The loops below (and the other pure-Go kernels') index a reslice of
// each buffer by one counter, with a full slice expression, s[4*i:4*i+4]:
// for an open one, s[4*i:], the compiler adds a few instructions an
// element (the new length, and a mask on the pointer for an empty
// result), and the full form measured up to 2 times faster on the
// lightest kernels, 10 to 25% on most (purego3 branch). Advancing
// both slices and testing their lengths instead lets the compiler drop
// every bounds check (go build -gcflags=-d=ssa/check_bce), but measured
// 10 to 25% slower here (four induction variables against one, and the
// checks left are predicted). A uint16 index into an encTable needs no
// check.

func encHalf(dst, src []byte, t *encTable) {
	n := count(dst, src, 1, 2)
	d, s := dst[:n], src[:2*n]
	for i := range d {
		d[i] = t[binary.LittleEndian.Uint16(s[2*i:2*i+2])]
	}
}

// f32ToBF16Odd rounds an f32 pattern to bf16 by round to odd.
func f32ToBF16Odd(x uint32) uint16 {
	return uint16(x>>16) | uint16((x&0xffff+0xffff)>>16)
}

func encF32(dst, src []byte, t *encTable) {
	n := count(dst, src, 1, 4)
	d, s := dst[:n], src[:4*n]
	for i := range d {
		d[i] = t[f32ToBF16Odd(binary.LittleEndian.Uint32(s[4*i:4*i+4]))]
	}
}

// f64ToE8M0 is e8m0FromF32(f64ToF32Odd(x)) computed on the f64 bits:
// rounding to odd keeps the exponent and the top mantissa bit (it
// truncates), takes a value past f32's range to f32's largest finite,
// whose e8m0 is 0xff, as the capped exponent plus one is, and keeps
// comparisons with 2^-127, which f32 holds.
func f64ToE8M0(x uint64) uint8 {
	e := int64(x>>52) - (1023 - 127) // f32's biased exponent; inf and NaN 1151
	r := min(e+int64(x>>51&1), 255)
	if e < 1 { // below f32's normals: 1 above 2^-127, else 0
		r = int64(b2u8(x > (1023-127)<<52))
	}
	if int64(x) <= 0 { // negative, -0 or +0
		r = 255
	}
	return uint8(r)
}

func goF64ToE8M0(dst, src []byte) {
	n := count(dst, src, 1, 8)
	d, s := dst[:n], src[:8*n]
	for i := range d {
		d[i] = f64ToE8M0(binary.LittleEndian.Uint64(s[8*i : 8*i+8]))
	}
}

func encF64Flush(dst, src []byte, t *encTable) {
	n := count(dst, src, 1, 8)
	d, s := dst[:n], src[:8*n]
	for i := range d {
		d[i] = t[f64ToBF16OddFlush(binary.LittleEndian.Uint64(s[8*i:8*i+8]))]
	}
}

// uint64ToBF16Odd rounds u to bf16 by round to odd.
func uint64ToBF16Odd(u uint64) uint16 {
	lz := bits.LeadingZeros64(u)
	norm := u << lz // top bit at bit 63; 0 for u == 0
	// (126+63-lz)<<7 plus the top 8 bits, whose top bit (the implicit
	// one) carries into the exponent field: the biased exponent is
	// 127+63-lz.
	r := uint64(189-lz)<<7 + norm>>56
	if norm<<8 != 0 {
		r |= 1
	}
	if u == 0 {
		r = 0
	}
	return uint16(r)
}

// int64ToBF16Odd rounds v to bf16 by round to odd.
func int64ToBF16Odd(v int64) uint16 {
	m := uint64(v)
	sign := uint16(0)
	if v < 0 {
		m, sign = -m, 0x8000
	}
	return sign | uint64ToBF16Odd(m)
}

// encI16 is the encoder from the 16-bit integers, which f32 holds
// exactly.
func encI16[T int16 | uint16](dst, src []byte, t *encTable) {
	n := count(dst, src, 1, 2)
	d, s := dst[:n], src[:2*n]
	for i := range d {
		v := T(binary.LittleEndian.Uint16(s[2*i : 2*i+2]))
		d[i] = t[f32ToBF16Odd(math.Float32bits(float32(v)))]
	}
}

// e8m0Int is the kernel from the 32- and 64-bit integers into e8m0,
// computed rather than looked up. e8m0 holds the powers of two 2^-127
// to 2^127 and NaN (0xff); a value rounds to the power 2^k at or below
// it, or to 2^(k+1) from 1.5·2^k up (f64ToE8M0's rule), and 0 and the
// negative values give NaN. For an integer m >= 1 with its top bit at k
// (63 minus its leading zeros) that is 127 + k, plus 1 when bit k-1 is
// set; 2^64 is the largest result, 191.
func e8m0Int[T int32 | uint32 | int64 | uint64](dst, src []byte) {
	size := sizeOf[T]()
	n := count(dst, src, 1, size)
	d, s := dst[:n], src[:size*n]
	for i := range d {
		v := load[T](s[size*i : size*i+size])
		lz := bits.LeadingZeros64(uint64(v))
		r := uint(190-lz) + uint(uint64(v)<<lz>>62)&1
		if v <= 0 { // 0, and for the signed types the negatives
			r = 0xff
		}
		d[i] = uint8(r)
	}
}

// encClamped is the encoder from the 32- and 64-bit integers into the
// formats but e8m0: their largest finite values are below 2^16 (57344 at
// most), so every integer of magnitude 2^17 or more overflows, as 2^17
// does. An integer below 2^24 in magnitude converts to f32 exactly, a
// larger one to an f32 of magnitude 2^24 or more, which overflows too;
// from there it rounds as f32 does. uint64 is first clamped to 2^17, so
// that it converts as int64 (Go's uint64 conversion branches on the top
// bit, which random data mispredicts).
func encClamped[T int32 | uint32 | int64 | uint64](dst, src []byte, t *encTable) {
	size := sizeOf[T]()
	n := count(dst, src, 1, size)
	d, s := dst[:n], src[:size*n]
	if size == 8 && ^T(0) > 0 {
		for i := range d {
			f := float32(int64(min(binary.LittleEndian.Uint64(s[8*i:8*i+8]), 1<<17)))
			d[i] = t[f32ToBF16Odd(math.Float32bits(f))]
		}
		return
	}
	for i := range d {
		f := float32(load[T](s[size*i : size*i+size]))
		d[i] = t[f32ToBF16Odd(math.Float32bits(f))]
	}
}

// f64ToBF16OddFlush rounds an f64 pattern to bf16 by round to odd, but
// for bf16's subnormals: every nonzero magnitude below bf16's least
// normal, 2^-126, gives some bf16 pattern below 2^-126 but ±0 (one whose
// exponent field is 0, or the least subnormal). Every format but e8m0
// rounds all of those to zero, as it does the exact value (their least
// subnormal is 2^-17 or more), so the subnormal steps can be left out
// (e8m0 has f64ToE8M0). A finite value past bf16's range gives its
// largest finite, inf stays inf, and a NaN is made quiet with its sign
// and top 6 payload bits below the quiet bit. Branch-free and inlined.
func f64ToBF16OddFlush(x uint64) uint16 {
	a := x & (1<<63 - 1)
	// bf16's normal range: rebias, keep the top 7 mantissa bits, and set
	// the lowest when the 45 dropped bits are not all zero.
	r := int64(a>>45) - (1023-127)<<7 | int64((a&(1<<45-1)+(1<<45-1))>>45)
	r = max(r, int64((a+(1<<63-1))>>63)) // below: 0, or 1 for nonzero
	r = min(r, 0x7f7f)                   // above: bf16's largest finite
	if a >= 0x7ff0000000000000 {         // inf, or NaN made quiet
		r = int64(0x7f80 | a>>45&0x7f | (a-0x7ff0000000000000+0x7fffffffffffffff)>>63<<6)
	}
	return uint16(x>>48)&0x8000 | uint16(r)
}
