package safetensors

import (
	"fmt"

	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/internal/clip"
)

// dtypeInfo is one dtype of the format: its header spelling, the
// catalogue type it stores and its width in bits.
type dtypeInfo struct {
	name string
	dt   dtype.DType
	bits int
}

// formatDTypes lists the format's dtypes in the reference implementation's
// declaration order (huggingface/safetensors, safetensors/src/tensor.rs,
// enum Dtype, safetensors 0.8). The order matters: the reference writer
// sorts tensors by this position, highest first, and the header must come
// out the same. The reference calls the order "increasing alignment"; it
// is the declaration order that decides, not the width (C64 comes before
// F64 although both are 64 bits).
//
// F8_E4M3 is the OCP 8-bit E4M3 format, finite with one NaN pattern per
// sign (f8e4m3fn; PyTorch's float8_e4m3fn), F8_E8M0 the OCP MX scale
// format (f8e8m0fnu), F4 the OCP MX E2M1 format (f4e2m1fn), the F6 types
// the OCP MX 6-bit formats, C64 two f32 parts.
var formatDTypes = [...]dtypeInfo{
	{"BOOL", dtype.Bool, 8},
	{"F4", dtype.F4E2M1FN, 4},
	{"F6_E2M3", dtype.F6E2M3FN, 6},
	{"F6_E3M2", dtype.F6E3M2FN, 6},
	{"U8", dtype.U8, 8},
	{"I8", dtype.I8, 8},
	{"F8_E5M2", dtype.F8E5M2, 8},
	{"F8_E4M3", dtype.F8E4M3FN, 8},
	{"F8_E8M0", dtype.F8E8M0FNU, 8},
	{"F8_E4M3FNUZ", dtype.F8E4M3FNUZ, 8},
	{"F8_E5M2FNUZ", dtype.F8E5M2FNUZ, 8},
	{"I16", dtype.I16, 16},
	{"U16", dtype.U16, 16},
	{"F16", dtype.F16, 16},
	{"BF16", dtype.BF16, 16},
	{"I32", dtype.I32, 32},
	{"U32", dtype.U32, 32},
	{"F32", dtype.F32, 32},
	{"C64", dtype.C64, 64},
	{"F64", dtype.F64, 64},
	{"I64", dtype.I64, 64},
	{"U64", dtype.U64, 64},
}

// byName and rankOf index formatDTypes; rankOf[d] is d's position plus
// one (0: the format has no such dtype).
var (
	byName = map[string]int{}
	rankOf [dtype.Count]int
)

func init() {
	for i, info := range formatDTypes {
		byName[info.name] = i
		rankOf[info.dt] = i + 1
	}
}

// DTypeOf returns the catalogue dtype a header dtype string names
// ("BF16" is bf16, "F8_E4M3" f8e4m3fn). Spellings are case-sensitive, as
// in the reference implementation.
func DTypeOf(name string) (dtype.DType, error) {
	i, ok := byName[name]
	if !ok {
		return dtype.Invalid, fmt.Errorf("unknown safetensors dtype %s", clip.Quote(name))
	}
	return formatDTypes[i].dt, nil
}

// dtypeOfBytes is DTypeOf for a header's bytes, without allocating.
func dtypeOfBytes(name []byte) (dtype.DType, bool) {
	i, ok := byName[string(name)]
	if !ok {
		return dtype.Invalid, false
	}
	return formatDTypes[i].dt, true
}

// Name returns d's spelling in a header, or false when the format cannot
// store d (i2, u4, f8e4m3 (IEEE-style), c128, ...).
func Name(d dtype.DType) (string, bool) {
	if !d.Valid() || rankOf[d] == 0 {
		return "", false
	}
	return formatDTypes[rankOf[d]-1].name, true
}

// Supported reports whether the format can store d.
func Supported(d dtype.DType) bool {
	_, ok := Name(d)
	return ok
}

// DTypes returns the catalogue dtypes the format can store, in the
// format's declaration order.
func DTypes() []dtype.DType {
	out := make([]dtype.DType, len(formatDTypes))
	for i, info := range formatDTypes {
		out[i] = info.dt
	}
	return out
}

// bitsOf returns the width of a supported dtype in the file, in bits.
func bitsOf(d dtype.DType) int { return formatDTypes[rankOf[d]-1].bits }

// ByteSize returns the bytes n elements of d take in a file, or an error
// when d is not a format dtype, n is negative, the count overflows, or n
// elements of a sub-byte dtype do not fill whole bytes (the reference
// refuses those: an odd number of F4 elements, F6 counts not a multiple
// of 4).
func ByteSize(d dtype.DType, n int64) (int64, error) {
	name, ok := Name(d)
	if !ok {
		return 0, fmt.Errorf("safetensors cannot store %v", d)
	}
	if n < 0 {
		return 0, fmt.Errorf("negative element count %d", n)
	}
	bits := int64(bitsOf(d))
	if n > (1<<63-1)/bits {
		return 0, fmt.Errorf("%d %s elements overflow a 64-bit byte count", n, name)
	}
	nbits := n * bits
	if nbits%8 != 0 {
		return 0, fmt.Errorf("%d %s elements of %d bits do not fill whole bytes", n, name, bits)
	}
	return nbits / 8, nil
}
