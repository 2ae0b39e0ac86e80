package convert

import (
	"fmt"
	"strings"

	"github.com/promote-dev/promote/dtype"
)

// Rounding is how a value between two neighbours of the destination is
// rounded. It applies to float (and e8m0) destinations; float to integer
// conversions always truncate (see FloatToInt).
type Rounding uint8

const (
	// NearestEven rounds to the nearer neighbour and a tie to the one with
	// an even last mantissa bit (IEEE 754-2019 roundTiesToEven). For
	// f8e8m0fnu, whose only kept bit is the implicit one, a tie goes up
	// (spec.md, "f8e8m0fnu as destination").
	NearestEven Rounding = iota
	// TowardZero drops the bits that do not fit (IEEE 754-2019
	// roundTowardZero). A finite value then never overflows to infinity
	// or NaN: past the largest finite value it gives that value, as IEEE
	// 754-2019 §7.4 prescribes for this rounding.
	TowardZero
)

// Overflow is what a finite value whose rounded magnitude is past the
// destination's largest finite value becomes, and what an infinity becomes
// in a format without one.
type Overflow uint8

const (
	// OverflowInf gives ±inf where the destination has infinities, else
	// NaN where it has NaN (f8e4m3fn, the fnuz formats, f8e8m0fnu), else
	// the largest finite value with the value's sign (f4, f6): the default
	// of spec.md ("The default policy") and what ml_dtypes does.
	OverflowInf Overflow = iota
	// OverflowSaturate gives the largest finite value with the value's
	// sign, for finite values and for infinities alike (CUDA's
	// __NV_SATFINITE).
	OverflowSaturate
	// OverflowSaturateSmall saturates (as OverflowSaturate) in the float
	// formats of 8 bits or fewer (f8, f6, f4) and acts as OverflowInf in
	// the wider ones: kernel_float's casts, whose fp8 constructors
	// saturate while half and bfloat16 overflow to infinity
	// (spec.md, kernel_float §4, §2, §3).
	OverflowSaturateSmall
	// OverflowNaN gives NaN where the destination has NaN and saturates
	// where it has none; infinities stay infinities where the destination
	// has them.
	OverflowNaN
)

// NaNMode is what a NaN becomes in a destination that has NaN.
type NaNMode uint8

const (
	// NaNKeep keeps the sign and the top payload bits and sets the quiet
	// bit (IEEE 754-2019 §6.2.3's recommendation). A destination with a
	// single NaN pattern per sign uses it (f8e4m3fn S.1111.111), the fnuz
	// formats their only NaN 0x80, f8e8m0fnu 0xff. A source NaN from a
	// format with one NaN encoding (fn, fnuz, e8m0) has no payload and
	// becomes the destination's quiet NaN with the source's sign (fnuz's
	// 0x80 counts as negative, e8m0's 0xff as positive, spec.md, "NaN in").
	NaNKeep NaNMode = iota
	// NaNCanonical gives the destination's positive quiet NaN without
	// payload (0x7e00 in f16, 0x7fc00000 in f32) whatever the source NaN.
	NaNCanonical
	// NaNTorchCPU writes the NaN PyTorch's CPU kernels write (torch
	// 2.11): bf16 0xffff from f32 and f64 (the vectorised copy) and
	// 0x7fc0 from the other types (c10::BFloat16); f8e5m2 S.11111.11;
	// other destinations the widened float's NaN kept, where the fnuz
	// and e8m0 NaNs widen to 0x7f800001 and f8e4m3fn's to S 0x7ff00000.
	// spec.md, "PyTorch".
	NaNTorchCPU
	// NaNTorchCUDA writes the NaN PyTorch's CUDA kernels write (torch
	// 2.11): f16 and bf16 0x7fff whatever the source; f16 and (as f32
	// and f64) f8e5m2 NaNs widen to the all-ones NaN; otherwise as
	// NaNTorchCPU. spec.md, "PyTorch".
	NaNTorchCUDA
	// NaNMLDtypes writes the NaN NumPy with ml_dtypes writes (ml_dtypes
	// 0.6, NumPy 2.5): into or out of an ml_dtypes format, the
	// destination's quiet NaN with the source's sign and no payload;
	// bf16 to f32 copies the bits; f32 and f64 to f16 keep the top ten
	// payload bits unquieted (NumPy's own half conversion). spec.md,
	// "ml_dtypes through NumPy".
	NaNMLDtypes
)

