package dtype

import (
	"fmt"
	"sort"
	"strings"

	"github.com/promote-dev/promote/internal/clip"
)

// A Dialect is one system's spelling of dtype names. Parsing in a dialect
// reads a name as that system does: OpenVINO's "f8e4m3" is the OCP format
// without infinities (f8e4m3fn), NumPy's "float" is f64, PyTorch's "float"
// is f32.
//
// Resolution rule, in order (documented in docs/dtypes.md):
//  1. Case is ignored and surrounding space trimmed.
//  2. A system prefix (torch., np., numpy., jnp., tf., ml_dtypes., acl_,
//     dt_, ov::element::, element::) selects that system's dialect for the
//     rest of the name, whatever dialect the caller asked for.
//  3. The dialect's own spellings. Only one of them shadows a canonical
//     name: OpenVINO's "f8e4m3", which is the OCP format without infinities
//     (canonical f8e4m3fn), not ml_dtypes' IEEE-like float8_e4m3. The one
//     exception to rule 1: NumPy's one-letter codes "g" (longdouble, f80)
//     and "G" (clongdouble, c160) are told apart by their case.
//  4. Canonical names (the ones String prints).
//  5. The neutral spellings: those that mean one format in every system
//     that uses them.
//
// A spelling that means different formats in different systems and is not
// canonical ("float", "int", "long", "byte", "char", "complex") is refused
// by the Neutral dialect with an error that names each meaning.
type Dialect struct {
	name string
	own  map[string]DType
	// shown holds each own spelling as its system writes it ("_Bool",
	// "ComplexF32"), by its lowercased key in own, for errors and
	// listings; a key absent here is shown as it is (the built-in
	// dialects declare lowercase keys).
	shown map[string]string
	// prefixes are this dialect's own system prefixes ("tl.", "mx."),
	// stripped before its spellings are read. The built-in systems'
	// prefixes are in the package-level prefixes table instead, so that
	// every dialect knows them.
	prefixes []string
	// unsupported spellings of this system that name a type outside the
	// catalogue, with what the type is, so errors can say so.
	unsupported map[string]string
	// exact holds one-letter type codes matched with their case (NumPy's
	// "g" is longdouble, "G" clongdouble), read before own.
	exact map[string]DType
}

// NewDialect returns a dialect named name whose own spellings are own
// (keys are matched case-insensitively and shown as written) and whose spellings of types
// outside the catalogue are unsupported, each with what the type is, so
// that errors can say so. prefixes are the system's own name prefixes
// ("tl.", "mx."), stripped before a name is read in this dialect. It is
// for rule-set packages: call it once, at package initialisation, and never
// modify the maps afterwards.
func NewDialect(name string, prefixes []string, own map[string]DType, unsupported map[string]string) *Dialect {
	d := &Dialect{name: name, own: map[string]DType{}, shown: map[string]string{}, unsupported: map[string]string{}}
	for k, v := range own {
		key := strings.ToLower(k)
		d.own[key] = v
		if prev, ok := d.shown[key]; !ok || k < prev {
			d.shown[key] = k // of two spellings that differ in case only, the same one every run
		}
	}
	for k, v := range unsupported {
		d.unsupported[strings.ToLower(k)] = v
	}
	for _, p := range prefixes {
		d.prefixes = append(d.prefixes, strings.ToLower(p))
	}
	return d
}

// Name returns the dialect's name.
func (d *Dialect) Name() string { return d.name }

// String returns the dialect's name.
func (d *Dialect) String() string { return d.name }

// Error is returned by Parse for a name that does not resolve. It names the
// token, the dialect and what would have been valid.
type Error struct {
	Token   string
	Dialect string
	Reason  string
}

// Error implements error: the token (cut with an ellipsis and its length
// when it is long), the dialect and what is valid.
func (e *Error) Error() string {
	return fmt.Sprintf("unknown dtype %s (%s): %s", clip.Quote(e.Token), e.Dialect, e.Reason)
}

// Parse resolves s in the Neutral dialect.
func Parse(s string) (DType, error) { return Neutral.Parse(s) }

