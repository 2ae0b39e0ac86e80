package tensor

import (
	"bytes"
	"encoding/binary"
	"errors"
	"slices"
	"testing"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/convert"
	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/rules"
)

// The fuzz targets here check the tensor functions against slow, obvious
// implementations written from their documentation: a bit-by-bit model of
// each packing, index arithmetic for broadcasting, and convert.Scalar
// element by element for conversion. Shapes are small (rank up to 3,
// dimensions up to 3), so each input runs in microseconds.

// fuzzBytes hands out a fuzz input's bytes one at a time, then zeros.
type fuzzBytes struct{ b []byte }

func (f *fuzzBytes) next() byte {
	if len(f.b) == 0 {
		return 0
	}
	c := f.b[0]
	f.b = f.b[1:]
	return c
}

// shape returns a shape of rank up to maxRank with dimensions up to 3.
func (f *fuzzBytes) shape(maxRank int) []int64 {
	s := make([]int64, int(f.next())%(maxRank+1))
	for i := range s {
		s[i] = int64(f.next() % 4)
	}
	return s
}

// dtype returns one of the dtypes with storage.
func (f *fuzzBytes) dtype(all []dtype.DType) dtype.DType { return all[int(f.next())%len(all)] }

// tensor returns a well-formed tensor of d and shape whose elements are
// the input's next bytes (sub-byte elements and bools masked to their
// width, as Elements gives them).
func (f *fuzzBytes) tensor(t *testing.T, d dtype.DType, shape []int64) *Tensor {
	t.Helper()
	n, _ := NumElements(shape)
	elems := make([]byte, n*int64(convert.ElemBytes(d)))
	for i := range elems {
		elems[i] = f.next()
		switch {
		case d == dtype.Bool:
			elems[i] &= 1
		case d.Bits() < 8:
			elems[i] &= 1<<d.Bits() - 1
		}
	}
	x, err := FromElements(d, shape, elems)
	if err != nil {
		t.Fatalf("FromElements(%v, %v): %v", d, shape, err)
	}
	return x
}

// slowGet reads element i of width w from b in layout l for dtype d,
// modelling each layout as a stream of bits: Dense is least significant
// bit first with each element's bits in the same order; OpenVINO's u1
// and u2 are most significant bit first, each element's bits from its
// top; OnePerByte is the low w bits of byte i.
func slowGet(b []byte, l Layout, d dtype.DType, i int64) byte {
	w := int64(d.Bits())
	switch {
	case l == OnePerByte:
		return b[i] & (1<<w - 1)
	case l == OpenVINO && (d == dtype.U1 || d == dtype.U2):
		var v byte
		for k := range w {
			j := i*w + k
			v = v<<1 | b[j/8]>>(7-j%8)&1
		}
		return v
	}
	var v byte
	for k := range w {
		j := i*w + k
		v |= (b[j/8] >> (j % 8) & 1) << k
	}
	return v
}

// slowSet is slowGet's inverse on a zeroed buffer.
func slowSet(b []byte, l Layout, d dtype.DType, i int64, v byte) {
	w := int64(d.Bits())
	switch {
	case l == OnePerByte:
		b[i] = v
	case l == OpenVINO && (d == dtype.U1 || d == dtype.U2):
		for k := range w {
			j := i*w + k
			b[j/8] |= (v >> (w - 1 - k) & 1) << (7 - j%8)
		}
	default:
		for k := range w {
			j := i*w + k
			b[j/8] |= (v >> k & 1) << (j % 8)
		}
	}
}