// NoNaNMode is what a NaN becomes in a float format without NaN (f4e2m1fn,
// f6e2m3fn, f6e3m2fn). No specification defines it (spec.md, "NaN in", marks it
// open; the MX specification leaves it to the implementation).
type NoNaNMode uint8

const (
	// NoNaNFlippedZero is ml_dtypes' result, the project's default: +NaN
	// gives the negative-zero pattern and -NaN +0 (ml_dtypes writes its
	// placeholder quiet_NaN(), which is -0, then applies the source's sign
	// by negating it).
	NoNaNFlippedZero NoNaNMode = iota
	// NoNaNZero gives +0 for every NaN.
	NoNaNZero
	// NoNaNError refuses: the conversion returns an error.
	NoNaNError
)

// FloatToInt is how a float (or e8m0) value becomes an integer.
type FloatToInt uint8

const (
	// TruncSaturate truncates toward zero, then clamps to the integer's
	// range; NaN gives 0, +inf the maximum, -inf the minimum (0 for
	// unsigned). Negative values into unsigned types give 0.
	TruncSaturate FloatToInt = iota
	// TruncWrap truncates toward zero, then keeps the low N bits of the
	// two's complement (the value modulo 2^N); NaN and ±inf give 0.
	TruncWrap
	// TruncTorchCPU is PyTorch's CPU conversion on x86-64 into i8, u8,
	// i32 and i64: truncate into a 32-bit (i8, i32) or 64-bit (u8, i64)
	// signed integer, where NaN, ±inf and values out of its range give
	// its minimum (x86's integer indefinite), then keep the low bits. u8
	// goes through 64 bits because c10's cast into uint8 goes through
	// int64. Other integer destinations, which the live run did not
	// cover, take TruncSaturate. spec.md, "PyTorch".
	TruncTorchCPU
	// TruncTorchCUDA is PyTorch's CUDA conversion into i8, u8, i32 and
	// i64: truncate and saturate into a 32-bit (i8, i32) or 64-bit (u8,
	// i64) signed integer, then keep the low bits. NaN gives 0 from a
	// float-or-narrower source into 32 bits and the minimum otherwise
	// (f64 sources, 64 bits). Other integer destinations take
	// TruncSaturate. spec.md, "PyTorch".
	TruncTorchCUDA
	// TruncMLDtypes is ml_dtypes' NumPy cast into i8 and i32 on x86-64:
	// static_cast through float, then the C++ conversion, which
	// truncates into 32 bits with x86's integer indefinite (the
	// minimum) for NaN, ±inf and values out of range, and keeps the low
	// bits; from ml_dtypes' 8-bit float types NaN gives 0 and ±inf the
	// destination's bounds first. Other integer destinations, and
	// NumPy's own types, take TruncSaturate. spec.md, "ml_dtypes through
	// NumPy".
	TruncMLDtypes
)

// IntToInt is how an integer (or bool) becomes an integer of another width
// or signedness.
type IntToInt uint8

const (
	// Wrap keeps the low N bits of the two's complement (C and C++
	// conversion, NumPy, OpenVINO's reference).
	Wrap IntToInt = iota
	// Saturate clamps to the destination's range (OpenVINO's CPU plugin).
	Saturate
)

// ComplexToReal is how a complex value becomes a real one.
type ComplexToReal uint8

