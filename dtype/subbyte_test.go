package dtype

import "testing"

// TestSubByteIntsAndPackedFP4: the sub-byte integers and PyTorch's packed
// FP4 pair, by their spellings (c10/core/ScalarType.h names them int1-7,
// uint1-7 and float4_e2m1fn_x2), with "i1" still StableHLO's bool.
func TestSubByteIntsAndPackedFP4(t *testing.T) {
	for _, c := range []struct {
		in   string
		want DType
	}{
		{"int1", I1}, {"int3", I3}, {"int5", I5}, {"int6", I6}, {"int7", I7},
		{"uint3", U3}, {"uint5", U5}, {"uint6", U6}, {"uint7", U7},
		{"i3", I3}, {"u7", U7}, {"i1", Bool},
		{"float4_e2m1fn_x2", F4E2M1FNX2}, {"torch.float4_e2m1fn_x2", F4E2M1FNX2},
		{"torch.int1", I1}, {"torch.uint5", U5}, {"torch.bit", U1},
	} {
		got, err := Parse(c.in)
		if err != nil || got != c.want {
			t.Errorf("Parse(%q) = %v, %v; want %v", c.in, got, err, c.want)
		}
	}
	for _, c := range []struct {
		d             DType
		bits, storage int
		kind          Kind
	}{
		{I1, 1, 1, KindSigned},
		{I7, 7, 7, KindSigned},
		{U3, 3, 3, KindUnsigned},
		{F4E2M1FNX2, 4, 8, KindFloat},
	} {
		f := c.d.Format()
		if f.Bits != c.bits || f.StorageBits() != c.storage || f.Kind != c.kind {
			t.Errorf("%v: bits %d storage %d kind %v; want %d %d %v", c.d, f.Bits, f.StorageBits(), f.Kind, c.bits, c.storage, c.kind)
		}
	}
}