// Parse resolves s in dialect d by the rule in the Dialect doc comment.
func (d *Dialect) Parse(s string) (DType, error) {
	key := strings.ToLower(strings.TrimSpace(s))
	if key == "" {
		return Invalid, &Error{Token: s, Dialect: d.name, Reason: "empty name; " + d.hint()}
	}
	dial, rest := d, key
	for _, p := range prefixes {
		if strings.HasPrefix(key, p.prefix) && len(key) > len(p.prefix) {
			dial, rest = p.dialect, key[len(p.prefix):]
			break
		}
	}
	for _, p := range d.prefixes {
		if dial == d && strings.HasPrefix(key, p) && len(key) > len(p) {
			rest = key[len(p):]
			break
		}
	}
	if len(rest) > 1 && strings.ContainsRune("<>=|", rune(rest[0])) {
		// A NumPy array-protocol type string such as "<f4" or "|b1": the
		// byte-order mark makes the NumPy reading certain.
		if t, ok := typestr[rest[1:]]; ok {
			return t, nil
		}
	}
	if len(rest) == 1 && dial.exact != nil {
		// A one-letter type code whose case matters (NumPy's g and G).
		orig := strings.TrimSpace(s)
		if t, ok := dial.exact[orig[len(orig)-1:]]; ok {
			return t, nil
		}
	}
	if t, ok := dial.own[rest]; ok {
		return t, nil
	}
	if t, ok := canonical[rest]; ok {
		return t, nil
	}
	if what, ok := dial.unsupported[rest]; ok {
		return Invalid, &Error{Token: s, Dialect: dial.name, Reason: what + ", which is not in promote's catalogue; " + dial.hint()}
	}
	if t, ok := neutral[rest]; ok {
		return t, nil
	}
	if meanings, ok := ambiguous[rest]; ok && dial == Neutral {
		return Invalid, &Error{Token: s, Dialect: dial.name, Reason: "this spelling means " + meanings + "; write the canonical name, or pick a rule set whose system spells it this way"}
	}
	if what, ok := Neutral.unsupported[rest]; ok {
		return Invalid, &Error{Token: s, Dialect: dial.name, Reason: what + ", which is not in promote's catalogue; " + dial.hint()}
	}
	reason := dial.hint()
	if near := dial.suggest(rest); near != "" {
		reason = "did you mean " + near + "? " + reason
	}
	return Invalid, &Error{Token: s, Dialect: dial.name, Reason: reason}
}

// commonNames are the canonical names a parse error lists; the rest of the
// catalogue (the sub-byte and 8-bit floats, the narrow integers) is
// counted, not listed, so that the error stays a readable line.
var commonNames = []DType{Bool, I8, I16, I32, I64, U8, U16, U32, U64, F16, BF16, F32, F64, C64, C128}

// ownListed bounds how many of a dialect's own spellings a parse error
// lists.
const ownListed = 32

// hint says what is valid, for a parse error in dialect d. A system's
// dialect lists its own spellings (so that under -rules numpy the error
// lists NumPy's names, not the whole catalogue), then the common canonical
// names with a count of the others; every part is bounded. A dialect with
// no spellings of its own (Neutral, TensorFlow) lists the catalogue.
func (d *Dialect) hint() string {
	var b strings.Builder
	if len(d.own) > 0 && d != Neutral {
		own := make([]string, 0, len(d.own))
		for k := range d.own {
			own = append(own, k)
		}
		sort.Strings(own)
		b.WriteString(d.name)
		b.WriteString(" spells ")
		for i, k := range own {
			if i == ownListed && len(own) > ownListed+1 {
				fmt.Fprintf(&b, ", … and %d more", len(own)-i)
				break
			}
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(d.show(k))
		}
		b.WriteString("; canonical names are ")
	} else {
		// The neutral reading takes every catalogue name, so its error
		// lists them all (one short line: the catalogue is small).
		b.WriteString("valid names are ")
		for i, t := range All() {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(t.String())
		}
		b.WriteString(", and the spellings the reference systems use (float32, torch.half, ACL_FLOAT, s8, ui8, pred, bfloat16, float8_e4m3fn, complex64, ...)")
		return b.String()
	}
	for i, t := range commonNames {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(t.String())
	}
	fmt.Fprintf(&b, " and %d more (promote dtypes lists every name)", len(All())-len(commonNames))
	return b.String()
}

// show returns own spelling key (lowercased) as the system writes it.
func (d *Dialect) show(key string) string {
	if s, ok := d.shown[key]; ok {
		return s
	}
	return key
}

// Spellings returns every spelling that resolves to t in dialect d (the
// canonical name first, then the rest sorted), each as its system writes
// it.
func (d *Dialect) Spellings(t DType) []string {
	seen := map[string]bool{t.String(): true}
	var rest []string
	add := func(m map[string]DType, show func(string) string) {
		for k, v := range m {
			if v == t && !seen[strings.ToLower(k)] {
				seen[strings.ToLower(k)] = true
				rest = append(rest, show(k))
			}
		}
	}
	same := func(k string) string { return k }
	add(d.exact, same)
	add(d.own, d.show)
	add(neutral, same)
	sort.Strings(rest)
	return append([]string{t.String()}, rest...)
}