const (
	// DropImag keeps the real part and discards the imaginary part (NumPy
	// with ComplexWarning, PyTorch, C++ std::real).
	DropImag ComplexToReal = iota
	// RefuseComplex returns an error for every complex to real conversion.
	RefuseComplex
)

// Quirks is a set of named departures from exact single rounding that a
// system's documented conversion has. Each is one bit; the zero value is
// none. They reproduce spec.md, OpenVINO §2.6-§2.7 (Convert-1 as
// implemented in OpenVINO core, which constant folding and the reference
// plugin use).
type Quirks uint16

const (
	// QuirkOVViaF32: f64 and integer sources reach f16, bf16, f8e4m3fn and
	// f8e5m2 through f32 (rounded to nearest even first), so they can
	// round twice (spec.md, OpenVINO §2.6, §2.7).
	QuirkOVViaF32 Quirks = 1 << iota
	// QuirkOVF8ViaF16: f8e4m3fn and f8e5m2 results are rounded from the
	// f32 value through f16 (RNE) (spec.md, OpenVINO §2.7: f32 0x3A800002
	// gives 0x00; 464.125 gives 448).
	QuirkOVF8ViaF16
	// QuirkOVBF16Round: bf16 results come from the f32 pattern b as
	// (b + ((b & 0x10000) >> 1)) >> 16 in 32-bit arithmetic: half-up when
	// the kept last bit is 1, truncation when it is 0, NaN and inf
	// unguarded (spec.md, OpenVINO §2.7, "→ bf16").
	QuirkOVBF16Round
	// QuirkOVF16NaN: a NaN into f16 keeps the sign and the top 10 payload
	// bits of its f32 form without setting the quiet bit; if those are
	// all zero the lowest mantissa bit is set (spec.md, OpenVINO §2.7,
	// "f32 → f16").
	QuirkOVF16NaN
	// QuirkOVE5M2NaN: an f16 NaN into f8e5m2 keeps the top byte of its
	// pattern, so a NaN whose payload is only in the low 8 bits becomes
	// ±inf (spec.md, OpenVINO §2.7, "→ f8e5m2").
	QuirkOVE5M2NaN
	// QuirkOVI32F16Clamp: i32 into f16 first clamps to ±65504, so it never
	// overflows to inf (spec.md, OpenVINO §2.6, convert<int32_t, float16>).
	QuirkOVI32F16Clamp

	// QuirkNarrowViaF32: f64, integer and bool sources reach bf16 and
	// the f8, f6, f4 and e8m0 formats through f32 (rounded to nearest
	// even first), so they can round twice: PyTorch's c10 types and
	// ml_dtypes' NumPy casts are built from a float (spec.md, "PyTorch",
	// "ml_dtypes through NumPy").
	QuirkNarrowViaF32
	// QuirkF16ViaF32: the same for f16 (PyTorch's c10::Half; NumPy's own
	// f16 conversion rounds once).
	QuirkF16ViaF32
	// QuirkE8M0Magnitude: into f8e8m0fnu the sign is dropped and ±0
	// gives 0x00 (the code of 2^-127), as PyTorch's
	// fp8e8m0fnu_from_fp32_value does (spec.md, "PyTorch").
	QuirkE8M0Magnitude

	// QuirksOpenVINO is every OpenVINO quirk.
	QuirksOpenVINO = QuirkOVViaF32 | QuirkOVF8ViaF16 | QuirkOVBF16Round | QuirkOVF16NaN |
		QuirkOVE5M2NaN | QuirkOVI32F16Clamp
)

// TypeSet is a set of dtypes, one bit per DType. The zero value means "no
// restriction" where a Policy uses it.
type TypeSet uint64

// TypesOf returns the set holding ds.
func TypesOf(ds ...dtype.DType) TypeSet {
	var s TypeSet
	for _, d := range ds {
		s |= 1 << d
	}
	return s
}

// Has reports whether d is in s.
func (s TypeSet) Has(d dtype.DType) bool { return d < 64 && s&(1<<d) != 0 }

