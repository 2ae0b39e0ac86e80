package convert_test

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"strings"
	"testing"

	"github.com/promote-dev/promote/convert"
	"github.com/promote-dev/promote/dtype"
)

// valueTypes are the dtypes Buffer converts between: every dtype with
// storage.
func valueTypes() []dtype.DType {
	var out []dtype.DType
	for _, d := range dtype.All() {
		if d.Bits() > 0 && d.Format().Lanes <= 1 {
			out = append(out, d)
		}
	}
	return out
}

// elemPattern reads element i of a Buffer-layout buffer as a Pattern:
// each part's bytes as a little-endian number.
func elemPattern(b []byte, d dtype.DType, i int) convert.Pattern {
	es := convert.ElemBytes(d)
	e := b[i*es : (i+1)*es]
	le := func(p []byte) uint64 {
		var buf [8]byte
		copy(buf[:], p)
		return binary.LittleEndian.Uint64(buf[:])
	}
	if d.IsComplex() {
		return convert.Pattern{Re: le(e[:es/2]), Im: le(e[es/2:])}
	}
	return convert.Pattern{Re: le(e)}
}

// fuzzedPolicy reads a policy from 8 bytes: the default (so the kernels
// run) half the time, a named preset or any combination of fields
// otherwise.
func fuzzedPolicy(b [8]byte) convert.Policy {
	if b[0]%2 == 0 {
		return convert.Default()
	}
	if b[0]%4 == 1 {
		names := convert.PolicyNames()
		p, _ := convert.PolicyByName(names[int(b[1])%len(names)])
		return p
	}
	p := convert.Policy{
		Rounding:      convert.Rounding(b[1] % 2),
		Overflow:      convert.Overflow(b[2] % 4),
		NaN:           convert.NaNMode(b[3] % 2),
		NoNaN:         convert.NoNaNMode(b[4] % 3),
		FloatToInt:    convert.FloatToInt(b[5] % 2),
		IntToInt:      convert.IntToInt(b[5] >> 1 % 2),
		ComplexToReal: convert.ComplexToReal(b[5] >> 2 % 2),
	}
	if b[6]%2 == 1 {
		p.Quirks = convert.QuirksOpenVINO
	}
	if b[7]%3 == 1 {
		p.Types = convert.OpenVINO().Types
	}
	return p
}