// FuzzRepack: repacking a run of sub-byte elements between any two
// layouts gives exactly the bytes the bit model encodes for the values
// the bit model decodes from the source (so unused bits are zero), and
// repacking back gives the source's values; a wrong length is an error.
func FuzzRepack(f *testing.F) {
	f.Add(byte(0), byte(0), byte(1), byte(5), []byte{0xa5, 0x3c, 0xff})
	f.Add(byte(3), byte(2), byte(0), byte(9), []byte{0x81, 0x7e})
	f.Add(byte(7), byte(1), byte(2), byte(13), []byte{0xde, 0xad, 0xbe, 0xef, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x09})
	var sub []dtype.DType
	for _, d := range storable() {
		if d.Bits() < 8 {
			sub = append(sub, d)
		}
	}
	layouts := []Layout{Dense, OnePerByte, OpenVINO}
	f.Fuzz(func(t *testing.T, di, sl, dl, count byte, raw []byte) {
		d := sub[int(di)%len(sub)]
		srcL, dstL := layouts[int(sl)%3], layouts[int(dl)%3]
		n := int64(count % 40)
		ss, serr := srcL.Size(d, n)
		ds, derr := dstL.Size(d, n)
		if serr != nil || derr != nil {
			// Only OpenVINO refuses, and only the types it lacks.
			if (srcL != OpenVINO && dstL != OpenVINO) || !(d == dtype.I2 || d == dtype.F6E2M3FN || d == dtype.F6E3M2FN) {
				t.Fatalf("%v %v->%v refused: %v %v", d, srcL, dstL, serr, derr)
			}
			if err := Repack(make([]byte, 64), dstL, make([]byte, 64), srcL, d, n); err == nil {
				t.Fatalf("Repack accepted %v in a layout that refuses it", d)
			}
			return
		}
		src := make([]byte, ss)
		copy(src, raw)
		vals := make([]byte, n)
		for i := range n {
			vals[i] = slowGet(src, srcL, d, i)
		}
		want := make([]byte, ds)
		for i := range n {
			slowSet(want, dstL, d, i, vals[i])
		}
		dst := bytes.Repeat([]byte{0x5a}, int(ds)) // garbage Repack must overwrite
		if err := Repack(dst, dstL, src, srcL, d, n); err != nil {
			t.Fatalf("Repack %v %v->%v of %d: %v", d, srcL, dstL, n, err)
		}
		if !bytes.Equal(dst, want) {
			t.Fatalf("Repack %v %v->%v of %d from %x: %x, want %x", d, srcL, dstL, n, src, dst, want)
		}
		back := make([]byte, ss)
		if err := Repack(back, srcL, dst, dstL, d, n); err != nil {
			t.Fatal(err)
		}
		for i := range n {
			if got := slowGet(back, srcL, d, i); got != vals[i] {
				t.Fatalf("element %d of %v: %d after a round trip %v->%v->%v, was %d", i, d, got, srcL, dstL, srcL, vals[i])
			}
		}
		if err := Repack(make([]byte, ds+1), dstL, src, srcL, d, n); err == nil {
			t.Fatalf("Repack accepted a destination one byte too long")
		}
	})
}

// FuzzBroadcastTo: the result holds, at every index, the source element
// NumPy's rule picks (size-1 axes and missing leading axes repeat), and
// an error comes exactly when the rule says the shapes do not fit.
func FuzzBroadcastTo(f *testing.F) {
	f.Add([]byte{11, 2, 1, 3, 3, 2, 3, 3, 1, 2, 3, 4, 5, 6, 7, 8, 9})
	f.Add([]byte{0, 0, 2, 2, 0})
	f.Add([]byte{20, 1, 2, 4, 3, 1, 2, 2, 0xff, 0x0f})
	all := storable()
	f.Fuzz(func(t *testing.T, b []byte) {
		in := &fuzzBytes{b}
		d := in.dtype(all)
		x := in.tensor(t, d, in.shape(3))
		target := in.shape(4)
		lead := len(target) - len(x.Shape)
		fits := lead >= 0
		for i := 0; fits && i < len(x.Shape); i++ {
			fits = x.Shape[i] == 1 || x.Shape[i] == target[lead+i]
		}
		y, err := BroadcastTo(x, target)
		if (err == nil) != fits {
			t.Fatalf("BroadcastTo(%v, %v): %v, want fits=%v", x, target, err, fits)
		}
		if err != nil {
			return
		}
		if !slices.Equal(y.Shape, target) || y.DType != d || y.Check() != nil {
			t.Fatalf("BroadcastTo(%v, %v) = %v (%v)", x, target, y, y.Check())
		}
		src, _ := x.Elements()
		got, _ := y.Elements()
		es := int64(convert.ElemBytes(d))
		n, _ := NumElements(target)
		idx := make([]int64, len(target))
		for o := range n {
			// idx is o's multi-index in target; find the source's flat index.
			rem := o
			for ax := len(target) - 1; ax >= 0; ax-- {
				idx[ax] = rem % target[ax]
				rem /= target[ax]
			}
			var s int64
			for ax, dim := range x.Shape {
				i := idx[lead+ax]
				if dim == 1 {
					i = 0
				}
				s = s*dim + i
			}
			if !bytes.Equal(got[o*es:(o+1)*es], src[s*es:(s+1)*es]) {
				t.Fatalf("BroadcastTo(%v, %v): element %v is %x, want source element %d %x", x, target, idx, got[o*es:(o+1)*es], s, src[s*es:(s+1)*es])
			}
		}
	})
}

