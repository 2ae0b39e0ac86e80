// Package dtype is promote's catalogue of element types: a small DType
// index for each, the Format it is made of, every spelling the reference
// systems use for it, and facts derived from Formats (such as whether every
// value of one type is exactly representable in another).
//
// Canonical names follow ml_dtypes for the small floats (f8e4m3fn is
// ml_dtypes' float8_e4m3fn, f8e4m3 its IEEE-like float8_e4m3) and a short
// width-first form elsewhere (i8, u16, f32, c64).
package dtype

import "fmt"

// DType is one element type of the catalogue. It is a small integer, cheap
// to copy and to index tables with; the zero value is Invalid.
type DType uint8

// The catalogue. The order groups kinds together (bool, signed, unsigned,
// floats from narrow to wide, complex) and is the order every table and
// listing uses.
const (
	Invalid DType = iota
	Bool
	// I1 to I7 and U1 to U7 are the sub-byte integers (PyTorch's
	// torch.int1-7 and torch.uint1-7; ml_dtypes' int2/int4, uint1/2/4).
	I1
	I2
	I3
	I4
	I5
	I6
	I7
	I8
	I16
	I32
	I64
	// CLong is C's long on LP64 (64-bit, signed): the same format as I64,
	// a distinct type for systems that tell long from long long
	// (kernel_float's promote_type). I64 is long long there.
	CLong
	// CChar is C's plain char: a third char type, distinct from signed
	// char (I8) and unsigned char (U8), signed on x86-64 (kernel_float
	// has no promotion of it with the other integers).
	CChar
	U1
	U2
	U3
	U4
	U5
	U6
	U7
	U8
	U16
	U32
	U64
	// CULong is C's unsigned long on LP64, distinct from U64 (unsigned
	// long long) as CLong is from I64.
	CULong
	F4E2M1FN
	// F4E2M1FNX2 is two f4e2m1fn values packed in one byte, the low
	// nibble first (PyTorch's torch.float4_e2m1fn_x2): one element of it
	// is a pair, so its Format has Lanes 2.
	F4E2M1FNX2
	F6E2M3FN
	F6E3M2FN
	F8E3M4
	F8E4M3
	F8E4M3FN
	F8E4M3FNUZ
	F8E4M3B11FNUZ
	// F8E4M3B15 is Triton's fp8e4b15: E4M3 with exponent bias 15 (the
	// top byte of an f16 whose exponent is below 16), no inf and no NaN.
	F8E4M3B15
	F8E5M2
	F8E5M2FNUZ
	F8E8M0FNU
	F16
	BF16
	F32
	F64
	// F80 is the x87 80-bit extended format (NumPy's longdouble and C's
	// long double on x86-64 Linux), stored in 16 bytes.
	F80
	C32
	// BC32 is the complex type of two bf16 parts (PyTorch's
	// torch.bcomplex32, ml_dtypes' bcomplex32).
	BC32
	C64
	C128
	// C160 is the complex type of two f80 parts (NumPy's clongdouble),
	// stored in 32 bytes.
	C160
	// Dynamic is OpenVINO's element::dynamic: a type not known until run
	// time. It has no Format of its own.
	Dynamic

	numDTypes
)

// Count is the number of DType values, Invalid included: tables indexed by
// DType have Count entries per dimension.
const Count = int(numDTypes)

// All returns the catalogue in its canonical order, without Invalid.
func All() []DType {
	out := make([]DType, 0, Count-1)
	for d := Bool; d < numDTypes; d++ {
		out = append(out, d)
	}
	return out
}

// Valid reports whether d is a catalogue entry (not Invalid, not out of range).
func (d DType) Valid() bool { return d > Invalid && d < numDTypes }

// String returns the canonical name, the one the CLI prints.
func (d DType) String() string {
	if d.Valid() {
		return formats[d].name
	}
	return fmt.Sprintf("dtype(%d)", uint8(d))
}

// MarshalText implements encoding.TextMarshaler with the canonical name.
func (d DType) MarshalText() ([]byte, error) {
	if !d.Valid() {
		return nil, fmt.Errorf("dtype: cannot marshal invalid dtype %d", uint8(d))
	}
	return []byte(d.String()), nil
}

// UnmarshalText implements encoding.TextUnmarshaler with Parse, so a DType
// works as a flag.TextVar and in JSON.
func (d *DType) UnmarshalText(b []byte) error {
	v, err := Parse(string(b))
	if err != nil {
		return err
	}
	*d = v
	return nil
}

// Kind is the category of a DType.
type Kind uint8

// The kinds, in the order PyTorch-style category logic ranks them.
const (
	KindInvalid Kind = iota
	KindBool
	KindUnsigned
	KindSigned
	KindFloat
	KindComplex
	KindDynamic
)

var kindNames = [...]string{"invalid", "bool", "unsigned", "signed", "float", "complex", "dynamic"}

// String returns the kind's lower-case name.
func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return fmt.Sprintf("kind(%d)", uint8(k))
}

// Kind returns d's kind.
func (d DType) Kind() Kind {
	if !d.Valid() {
		return KindInvalid
	}
	return formats[d].Kind
}

// IsBool reports whether d is bool.
func (d DType) IsBool() bool { return d == Bool }

// IsInteger reports whether d is a signed or unsigned integer (not bool).
func (d DType) IsInteger() bool { k := d.Kind(); return k == KindSigned || k == KindUnsigned }

// IsSigned reports whether d is a signed integer.
func (d DType) IsSigned() bool { return d.Kind() == KindSigned }

// IsUnsigned reports whether d is an unsigned integer.
func (d DType) IsUnsigned() bool { return d.Kind() == KindUnsigned }

// IsFloat reports whether d is a real floating-point type.
func (d DType) IsFloat() bool { return d.Kind() == KindFloat }

// IsComplex reports whether d is a complex type.
func (d DType) IsComplex() bool { return d.Kind() == KindComplex }

// Bits returns the width of one element's bit pattern (a complex type
// counts both parts; Dynamic is 0). It is the width a dense array packs
// elements at, except for f80 and c160, whose elements carry padding in
// memory: see StorageBits.
func (d DType) Bits() int {
	if !d.Valid() {
		return 0
	}
	return formats[d].Bits
}

// StorageBits returns the bits one element takes in a dense array: Bits,
// plus the padding of f80 (80 value bits in 16 bytes) and c160 (two such
// parts in 32 bytes). Sub-byte types report their pattern width (they pack
// in a dense array; systems that store them one to a byte say so).
func (d DType) StorageBits() int {
	if !d.Valid() {
		return 0
	}
	return formats[d].StorageBits()
}

// Format returns what d is made of.
func (d DType) Format() Format {
	if !d.Valid() {
		return Format{}
	}
	return formats[d].Format
}