// String lists the set's canonical names, comma-separated.
func (s TypeSet) String() string {
	var names []string
	for _, d := range dtype.All() {
		if s.Has(d) {
			names = append(names, d.String())
		}
	}
	return strings.Join(names, ", ")
}

// Policy says how every lossy case of a conversion is resolved. The zero
// value is the default policy (Default returns it): every field's zero
// value is the default choice. Policies are comparable with ==.
type Policy struct {
	// Rounding applies to float destinations.
	Rounding Rounding
	// Overflow applies to finite values past the destination's range and
	// to infinities in formats without infinity.
	Overflow Overflow
	// NaN applies to NaN into a destination that has NaN.
	NaN NaNMode
	// NoNaN applies to NaN into f4 and f6, which have none.
	NoNaN NoNaNMode
	// FloatToInt applies to float and e8m0 sources into integers.
	FloatToInt FloatToInt
	// IntToInt applies to integer and bool sources into integers.
	IntToInt IntToInt
	// ComplexToReal applies to complex sources into real destinations.
	ComplexToReal ComplexToReal
	// Quirks are a system's departures from single rounding.
	Quirks Quirks
	// Types, when non-zero, is the set of dtypes the policy knows; any
	// other source or destination is an error naming it (a system's
	// preset refuses a type the system does not have).
	Types TypeSet
}

// Conversions to bool are not a policy field: every system and the
// default make non-zero values true, NaN and ±inf included, ±0 false.

// Default returns the project's default policy (spec.md, "The default
// policy"): nearest-even; overflow to inf where the format has one, else
// NaN, else the largest finite value; NaN kept with sign and top payload
// bits and made quiet (ml_dtypes' sign-flipped zero in f4/f6); float to
// integer truncating and saturating with NaN to 0; integer to integer
// wrapping; complex to real dropping the imaginary part.
func Default() Policy { return Policy{} }

// OpenVINO returns the policy of OpenVINO's Convert-1 as implemented in
// OpenVINO core (spec.md, OpenVINO §2-§3): C++ casts (integers wrap,
// floats truncate into integers and wrap, which is what the documented
// x86 i8 path gives: 300.7 → 44, -129 → 127, NaN → 0), the bf16 rounding
// formula, f16 and f8 reached through f32 and f16, and only the element
// types Convert evaluates (§2.8).
func OpenVINO() Policy {
	return Policy{
		FloatToInt: TruncWrap,
		IntToInt:   Wrap,
		Quirks:     QuirksOpenVINO,
		Types: TypesOf(dtype.Bool, dtype.BF16, dtype.F16, dtype.F32, dtype.F64, dtype.I4, dtype.I8,
			dtype.I16, dtype.I32, dtype.I64, dtype.U1, dtype.U4, dtype.U8, dtype.U16, dtype.U32,
			dtype.U64, dtype.F8E4M3FN, dtype.F8E5M2),
	}
}

// KernelFloat returns the policy of kernel_float's casts
// (spec.md, kernel_float §6): nearest-even everywhere; fp8 results
// saturate to ±448 / ±57344 (finite values and infinities, NaN stays NaN)
// while half and bfloat16 overflow to inf; float to integer truncates
// (clamping with NaN to 0, as cuda_fp8.hpp documents for its intrinsics);
// integers wrap; only kernel_float's element types.
//
// Where kernel_float's results depend on the build (integer to bfloat16
// rounds twice through float on the host and below sm_80, once on sm_80+
// devices) this policy takes the single rounding of the device path.
func KernelFloat() Policy {
	return Policy{
		Overflow: OverflowSaturateSmall,
		Types: TypesOf(dtype.Bool, dtype.I8, dtype.I16, dtype.I32, dtype.I64, dtype.U8, dtype.U16,
			dtype.U32, dtype.U64, dtype.F16, dtype.BF16, dtype.F32, dtype.F64, dtype.F8E4M3FN, dtype.F8E5M2),
	}
}