// FuzzIntoVec: a rank-0 tensor becomes a length-1 vector sharing its
// data, a vector is returned as is, any other rank and any malformed
// tensor is an error; and KernelFloatBroadcast of up to three tensors
// gives each the common length by repeating length-1 vectors, or an
// error exactly when two lengths are neither equal nor 1.
func FuzzIntoVec(f *testing.F) {
	f.Add([]byte{3, 0, 1, 1, 3, 9, 8, 7, 0, 1, 1, 5})
	f.Add([]byte{2, 2, 2, 2, 1, 0, 0})
	f.Add([]byte{1, 20, 1, 3, 1, 2, 3, 0})
	all := storable()
	f.Fuzz(func(t *testing.T, b []byte) {
		in := &fuzzBytes{b}
		ts := make([]*Tensor, 1+int(in.next())%3)
		for i := range ts {
			d := in.dtype(all)
			ts[i] = in.tensor(t, d, in.shape(2))
		}
		// IntoVec on each, and on a malformed copy of the first.
		for _, x := range ts {
			v, err := IntoVec(x)
			switch len(x.Shape) {
			case 0:
				if err != nil || !slices.Equal(v.Shape, []int64{1}) || v.DType != x.DType || &v.Data[0] != &x.Data[0] {
					t.Fatalf("IntoVec(%v) = %v, %v; want a length-1 vector sharing the data", x, v, err)
				}
			case 1:
				if err != nil || v != x {
					t.Fatalf("IntoVec(%v) = %v, %v; want the tensor itself", x, v, err)
				}
			default:
				if err == nil {
					t.Fatalf("IntoVec(%v) accepted rank %d", x, len(x.Shape))
				}
			}
		}
		bad := &Tensor{DType: ts[0].DType, Shape: ts[0].Shape, Data: append(slices.Clip(ts[0].Data), 0)}
		if _, err := IntoVec(bad); err == nil {
			t.Fatalf("IntoVec accepted %v with %d bytes of data", bad, len(bad.Data))
		}

		// The slow model of KernelFloatBroadcast.
		wantErr, extent := false, int64(-1)
		for _, x := range ts {
			if len(x.Shape) > 1 {
				wantErr = true
				break
			}
			l := int64(1)
			if len(x.Shape) == 1 {
				l = x.Shape[0]
			}
			switch {
			case extent < 0 || l == extent || l == 1:
				if extent < 0 {
					extent = l
				}
			case extent == 1:
				extent = l
			default:
				wantErr = true
			}
		}
		vs, err := KernelFloatBroadcast(ts...)
		if (err != nil) != wantErr {
			t.Fatalf("KernelFloatBroadcast(%v): %v, want error %v", ts, err, wantErr)
		}
		if err != nil {
			return
		}
		for i, v := range vs {
			x := ts[i]
			if !slices.Equal(v.Shape, []int64{extent}) || v.DType != x.DType {
				t.Fatalf("operand %d: %v, want %v[%d]", i, v, x.DType, extent)
			}
			src, _ := x.Elements()
			got, _ := v.Elements()
			es := int64(convert.ElemBytes(x.DType))
			for j := range extent {
				s := j
				if x.Len() == 1 {
					s = 0
				}
				if !bytes.Equal(got[j*es:(j+1)*es], src[s*es:(s+1)*es]) {
					t.Fatalf("operand %d element %d: %x, want %x", i, j, got[j*es:(j+1)*es], src[s*es:(s+1)*es])
				}
			}
		}
	})
}

// pattern returns element i of elems (Elements' layout) as convert's
// Pattern: the little-endian value of each part.
func pattern(elems []byte, d dtype.DType, i int64) convert.Pattern {
	es := int64(convert.ElemBytes(d))
	e := elems[i*es : (i+1)*es]
	le := func(b []byte) uint64 {
		var buf [8]byte
		copy(buf[:], b)
		return binary.LittleEndian.Uint64(buf[:])
	}
	if d.IsComplex() {
		return convert.Pattern{Re: le(e[:es/2]), Im: le(e[es/2:])}
	}
	return convert.Pattern{Re: le(e)}
}

