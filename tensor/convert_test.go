package tensor

import (
	"bytes"
	"encoding/binary"
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/convert"
	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/rules"
)

func f32s(v ...float32) []byte {
	b := make([]byte, 4*len(v))
	for i, x := range v {
		binary.LittleEndian.PutUint32(b[4*i:], math.Float32bits(x))
	}
	return b
}

func i64s(v ...int64) []byte {
	b := make([]byte, 8*len(v))
	for i, x := range v {
		binary.LittleEndian.PutUint64(b[8*i:], uint64(x))
	}
	return b
}

func mustNew(t *testing.T, d dtype.DType, shape []int64, data []byte) *Tensor {
	t.Helper()
	x, err := New(d, shape, data)
	if err != nil {
		t.Fatal(err)
	}
	return x
}

func TestConvert(t *testing.T) {
	tests := []struct {
		name   string
		from   *Tensor
		to     dtype.DType
		policy string
		want   []byte
	}{
		{"f32 to bf16 rounds to nearest even", mustNew(t, dtype.F32, []int64{2}, f32s(1, 1.00390625)),
			dtype.BF16, "default", []byte{0x80, 0x3f, 0x80, 0x3f}},
		{"f32 to i4 packs", mustNew(t, dtype.F32, []int64{3}, f32s(-1, 7, 2.9)),
			dtype.I4, "default", []byte{0x7f, 0x02}},
		{"f32 to i4 saturates", mustNew(t, dtype.F32, []int64{2}, f32s(100, -100)),
			dtype.I4, "default", []byte{0x87}},
		{"u4 to f32 unpacks", mustNew(t, dtype.U4, []int64{2}, []byte{0xf1}),
			dtype.F32, "default", f32s(1, 15)},
		{"u1 to u4", mustNew(t, dtype.U1, []int64{3}, []byte{0x05}),
			dtype.U4, "default", []byte{0x01, 0x01}},
		{"i64 to u8 wraps by default", mustNew(t, dtype.I64, []int64{1}, i64s(300)),
			dtype.U8, "default", []byte{44}},
		{"i64 to u8 clamps under saturate", mustNew(t, dtype.I64, []int64{1}, i64s(300)),
			dtype.U8, "saturate", []byte{255}},
		{"rank 0", mustNew(t, dtype.F32, nil, f32s(0.5)),
			dtype.F16, "default", []byte{0x00, 0x38}},
		{"same dtype copies", mustNew(t, dtype.U8, []int64{2}, []byte{1, 2}),
			dtype.U8, "default", []byte{1, 2}},
		{"empty", mustNew(t, dtype.F32, []int64{0, 3}, nil),
			dtype.I4, "default", []byte{}},
	}
	for _, tc := range tests {
		p, err := convert.PolicyByName(tc.policy)
		if err != nil {
			t.Fatal(err)
		}
		got, err := Convert(tc.from, tc.to, p, convert.Options{})
		if err != nil {
			t.Errorf("%s: %v", tc.name, err)
			continue
		}
		if got.DType != tc.to || !equalShape(got.Shape, tc.from.Shape) || !bytes.Equal(got.Data, tc.want) {
			t.Errorf("%s: got %v %x, want %v%v %x", tc.name, got, got.Data, tc.to, tc.from.Shape, tc.want)
		}
		if len(got.Data) > 0 && len(tc.from.Data) > 0 && &got.Data[0] == &tc.from.Data[0] {
			t.Errorf("%s: result shares the input's data", tc.name)
		}
		if err := got.Check(); err != nil {
			t.Errorf("%s: %v", tc.name, err)
		}
	}
}

func TestConvertErrors(t *testing.T) {
	ov, _ := convert.PolicyByName("openvino")
	x := mustNew(t, dtype.F32, []int64{1}, f32s(1))
	if _, err := Convert(x, dtype.F8E3M4, ov, convert.Options{}); err == nil {
		t.Error("openvino policy converted to f8e3m4, a type OpenVINO lacks")
	}
	if _, err := Convert(x, dtype.Dynamic, convert.Default(), convert.Options{}); err == nil {
		t.Error("converted to dynamic")
	}
	bad := &Tensor{DType: dtype.F32, Shape: []int64{2}, Data: make([]byte, 4)}
	if _, err := Convert(bad, dtype.F16, convert.Default(), convert.Options{}); err == nil {
		t.Error("converted a tensor whose data is short")
	}
}

