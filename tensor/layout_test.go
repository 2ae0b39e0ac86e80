package tensor

import (
	"bytes"
	"math/rand/v2"
	"testing"

	"github.com/promote-dev/promote/dtype"
)

// storable lists every dtype with storage.
func storable() []dtype.DType {
	var out []dtype.DType
	for _, d := range dtype.All() {
		if d.Bits() > 0 {
			out = append(out, d)
		}
	}
	return out
}

// randomElems returns n elements of d one per byte (or in storage layout
// for types of 8 bits or more), high bits zero.
func randomElems(r *rand.Rand, d dtype.DType, n int64) []byte {
	w := d.Bits()
	if w < 8 {
		b := make([]byte, n)
		for i := range b {
			b[i] = byte(r.IntN(1 << w))
		}
		return b
	}
	b := make([]byte, n*int64(d.StorageBits()/8)) // f80: 16 bytes
	for i := range b {
		b[i] = byte(r.IntN(256))
	}
	if d == dtype.Bool {
		for i := range b {
			b[i] &= 1
		}
	}
	return b
}

func TestRepackRoundTripEveryDType(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, d := range storable() {
		for _, n := range []int64{0, 1, 2, 3, 7, 8, 9, 15, 16, 17, 100} {
			elems := randomElems(r, d, n)
			dense := make([]byte, mustSize(t, Dense, d, n))
			if err := Pack(dense, elems, OnePerByte, d, n); err != nil {
				t.Fatalf("%v n=%d: Pack: %v", d, n, err)
			}
			back := make([]byte, len(elems))
			if err := Unpack(back, OnePerByte, dense, d, n); err != nil {
				t.Fatalf("%v n=%d: Unpack: %v", d, n, err)
			}
			if !bytes.Equal(back, elems) {
				t.Errorf("%v n=%d: one-per-byte -> dense -> one-per-byte changed %x into %x", d, n, elems, back)
			}
			if d == dtype.I2 || d == dtype.F6E2M3FN || d == dtype.F6E3M2FN {
				continue // OpenVINO has no such type
			}
			ov := make([]byte, mustSize(t, OpenVINO, d, n))
			if err := Unpack(ov, OpenVINO, dense, d, n); err != nil {
				t.Fatalf("%v n=%d: Unpack to openvino: %v", d, n, err)
			}
			dense2 := make([]byte, len(dense))
			if err := Pack(dense2, ov, OpenVINO, d, n); err != nil {
				t.Fatalf("%v n=%d: Pack from openvino: %v", d, n, err)
			}
			if !bytes.Equal(dense2, dense) {
				t.Errorf("%v n=%d: dense -> openvino -> dense changed %x into %x", d, n, dense, dense2)
			}
		}
	}
}