var canonical = func() map[string]DType {
	m := make(map[string]DType, Count)
	for _, d := range All() {
		m[d.String()] = d
	}
	return m
}()

// neutral holds spellings that mean one format wherever they are used.
// Sources: ml_dtypes README (float8_*, float4_e2m1fn, float6_*, int2/int4,
// uint1/2/4); NumPy and PyTorch dtype names (torch.int1-7, uint1-7,
// float4_e2m1fn_x2 in c10/core/ScalarType.h); CANN aclDataType short names
// (s8, s16, ...; rules/cann/spec.md §8); StableHLO/tengen
// (i1, pred, ui8, ...); OpenVINO IR precisions (FP16, FP32, I64, BOOL, ...).
var neutral = map[string]DType{
	"boolean": Bool, "pred": Bool, "i1": Bool, "b1": Bool, "bool_": Bool, "logical": Bool,
	"int1": I1, "int2": I2, "int3": I3, "int4": I4, "int5": I5, "int6": I6, "int7": I7, "s4": I4,
	"int8": I8, "s8": I8, "int16": I16, "s16": I16, "int32": I32, "s32": I32, "int64": I64, "s64": I64,
	"uint1": U1, "uint2": U2, "uint3": U3, "uint4": U4, "uint5": U5, "uint6": U6, "uint7": U7,
	"uint8": U8, "ui8": U8, "uint16": U16, "ui16": U16, "uint32": U32, "ui32": U32, "uint64": U64, "ui64": U64,
	"int8_t": I8, "int16_t": I16, "int32_t": I32, "int64_t": I64,
	"uint8_t": U8, "uint16_t": U16, "uint32_t": U32, "uint64_t": U64,
	"float4_e2m1fn": F4E2M1FN, "float4_e2m1fn_x2": F4E2M1FNX2, "float6_e2m3fn": F6E2M3FN, "float6_e3m2fn": F6E3M2FN,
	"float8_e3m4": F8E3M4, "float8_e4m3": F8E4M3, "float8_e4m3fn": F8E4M3FN,
	"float8_e4m3fnuz": F8E4M3FNUZ, "float8_e4m3b11fnuz": F8E4M3B11FNUZ, "float8_e4m3b11": F8E4M3B11FNUZ,
	"float8_e5m2": F8E5M2, "float8_e5m2fnuz": F8E5M2FNUZ, "float8_e8m0fnu": F8E8M0FNU,
	// Triton's own E4M3 with bias 15 (tl.float8e4b15, str() fp8e4b15).
	"float8e4b15": F8E4M3B15, "fp8e4b15": F8E4M3B15,
	"f8e8m0": F8E8M0FNU, "f4e2m1": F4E2M1FN, "f6e2m3": F6E2M3FN, "f6e3m2": F6E3M2FN,
	"float16": F16, "half": F16, "fp16": F16, "bfloat16": BF16, "fp32": F32, "float32": F32,
	"single": F32, "float64": F64, "double": F64, "fp64": F64,
	"complex32": C32, "chalf": C32, "complex64": C64, "cfloat": C64, "complex128": C128, "cdouble": C128,
	// The x87 extended format has one name that means nothing else;
	// ml_dtypes 0.6.0 and PyTorch name the bf16 complex type alike.
	"float80": F80, "bcomplex32": BC32,
	// OpenVINO IR precision names not already covered.
	"i4": I4, "u1": U1,
}

// ambiguous lists spellings that mean different formats in different
// systems, with the meanings, for the Neutral dialect's error.
var ambiguous = map[string]string{
	"float":   "f32 in C, C++ and PyTorch (torch.float) but f64 in NumPy (np.dtype(float))",
	"int":     "i32 in C, C++ and PyTorch (torch.int) but i64 in NumPy (np.dtype(int))",
	"long":    "i64 in PyTorch and NumPy on Linux but i32 on Windows and in Java",
	"byte":    "u8 in PyTorch (torch.byte) but i8 in NumPy (np.byte)",
	"char":    "i8 in PyTorch (torch.char) and C on x86, but a distinct type in kernel_float",
	"complex": "c128 in NumPy and Python but a template in C++",
	"f8":      "f64 as a NumPy type code but an 8-bit float in kernel_float's tables",
	"f4":      "f32 as a NumPy type code but a 4-bit float elsewhere",
	"f2":      "f16 as a NumPy type code",
	// C's long double depends on the platform (System V x86-64 psABI: the
	// x87 format in 16 bytes; AAPCS64: IEEE binary128; MSVC and Apple
	// arm64: the same as double), and NumPy names it by its storage.
	"longdouble":  longDouble,
	"long double": longDouble,
	"long_double": longDouble,
	"float128":    "f80 in NumPy on x86-64 Linux (np.float128 is the x87 long double in 16 bytes) but IEEE binary128 in C (_Float128) and on aarch64 Linux",
	"clongdouble": "c160 in NumPy on x86-64 Linux but complex binary128 on aarch64 Linux and c128 on Windows and macOS arm64",
	"complex256":  "c160 in NumPy on x86-64 Linux (two x87 long doubles in 32 bytes) but complex binary128 elsewhere",
}