// torchTypes are the dtypes PyTorch 2.11 converts between.
var torchTypes = TypesOf(dtype.Bool, dtype.U8, dtype.U16, dtype.U32, dtype.U64, dtype.I8, dtype.I16,
	dtype.I32, dtype.I64, dtype.F16, dtype.BF16, dtype.F32, dtype.F64, dtype.C32, dtype.C64, dtype.C128,
	dtype.F8E4M3FN, dtype.F8E5M2, dtype.F8E4M3FNUZ, dtype.F8E5M2FNUZ, dtype.F8E8M0FNU)

// TorchCUDA returns the policy of PyTorch's tensor conversions on a CUDA
// device (Tensor.to, checked against torch 2.11 on an H200): nearest-even
// rounding; f64 and the integers reach f16, bf16 and the f8 formats
// through f32; the NaN CUDA writes (NaNTorchCUDA); f8e8m0fnu encodes the
// magnitude; float to i8, u8, i32 and i64 saturating into 32 or 64 bits
// first (TruncTorchCUDA).
func TorchCUDA() Policy {
	return Policy{NaN: NaNTorchCUDA, FloatToInt: TruncTorchCUDA,
		Quirks: QuirkNarrowViaF32 | QuirkF16ViaF32 | QuirkE8M0Magnitude, Types: torchTypes}
}

// TorchCPU returns the policy of PyTorch's tensor conversions on the CPU
// (torch 2.11, x86-64): as TorchCUDA but with the NaN the CPU kernels
// write (NaNTorchCPU) and x86's float to integer conversion
// (TruncTorchCPU).
func TorchCPU() Policy {
	return Policy{NaN: NaNTorchCPU, FloatToInt: TruncTorchCPU,
		Quirks: QuirkNarrowViaF32 | QuirkF16ViaF32 | QuirkE8M0Magnitude, Types: torchTypes}
}

// MLDtypes returns the policy of NumPy's astype with ml_dtypes' types
// (ml_dtypes 0.6, NumPy 2.5): the default's rounding and overflow (they
// are ml_dtypes'), f64 and the integers reaching ml_dtypes' formats
// through f32 (QuirkNarrowViaF32), the NaN it writes (NaNMLDtypes) and
// the x86 conversion of its types into i8 and i32 (TruncMLDtypes).
func MLDtypes() Policy {
	return Policy{NaN: NaNMLDtypes, FloatToInt: TruncMLDtypes, Quirks: QuirkNarrowViaF32}
}

// presets are the named policies, in the order PolicyNames lists them.
var presets = []struct {
	name string
	p    func() Policy
}{
	{"default", Default},
	{"openvino", OpenVINO},
	{"kernel-float", KernelFloat},
	{"torch-cuda", TorchCUDA},
	{"torch-cpu", TorchCPU},
	{"ml-dtypes", MLDtypes},
	{"saturate", func() Policy {
		return Policy{Overflow: OverflowSaturate, IntToInt: Saturate}
	}},
	{"toward-zero", func() Policy { return Policy{Rounding: TowardZero} }},
}

// PolicyNames returns the names PolicyByName accepts.
func PolicyNames() []string {
	out := make([]string, len(presets))
	for i, p := range presets {
		out[i] = p.name
	}
	return out
}

// PolicyByName returns a named preset: "default", "openvino",
// "kernel-float", "torch-cuda", "torch-cpu", "ml-dtypes", "saturate" (every overflow saturates, integers clamp) or
// "toward-zero" (the default with rounding toward zero). Names are
// case-insensitive.
func PolicyByName(name string) (Policy, error) {
	key := strings.ToLower(strings.TrimSpace(name))
	for _, p := range presets {
		if p.name == key {
			return p.p(), nil
		}
	}
	return Policy{}, fmt.Errorf("convert: unknown policy %q (valid: %s)", name, strings.Join(PolicyNames(), ", "))
}