func mustSize(t *testing.T, l Layout, d dtype.DType, n int64) int64 {
	t.Helper()
	s, err := l.Size(d, n)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestPackings pins the bytes of each layout, including OpenVINO's
// documented examples (convert/spec.md "OpenVINO §2": u1 0xA0 = [1,0,1,0,0,0,0,0],
// u4 0xBF = [15, 11]).
func TestPackings(t *testing.T) {
	tests := []struct {
		d      dtype.DType
		elems  []byte
		layout Layout
		want   []byte
	}{
		{dtype.U1, []byte{1, 0, 1, 0, 0, 0, 0, 0}, OpenVINO, []byte{0xA0}},
		{dtype.U1, []byte{1, 0, 1, 0, 0, 0, 0, 0}, Dense, []byte{0x05}},
		{dtype.U1, []byte{1, 1, 1, 1, 1, 1, 1, 1, 1}, OpenVINO, []byte{0xff, 0x80}},
		{dtype.U1, []byte{1, 1, 1, 1, 1, 1, 1, 1, 1}, Dense, []byte{0xff, 0x01}},
		{dtype.U4, []byte{15, 11}, OpenVINO, []byte{0xBF}},
		{dtype.U4, []byte{15, 11}, Dense, []byte{0xBF}},
		{dtype.I4, []byte{0xf, 0x1, 0x8}, Dense, []byte{0x1f, 0x08}},
		{dtype.F4E2M1FN, []byte{0x3, 0xc}, OpenVINO, []byte{0xc3}},
		{dtype.U2, []byte{1, 2, 3, 0}, OpenVINO, []byte{0x6c}},
		{dtype.U2, []byte{1, 2, 3, 0}, Dense, []byte{0x39}},
		{dtype.I2, []byte{3, 3, 3}, Dense, []byte{0x3f}},
		{dtype.F6E2M3FN, []byte{0x3f, 0x01}, Dense, []byte{0x7f, 0x00}},
		{dtype.F6E3M2FN, []byte{0x00, 0x3f, 0x2a, 0x15}, Dense, []byte{0xc0, 0xaf, 0x56}},
		{dtype.F32, []byte{1, 2, 3, 4}, OpenVINO, []byte{1, 2, 3, 4}},
	}
	for _, tc := range tests {
		n := int64(len(tc.elems))
		if tc.d.Bits() >= 8 {
			n /= int64(tc.d.Bits() / 8)
		}
		got := make([]byte, mustSize(t, tc.layout, tc.d, n))
		if err := Repack(got, tc.layout, tc.elems, OnePerByte, tc.d, n); err != nil {
			t.Fatalf("%v %v: %v", tc.d, tc.layout, err)
		}
		if !bytes.Equal(got, tc.want) {
			t.Errorf("%v %v of %v = %x, want %x", tc.d, tc.layout, tc.elems, got, tc.want)
		}
	}
}

func TestRepackClearsUnusedBits(t *testing.T) {
	// A dirty tail and dirty high bits are not carried over.
	dst := make([]byte, 1)
	if err := Repack(dst, Dense, []byte{0xff}, Dense, dtype.U4, 1); err != nil {
		t.Fatal(err)
	}
	if dst[0] != 0x0f {
		t.Errorf("dense u4 copy of 0xff, 1 element = %#x, want 0x0f", dst[0])
	}
	if err := Repack(dst, OpenVINO, []byte{0xff}, OpenVINO, dtype.U1, 3); err != nil {
		t.Fatal(err)
	}
	if dst[0] != 0xe0 {
		t.Errorf("openvino u1 copy of 0xff, 3 elements = %#x, want 0xe0", dst[0])
	}
	if err := Repack(dst, OnePerByte, []byte{0xff}, OnePerByte, dtype.I2, 1); err != nil {
		t.Fatal(err)
	}
	if dst[0] != 0x03 {
		t.Errorf("one-per-byte i2 copy of 0xff = %#x, want 0x03", dst[0])
	}
	out := make([]byte, 1)
	if err := Pack(out, []byte{0xfe, 0xf1}, OnePerByte, dtype.U1, 2); err != nil {
		t.Fatal(err)
	}
	if out[0] != 0x02 {
		t.Errorf("packing u1 from bytes with high bits set = %#x, want 0x02", out[0])
	}
}

func TestRepackErrors(t *testing.T) {
	tests := []struct {
		name     string
		dst, src []byte
		dl, sl   Layout
		d        dtype.DType
		n        int64
	}{
		{"openvino i2", make([]byte, 1), make([]byte, 1), OpenVINO, Dense, dtype.I2, 1},
		{"openvino f6", make([]byte, 1), make([]byte, 1), Dense, OpenVINO, dtype.F6E2M3FN, 1},
		{"short dst", make([]byte, 0), make([]byte, 3), Dense, OnePerByte, dtype.U4, 3},
		{"long src", make([]byte, 2), make([]byte, 4), Dense, OnePerByte, dtype.U4, 3},
		{"dynamic", nil, nil, Dense, Dense, dtype.Dynamic, 0},
		{"invalid", nil, nil, Dense, Dense, dtype.Invalid, 0},
		{"negative n", nil, nil, Dense, Dense, dtype.U8, -1},
		{"bad layout", nil, nil, Layout(9), Dense, dtype.U8, 0},
	}
	for _, tc := range tests {
		if err := Repack(tc.dst, tc.dl, tc.src, tc.sl, tc.d, tc.n); err == nil {
			t.Errorf("%s: no error", tc.name)
		}
	}
}

func TestElementsRoundTrip(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for _, d := range storable() {
		shape := []int64{3, 5}
		elems := randomElems(r, d, 15)
		x, err := FromElements(d, shape, append([]byte(nil), elems...))
		if err != nil {
			t.Fatalf("%v: %v", d, err)
		}
		if err := x.Check(); err != nil {
			t.Fatalf("%v: %v", d, err)
		}
		got, err := x.Elements()
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, elems) {
			t.Errorf("%v: elements %x, want %x", d, got, elems)
		}
	}
}