// longDouble is what C's long double means on each platform.
const longDouble = "f80 (the x87 extended format) with GCC and Clang on x86-64 Linux and in NumPy there, but IEEE binary128 on aarch64 Linux and f64 with MSVC and on macOS arm64"

// The dialects. Their own spellings come from each system's sources, named
// at each table.
var (
	// Neutral reads canonical and system-independent spellings only.
	Neutral = &Dialect{name: "neutral", unsupported: map[string]string{
		"string":   "a string type",
		"hifloat8": "Huawei's HiFloat8", "float4_e1m2": "the FP4 E1M2 format",
		"nf4":       "OpenVINO's NF4 lookup-table format",
		"undefined": "OpenVINO's undefined element type",
	}}

	// OpenVINO: element::Type names (src/core/src/type/element_type.cpp
	// @ba84c2a2). Its f8e4m3 is the OCP format without inf (ml_dtypes'
	// float8_e4m3fn), as OpenVINO's ov::element::f8e4m3 documents.
	OpenVINO = &Dialect{name: "openvino", own: map[string]DType{
		"f8e4m3": F8E4M3FN, "f8e5m2": F8E5M2, "f8e8m0": F8E8M0FNU, "f4e2m1": F4E2M1FN,
		"boolean": Bool, "fp8": F8E4M3FN,
	}, unsupported: map[string]string{
		"nf4": "OpenVINO's NF4 lookup-table format", "u3": "a 3-bit unsigned integer",
		"u6": "a 6-bit unsigned integer", "string": "a string type", "undefined": "OpenVINO's undefined element type",
	}}

	// NumPy: np.dtype names and type codes on 64-bit Linux (NumPy 2:
	// int is intp = int64, float is float64, long is int64). On x86-64
	// Linux longdouble is the x87 format in 16 bytes (so float128,
	// complex256 and the type strings <f16 and <c32 name f80 and c160);
	// longfloat, clongfloat and longcomplex are NumPy 1.x's aliases of
	// longdouble and clongdouble (removed in NumPy 2.0, NEP 52).
	NumPy = &Dialect{name: "numpy", exact: map[string]DType{"g": F80, "G": C160}, own: map[string]DType{
		"float": F64, "int": I64, "complex": C128, "long": I64, "longlong": I64, "intp": I64, "int_": I64,
		"uint": U64, "ulong": U64, "ulonglong": U64, "uintp": U64,
		"intc": I32, "uintc": U32, "short": I16, "ushort": U16, "byte": I8, "ubyte": U8,
		"float_": F64, "csingle": C64, "cdouble": C128, "complex_": C128, "cfloat": C128,
		// Type codes that are not canonical names (i2, u4, ... are, and
		// keep their canonical meaning; write "<i2" for NumPy's int16).
		"b1": Bool, "i1": I8, "f2": F16, "f4": F32, "f8": F64, "c8": C64, "c16": C128,
		"longdouble": F80, "float128": F80, "longfloat": F80,
		"clongdouble": C160, "complex256": C160, "clongfloat": C160, "longcomplex": C160,
	}, unsupported: map[string]string{
		"object": "Python objects",
	}}

	// PyTorch: torch.* dtype names and their legacy aliases
	// (torch/headeronly/core/ScalarType.h @01ff2f52).
	PyTorch = &Dialect{name: "pytorch", own: map[string]DType{
		"float": F32, "double": F64, "half": F16, "int": I32, "long": I64, "short": I16,
		"char": I8, "byte": U8, "cfloat": C64, "cdouble": C128, "chalf": C32,
		// torch.bit is torch.uint1 (PR #117208).
		"bit": U1,
	}, unsupported: map[string]string{
		"qint8": "a quantized type", "quint8": "a quantized type", "qint32": "a quantized type",
		"quint4x2": "a quantized type", "quint2x4": "a quantized type",
		"bits1x8": "a bits type", "bits2x4": "a bits type", "bits4x2": "a bits type", "bits8": "a bits type", "bits16": "a bits type",
		"float8_e8m0fnu_x4": "a packed group of E8M0 values",
	}}

	// CANN: aclDataType (hicann/runtime acl_base_rt.h @31e824c9) without
	// its ACL_ prefix, and ge::DataType without DT_.
	CANN = &Dialect{name: "cann", own: map[string]DType{
		"float": F32, "float16": F16, "double": F64, "bf16": BF16,
		"int8": I8, "int16": I16, "int32": I32, "int64": I64,
		"uint8": U8, "uint16": U16, "uint32": U32, "uint64": U64,
		"complex32": C32, "complex64": C64, "complex128": C128, "bool": Bool,
		"int4": I4, "uint1": U1, "int2": I2, "uint2": U2,
		"float8_e5m2": F8E5M2, "float8_e4m3fn": F8E4M3FN, "float8_e8m0": F8E8M0FNU,
		"float6_e3m2": F6E3M2FN, "float6_e2m3": F6E2M3FN, "float4_e2m1": F4E2M1FN,
	}, unsupported: map[string]string{
		"hifloat8": "Huawei's HiFloat8", "float4_e1m2": "the FP4 E1M2 format", "hifloat4": "Huawei's HiFloat4",
		"string": "a string type", "dt_undefined": "the undefined type", "undefined": "the undefined type",
	}}

	// CPP: C++ and CUDA type names as kernel_float uses them (LP64:
	// long is 64-bit). long and long long are distinct types of one
	// format (clong and i64), and plain char a third char type (cchar),
	// as kernel_float's promote_type tells them apart. long double is the
	// x87 extended format, as on x86-64 Linux (System V x86-64 psABI
	// §3.1.2).
	CPP = &Dialect{name: "c++", own: map[string]DType{
		"float": F32, "double": F64, "int": I32, "long": CLong, "long_int": CLong, "longlong": I64, "long_long": I64,
		"short": I16, "char": CChar, "signed_char": I8, "unsigned_char": U8, "unsigned": U32,
		"unsigned_int": U32, "unsigned_short": U16, "unsigned_long": CULong, "unsigned_long_long": U64, "size_t": CULong,
		"__half": F16, "half_t": F16, "__nv_bfloat16": BF16, "bfloat16_t": BF16, "__hip_bfloat16": BF16,
		"__nv_fp8_e4m3": F8E4M3FN, "__nv_fp8_e5m2": F8E5M2, "e4m3": F8E4M3FN, "e5m2": F8E5M2,
		"long double": F80, "long_double": F80, "ldbl": F80,
	}}

	// R: the tengen/StableHLO spellings anvil uses, and R's storage modes.
	R = &Dialect{name: "r", own: map[string]DType{
		"integer": I32, "double": F64, "numeric": F64, "logical": Bool,
	}}

	// TensorFlow: tf.* dtype names (tf.half, tf.double; Python ints are
	// int32 by default there, but as a dtype name "int" is not TF's).
	TensorFlow = &Dialect{name: "tensorflow", own: map[string]DType{}, unsupported: map[string]string{
		"string": "tf.string", "qint8": "a quantized type", "quint8": "a quantized type", "qint16": "a quantized type",
		"quint16": "a quantized type", "qint32": "a quantized type", "resource": "tf.resource", "variant": "tf.variant",
	}}
)

// typestr maps NumPy type codes (kind letter and size in bytes) to dtypes.
var typestr = map[string]DType{
	"b1": Bool, "i1": I8, "i2": I16, "i4": I32, "i8": I64, "u1": U8, "u2": U16, "u4": U32, "u8": U64,
	"f2": F16, "f4": F32, "f8": F64, "c8": C64, "c16": C128,
	// longdouble and clongdouble on x86-64 Linux (16 and 32 bytes).
	"f16": F80, "c32": C160,
}

var prefixes = []struct {
	prefix  string
	dialect *Dialect
}{
	{"torch.", PyTorch},
	{"numpy.", NumPy},
	{"np.", NumPy},
	{"jnp.", NumPy},
	{"jax.numpy.", NumPy},
	{"tf.", TensorFlow},
	{"ml_dtypes.", Neutral},
	{"acl_", CANN},
	{"dt_", CANN},
	{"ov::element::", OpenVINO},
	{"element::", OpenVINO},
}