// FuzzBufferMatchesScalar converts fuzzed bytes between any two dtypes
// under any policy with Buffer, and with Slice over Go element types of
// the same sizes, and checks every element against convert.Scalar (the
// documented contract: "each exactly as Scalar does"): the same
// patterns, or an error exactly when Scalar refuses the pair or an
// element, naming the first refused element, with the elements before it
// converted. A few inputs are tiled past ParallelMin and split over two
// threads.
func FuzzBufferMatchesScalar(f *testing.F) {
	f.Add(byte(9), byte(11), uint64(0), false, []byte{0x00, 0x3c, 0x00, 0x7c, 0x01, 0x7e, 0xff, 0xfb})
	f.Add(byte(11), byte(20), uint64(0x0001030201010001), false, []byte{0x00, 0x00, 0xc0, 0x7f, 0x00, 0x00, 0x80, 0xff})
	f.Add(byte(2), byte(17), uint64(0xf100000200000203), true, []byte{1, 2, 3, 0xff, 0x80, 0x7f})
	all := valueTypes()
	f.Fuzz(func(t *testing.T, dstI, srcI byte, pol uint64, big bool, data []byte) {
		dstT, srcT := all[int(dstI)%len(all)], all[int(srcI)%len(all)]
		var pb [8]byte
		binary.LittleEndian.PutUint64(pb[:], pol)
		p := fuzzedPolicy(pb)
		ss, ds := convert.ElemBytes(srcT), convert.ElemBytes(dstT)
		src := data[:len(data)/ss*ss]
		threads := 1
		big = big && pb[7] >= 0xe0 && len(src) > 0 // one input in eight of those that ask
		if big {
			src = bytes.Repeat(src, convert.ParallelMin/(len(src)/ss)+1)
			threads = 2
		}
		n := len(src) / ss
		dst := bytes.Repeat([]byte{0xa5}, n*ds)
		err := convert.Buffer(dst, dstT, src, srcT, p, convert.Options{Threads: threads})

		_, _, pairErr := convert.Scalar(dstT, srcT, convert.Pattern{}, p)
		if pairErr != nil {
			if err == nil {
				t.Fatalf("%v to %v under %+v: Scalar refuses the pair (%v), Buffer converted", srcT, dstT, p, pairErr)
			}
			return
		}
		firstBad := -1
		for i := range n {
			want, _, serr := convert.Scalar(dstT, srcT, elemPattern(src, srcT, i), p)
			if serr != nil {
				firstBad = i
				break
			}
			if err != nil && threads > 1 {
				continue // with threads, elements before a refusal are unspecified
			}
			if got := elemPattern(dst, dstT, i); got != want {
				t.Fatalf("%v to %v under %+v, element %d %x: Buffer %x, Scalar %x", srcT, dstT, p, i, elemPattern(src, srcT, i), got, want)
			}
		}
		switch {
		case firstBad < 0 && err != nil:
			t.Fatalf("%v to %v under %+v: Buffer refused (%v), Scalar converts every element", srcT, dstT, p, err)
		case firstBad >= 0 && err == nil:
			t.Fatalf("%v to %v under %+v: Scalar refuses element %d, Buffer converted it", srcT, dstT, p, firstBad)
		case firstBad >= 0 && threads == 1 && !strings.Contains(err.Error(), fmt.Sprintf("element %d:", firstBad)):
			t.Fatalf("%v to %v: Buffer's error %q does not name the first refused element, %d", srcT, dstT, err, firstBad)
		}
		if err != nil || big {
			return
		}
		// Slice over Go element types of the same sizes gives the same bytes.
		got, serr := viaSlice(dstT, src, srcT, p)
		if serr != nil || !bytes.Equal(got, dst) {
			t.Fatalf("%v to %v: Slice gives %x (%v), Buffer %x", srcT, dstT, got, serr, dst)
		}
	})
}

// viaSlice converts src with Slice, over Go element types of the dtypes'
// sizes, and returns the result's bytes.
func viaSlice(dstT dtype.DType, src []byte, srcT dtype.DType, p convert.Policy) ([]byte, error) {
	switch convert.ElemBytes(srcT) {
	case 1:
		return sliceFrom[uint8](dstT, src, srcT, p)
	case 2:
		return sliceFrom[uint16](dstT, src, srcT, p)
	case 4:
		return sliceFrom[uint32](dstT, src, srcT, p)
	case 8:
		return sliceFrom[uint64](dstT, src, srcT, p)
	case 16:
		return sliceFrom[complex128](dstT, src, srcT, p)
	}
	return nil, fmt.Errorf("no Go type of %d bytes", convert.ElemBytes(srcT))
}

func sliceFrom[S convert.Elem](dstT dtype.DType, src []byte, srcT dtype.DType, p convert.Policy) ([]byte, error) {
	switch convert.ElemBytes(dstT) {
	case 1:
		return sliceTo[uint8, S](dstT, src, srcT, p)
	case 2:
		return sliceTo[uint16, S](dstT, src, srcT, p)
	case 4:
		return sliceTo[uint32, S](dstT, src, srcT, p)
	case 8:
		return sliceTo[uint64, S](dstT, src, srcT, p)
	case 16:
		return sliceTo[complex128, S](dstT, src, srcT, p)
	}
	return nil, fmt.Errorf("no Go type of %d bytes", convert.ElemBytes(dstT))
}

func sliceTo[D, S convert.Elem](dstT dtype.DType, src []byte, srcT dtype.DType, p convert.Policy) ([]byte, error) {
	s := make([]S, len(src)/convert.ElemBytes(srcT))
	if _, err := binary.Decode(src, binary.LittleEndian, s); err != nil {
		return nil, err
	}
	d := make([]D, len(s))
	if err := convert.Slice(d, dstT, s, srcT, p, convert.Options{Threads: 1}); err != nil {
		return nil, err
	}
	return binary.Append(nil, binary.LittleEndian, d)
}