// fuzzPolicy returns a policy from the input: each field any of its
// values, the OpenVINO quirks or none, OpenVINO's type set or none.
func fuzzPolicy(in *fuzzBytes) convert.Policy {
	p := convert.Policy{
		Rounding:      convert.Rounding(in.next() % 2),
		Overflow:      convert.Overflow(in.next() % 4),
		NaN:           convert.NaNMode(in.next() % 2),
		NoNaN:         convert.NoNaNMode(in.next() % 3),
		FloatToInt:    convert.FloatToInt(in.next() % 2),
		IntToInt:      convert.IntToInt(in.next() % 2),
		ComplexToReal: convert.ComplexToReal(in.next() % 2),
	}
	switch in.next() % 4 {
	case 1:
		p.Quirks = convert.QuirksOpenVINO
	case 2:
		p.Types = convert.OpenVINO().Types
	case 3:
		p = convert.OpenVINO()
	}
	return p
}

// FuzzConvertPromoteTypes: for two small tensors under any rule set and
// policy, the common dtype is the rule set's Result for the tensors as
// operands; each converted element is what convert.Scalar gives for the
// source element; a tensor already of the common dtype comes back as
// is; shapes are kept; and an error comes exactly when the rule set
// refuses, the common dtype has no storage, or Scalar refuses a dtype
// pair or an element.
func FuzzConvertPromoteTypes(f *testing.F) {
	f.Add([]byte{5, 11, 1, 2, 1, 2, 3, 4, 5, 6, 7, 8, 23, 0, 200, 0, 0, 0, 0, 0, 0, 0, 0, 0})
	f.Add([]byte{1, 2, 1, 3, 10, 20, 30, 27, 0, 0x2c, 0x01, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1})
	f.Add([]byte{4, 20, 2, 1, 1, 0x7f, 0xc0, 0, 0, 3, 1, 2, 0xff, 0, 0, 0, 2, 0, 1, 0, 0, 0, 0, 0})
	all := storable()
	defs := rules.All()
	built := make([]promote.Rules, len(defs))
	for i, d := range defs {
		r, err := d.Build()
		if err != nil {
			f.Fatalf("%s: %v", d.Name, err)
		}
		built[i] = r
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		in := &fuzzBytes{b}
		r := built[int(in.next())%len(built)]
		da := in.dtype(all)
		a := in.tensor(t, da, in.shape(2))
		db := in.dtype(all)
		bt := in.tensor(t, db, in.shape(2))
		p := fuzzPolicy(in)
		opt := Options{Copy: in.next()%2 == 1, Convert: convert.Options{Threads: 1}}

		res, rerr := r.Result(a.Operand(), bt.Operand())
		a2, b2, got, err := ConvertPromoteTypes(a, bt, r, p, opt)
		if rerr != nil {
			var pe *promote.Error
			if err == nil || !errors.As(err, &pe) {
				t.Fatalf("%s refuses %v, %v (%v) but ConvertPromoteTypes gave %v", r.Def().Name, a, bt, rerr, err)
			}
			return
		}
		if got.DType != res.DType {
			t.Fatalf("%s: common dtype %v, Result says %v", r.Def().Name, got.DType, res.DType)
		}
		to := res.DType
		wantErr := to.Bits() == 0
		outs := []*Tensor{a2, b2}
		for _, x := range []*Tensor{a, bt} {
			if wantErr || x.DType == to && !opt.Copy {
				continue
			}
			if _, _, err := convert.Scalar(to, x.DType, convert.Pattern{}, p); err != nil {
				wantErr = true // the pair is refused whatever the values
				continue
			}
			elems, _ := x.Elements()
			for i := range x.Len() {
				if _, _, err := convert.Scalar(to, x.DType, pattern(elems, x.DType, i), p); err != nil {
					wantErr = true
				}
			}
		}
		if (err != nil) != wantErr {
			t.Fatalf("%s %v, %v -> %v under %+v: error %v, want error %v", r.Def().Name, a, bt, to, p, err, wantErr)
		}
		if err != nil {
			return
		}
		for k, x := range []*Tensor{a, bt} {
			y := outs[k]
			if x.DType == to && !opt.Copy {
				if y != x {
					t.Fatalf("operand %d already %v was copied", k, to)
				}
				continue
			}
			if y == x || !slices.Equal(y.Shape, x.Shape) || y.DType != to || y.Check() != nil {
				t.Fatalf("operand %d: %v became %v (%v)", k, x, y, y.Check())
			}
			src, _ := x.Elements()
			dst, _ := y.Elements()
			for i := range x.Len() {
				want, _, _ := convert.Scalar(to, x.DType, pattern(src, x.DType, i), p)
				if g := pattern(dst, to, i); g != want {
					t.Fatalf("operand %d element %d: %v %x to %v gave %x, Scalar gives %x", k, i, x.DType, pattern(src, x.DType, i), to, g, want)
				}
			}
		}
	})
}