func equalShape(a, b []int64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func build(t *testing.T, name string, kv ...string) promote.Rules {
	t.Helper()
	r, err := rules.Build(name, kv...)
	if err != nil {
		t.Skipf("rule set %s not available: %v", name, err)
	}
	return r
}

// TestConvertPromoteTypesOpenVINORank0 shows the real shape reaching R7:
// with pytorch_scalar_promotion a rank-0 i64 next to a ranked u8 takes
// u8 (and its value 300 wraps under the default policy), while a [1]
// tensor is ranked, so R8 widens both to i64.
func TestConvertPromoteTypesOpenVINORank0(t *testing.T) {
	r := build(t, "openvino", "promote_unsafe=true", "pytorch_scalar_promotion=true")
	u8 := mustNew(t, dtype.U8, []int64{3}, []byte{1, 2, 3})

	scalar := mustNew(t, dtype.I64, []int64{}, i64s(300))
	a2, b2, res, err := ConvertPromoteTypes(scalar, u8, r, convert.Default(), Options{})
	if err != nil {
		t.Fatal(err)
	}
	if res.DType != dtype.U8 || res.Rule.ID != "R7" {
		t.Errorf("rank 0: result %v by %v, want u8 by R7", res, res.Rule)
	}
	if a2.DType != dtype.U8 || len(a2.Shape) != 0 || !bytes.Equal(a2.Data, []byte{44}) {
		t.Errorf("rank 0: converted scalar %v %x, want u8[] 2c", a2, a2.Data)
	}
	if b2 != u8 {
		t.Error("rank 0: the u8 tensor, already of the common type, was not returned as is")
	}

	one := mustNew(t, dtype.I64, []int64{1}, i64s(300))
	a2, b2, res, err = ConvertPromoteTypes(one, u8, r, convert.Default(), Options{})
	if err != nil {
		t.Fatal(err)
	}
	if res.DType != dtype.I64 || res.Rule.ID != "R8" {
		t.Errorf("rank 1: result %v by %v, want i64 by R8", res, res.Rule)
	}
	if a2 != one || !bytes.Equal(b2.Data, i64s(1, 2, 3)) || !equalShape(b2.Shape, []int64{3}) {
		t.Errorf("rank 1: got %v %x and %v %x", a2, a2.Data, b2, b2.Data)
	}

	a2, _, _, err = ConvertPromoteTypes(one, u8, r, convert.Default(), Options{Copy: true})
	if err != nil {
		t.Fatal(err)
	}
	if a2 == one || &a2.Data[0] == &one.Data[0] || !bytes.Equal(a2.Data, one.Data) {
		t.Error("Copy: the tensor of the common type was not copied")
	}
}

func TestConvertPromoteTypesRefusal(t *testing.T) {
	r := build(t, "openvino")
	a := mustNew(t, dtype.I32, []int64{1}, make([]byte, 4))
	b := mustNew(t, dtype.U32, []int64{1}, make([]byte, 4))
	_, _, _, err := ConvertPromoteTypes(a, b, r, convert.Default(), Options{})
	var pe *promote.Error
	if !errors.As(err, &pe) || pe.Rule == nil || pe.Rule.ID != "R8" {
		t.Errorf("i32 with u32 under openvino: error %v, want the rule set's R8 refusal", err)
	}
	// A common type without storage.
	r = build(t, "openvino", "promote_unsafe=true", "u64_integer_promotion_target=dynamic")
	a = mustNew(t, dtype.I8, []int64{1}, make([]byte, 1))
	b = mustNew(t, dtype.U64, []int64{1}, make([]byte, 8))
	if _, _, _, err := ConvertPromoteTypes(a, b, r, convert.Default(), Options{}); err == nil {
		t.Error("converted to dynamic")
	}
	// A bad tensor is refused before the rules are asked.
	bad := &Tensor{DType: dtype.F32, Shape: []int64{2}}
	if _, _, _, err := ConvertPromoteTypes(bad, a, r, convert.Default(), Options{}); err == nil {
		t.Error("accepted a tensor without data")
	}
}

func TestConvertPromoteTypesOtherRuleSets(t *testing.T) {
	tests := []struct {
		rules string
		kv    []string
		a, b  *Tensor
		want  dtype.DType
	}{
		{"cann", nil, mustNew(t, dtype.F16, []int64{2}, make([]byte, 4)), mustNew(t, dtype.F32, []int64{2}, f32s(1, 2)), dtype.F32},
		{"kernel-float", nil, mustNew(t, dtype.F16, []int64{2}, make([]byte, 4)), mustNew(t, dtype.BF16, []int64{2}, make([]byte, 4)), dtype.F32},
		{"numpy", nil, mustNew(t, dtype.I64, []int64{}, i64s(5)), mustNew(t, dtype.F32, []int64{2}, f32s(1, 2)), dtype.F64},
		{"pytorch", nil, mustNew(t, dtype.I64, []int64{}, i64s(5)), mustNew(t, dtype.U8, []int64{2}, []byte{1, 2}), dtype.U8},
	}
	for _, tc := range tests {
		t.Run(tc.rules, func(t *testing.T) {
			r := build(t, tc.rules, tc.kv...)
			a2, b2, res, err := ConvertPromoteTypes(tc.a, tc.b, r, convert.Default(), Options{})
			if err != nil {
				t.Fatal(err)
			}
			if res.DType != tc.want || a2.DType != tc.want || b2.DType != tc.want {
				t.Errorf("result %v, tensors %v %v; want %v", res, a2, b2, tc.want)
			}
			if res.Rule == nil {
				t.Error("result carries no rule")
			}
			if !equalShape(a2.Shape, tc.a.Shape) || !equalShape(b2.Shape, tc.b.Shape) {
				t.Errorf("shapes changed: %v %v", a2, b2)
			}
		})
	}
}

// TestConvertPromoteAll: two tensors are ConvertPromoteTypes; more are
// promoted together under the rule set's own N-operand semantics; fewer
// than two, a malformed tensor, a refusal and a common type without
// storage are errors naming what went wrong.
func TestConvertPromoteAll(t *testing.T) {
	numpy := build(t, "numpy")
	ov := build(t, "openvino")
	i8, _ := New(dtype.I8, []int64{1}, []byte{1})
	u8, _ := New(dtype.U8, []int64{1}, []byte{2})
	f16, _ := New(dtype.F16, []int64{1}, []byte{0, 0x3c})
	bad := &Tensor{DType: dtype.F32, Shape: []int64{2}, Data: []byte{1}}

	out, res, err := ConvertPromoteAll([]*Tensor{i8, u8}, numpy, convert.Default(), Options{})
	if err != nil || res.DType != dtype.I16 || len(out) != 2 || out[0].DType != dtype.I16 || out[1].DType != dtype.I16 {
		t.Errorf("i8, u8: %v %v %v", out, res, err)
	}
	out, res, err = ConvertPromoteAll([]*Tensor{i8, u8, f16}, numpy, convert.Default(), Options{})
	if err != nil || res.DType != dtype.F16 || len(out) != 3 || out[2] != f16 {
		t.Errorf("i8, u8, f16: %v %v %v (the f16 tensor is kept as is)", out, res, err)
	}
	for _, tc := range []struct {
		ts   []*Tensor
		r    promote.Rules
		want string
	}{
		{nil, numpy, "at least two tensors, got 0"},
		{[]*Tensor{i8}, numpy, "at least two tensors, got 1"},
		{[]*Tensor{i8, u8, bad}, numpy, "array 3: "},
		{[]*Tensor{i8, u8, f16}, ov, "no common type for the 3 arrays: "},
	} {
		if _, _, err := ConvertPromoteAll(tc.ts, tc.r, convert.Default(), Options{}); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%v under %s: error %v, want %q", tc.ts, tc.r.Def().Name, err, tc.want)
		}
	}
}
