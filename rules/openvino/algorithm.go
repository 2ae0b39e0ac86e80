package openvino

import (
	"fmt"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/kit"
)

// src is where R1..R11 come from: validate_and_infer_types of the current
// implementation, as restated in rules/openvino/spec.md §3.
const src = "openvinotoolkit/openvino src/core/src/op/convert_promote_types.cpp@cb272d55"

// The rules of ConvertPromoteTypes-14's type inference, in the order the
// code tries them; the first that applies decides.
var (
	R1 = &promote.Rule{ID: "R1", Source: src,
		Text: "both input element types must be supported: dynamic, boolean, bf16, f16, f32, f64, i4, i8, i16, i32, i64, u1, u4, u8, u16, u32, u64, f8e4m3, f8e5m2"}
	R2 = &promote.Rule{ID: "R2", Source: src,
		Text: "a dynamic input gives dynamic"}
	R3 = &promote.Rule{ID: "R3", Source: src,
		Text: "equal types give that type"}
	R4 = &promote.Rule{ID: "R4", Source: src,
		Text: "a boolean input_0 gives input_1's type"}
	R5 = &promote.Rule{ID: "R5", Source: src,
		Text: "a boolean input_1 gives input_0's type"}
	R6 = &promote.Rule{ID: "R6", Source: src,
		Text: "a float with an integer gives the float, if promote_unsafe or the float is at least twice as wide as the integer; otherwise an error"}
	R7 = &promote.Rule{ID: "R7", Source: src,
		Text: "pytorch_scalar_promotion: a dynamic rank gives dynamic; a rank-0 input with a ranked one gives the ranked input's type, if promote_unsafe or it passes the safe check (same sign and at least as wide, or a signed target with 2*bits(target) >= bits(scalar)); otherwise an error"}
	R8 = &promote.Rule{ID: "R8", Source: src,
		Text: "a signed with an unsigned integer of at most 32 bits gives the signed integer of max(2*bits(unsigned), bits(signed)) bits, if promote_unsafe or that is the signed one; u64 with a signed integer gives u64_integer_promotion_target if promote_unsafe; otherwise an error"}
	R9 = &promote.Rule{ID: "R9", Source: src,
		Text: "two types of the same kind and sign but different widths give the wider"}
	R10 = &promote.Rule{ID: "R10", Source: src,
		Text: "with promote_unsafe, f8e4m3 with f8e5m2 gives f16 and bf16 with f16 gives f32"}
	R11 = &promote.Rule{ID: "R11", Source: src,
		Text: "any other pair is an error"}
)

// The explanation strings of the NODE_VALIDATION_CHECKs that fail (E0 has
// none: OpenVINO reports the failed condition itself).
const (
	msgE0 = "Check 'is_type_supported(input_0_type) && is_type_supported(input_1_type)' failed"
	msgE1 = "Integer input cannot be safely promoted to floating-point."
	msgE2 = "Scalar input cannot be PyTorch-like promoted using safe promotion rules."
	msgE3 = "Unsigned integer input cannot be safely promoted into any supported signed integer."
	msgE4 = "Unsupported input element types for ConvertPromoteTypes with given attributes."
)

// elem is what the algorithm reads of an element type: element_type.cpp's
// bitwidth, is_real and is_signed (boolean counts as signed, 8 bits).
type elem struct {
	ok     bool // supported by ConvertPromoteTypes (R1)
	bits   int
	real   bool
	signed bool
}

// elems restates element_type.cpp @ba84c2a2 for the supported types (§2);
// every other catalogue entry is unsupported. OpenVINO's f8e4m3 is the
// catalogue's f8e4m3fn.
var elems = func() (t [dtype.Count]elem) {
	set := func(d dtype.DType, bits int, real, signed bool) { t[d] = elem{true, bits, real, signed} }
	set(dtype.Dynamic, 0, false, false)
	set(dtype.Bool, 8, false, true)
	set(dtype.BF16, 16, true, true)
	set(dtype.F16, 16, true, true)
	set(dtype.F32, 32, true, true)
	set(dtype.F64, 64, true, true)
	set(dtype.I4, 4, false, true)
	set(dtype.I8, 8, false, true)
	set(dtype.I16, 16, false, true)
	set(dtype.I32, 32, false, true)
	set(dtype.I64, 64, false, true)
	set(dtype.U1, 1, false, false)
	set(dtype.U4, 4, false, false)
	set(dtype.U8, 8, false, false)
	set(dtype.U16, 16, false, false)
	set(dtype.U32, 32, false, false)
	set(dtype.U64, 64, false, false)
	set(dtype.F8E4M3FN, 8, true, true)
	set(dtype.F8E5M2, 8, true, true)
	return t
}()

func info(d dtype.DType) elem {
	if !d.Valid() {
		return elem{}
	}
	return elems[d]
}

// Supported reports whether ConvertPromoteTypes accepts d as an input
// element type (R1).
func Supported(d dtype.DType) bool { return info(d).ok }

// intOf is the source's bitwidth_to_int: the signed integer of a width,
// i64 for any width it does not list.
func intOf(bits int) dtype.DType {
	switch bits {
	case 4:
		return dtype.I4
	case 8:
		return dtype.I8
	case 16:
		return dtype.I16
	case 32:
		return dtype.I32
	}
	return dtype.I64
}

// Ranks as R7 sees them: a static rank of 0, a static rank above 0, or a
// dynamic rank.
const (
	ranked = iota
	scalar
	dynRank
)

func rankClass(rank int) int {
	switch {
	case rank == 0:
		return scalar
	case rank == promote.RankDynamic:
		return dynRank
	}
	return ranked // RankPositive or a static rank >= 1: [1] is not a scalar
}

// attrs are the op's three attributes.
type attrs struct {
	unsafe bool        // promote_unsafe
	pt     bool        // pytorch_scalar_promotion
	tgt64  dtype.DType // u64_integer_promotion_target, never validated
}

func ok(d dtype.DType, r *promote.Rule) kit.Decision { return kit.Decision{Out: d, Rule: r} }

func fail(r *promote.Rule, msg string) kit.Decision { return kit.Decision{Rule: r, Msg: msg} }

// infer is validate_and_infer_types' element-type logic for inputs of types
// t0, t1 and ranks r0, r1 (promote.Operand ranks). Source: src, restated
// in spec.md §3; each step is commented with its rule.
func infer(a attrs, t0 dtype.DType, r0 int, t1 dtype.DType, r1 int) kit.Decision {
	e0, e1 := info(t0), info(t1)

	// R1: both types must be supported, checked before anything else, so
	// an unsupported type fails even next to dynamic. (E0)
	if !e0.ok || !e1.ok {
		return fail(R1, unsupportedMsg(t0, t1))
	}
	// R2: dynamic wins over everything.
	if t0 == dtype.Dynamic || t1 == dtype.Dynamic {
		return ok(dtype.Dynamic, R2)
	}
	// R3: equal types.
	if t0 == t1 {
		return ok(t0, R3)
	}
	// R4, R5: boolean yields to the other type.
	if t0 == dtype.Bool {
		return ok(t1, R4)
	}
	if t1 == dtype.Bool {
		return ok(t0, R5)
	}
	// R6: a float with an integer. Shapes play no part here, even in
	// pytorch mode. (E1)
	if e0.real != e1.real {
		f, ef, ei := t0, e0, e1
		if e1.real {
			f, ef, ei = t1, e1, e0
		}
		if a.unsafe || ef.bits >= 2*ei.bits {
			return ok(f, R6)
		}
		return fail(R6, msgE1)
	}
	// Both real or both integral from here on.

	// R7: PyTorch-like scalar promotion, by rank. (E2)
	if a.pt {
		c0, c1 := rankClass(r0), rankClass(r1)
		if c0 == dynRank || c1 == dynRank {
			// The current code cannot tell a scalar here, so the
			// type is left dynamic (the older one treated a dynamic
			// rank as ranked; spec.md §5).
			return ok(dtype.Dynamic, R7)
		}
		if c0 != c1 {
			target, et, es := t0, e0, e1 // the ranked input is the target
			if c0 == scalar {
				target, et, es = t1, e1, e0
			}
			if !a.unsafe {
				// The second clause is 2*bits(target) >= bits(scalar),
				// the reverse of R8's test; kept as the code has it
				// (spec.md §6 item 2).
				safe := (et.signed == es.signed && et.bits >= es.bits) ||
					(et.signed && !es.signed && 2*et.bits >= es.bits)
				if !safe {
					return fail(R7, msgE2)
				}
			}
			return ok(target, R7)
		}
		// Both rank 0 or both ranked: the ordinary rules decide.
	}
	// R8: signed with unsigned; only integers get here, since every real
	// type is signed. (E3)
	if e0.signed != e1.signed {
		u, s := e1.bits, e0.bits // bit widths of the unsigned and the signed input
		if !e0.signed {
			u, s = e0.bits, e1.bits
		}
		if u <= 32 && (a.unsafe || 2*u <= s) {
			return ok(intOf(max(2*u, s)), R8)
		}
		if !a.unsafe {
			return fail(R8, msgE3)
		}
		// Only u64 gets here: i128 does not exist, so the attribute
		// decides, returned as given without any check.
		return ok(a.tgt64, R8)
	}
	// R9: same kind and sign, different widths: the wider.
	if e0.bits != e1.bits {
		if e0.bits > e1.bits {
			return ok(t0, R9)
		}
		return ok(t1, R9)
	}
	// R10: the two same-width pairs that differ in layout, unsafe only.
	if a.unsafe {
		if isF8(t0) && isF8(t1) {
			return ok(dtype.F16, R10)
		}
		if isF16ish(t0) && isF16ish(t1) {
			return ok(dtype.F32, R10)
		}
	}
	// R11: nothing else applies. (E4)
	return fail(R11, msgE4)
}

func isF8(d dtype.DType) bool     { return d == dtype.F8E4M3FN || d == dtype.F8E5M2 }
func isF16ish(d dtype.DType) bool { return d == dtype.F16 || d == dtype.BF16 }

// unsupportedMsg is E0: OpenVINO's failed condition, then which input has
// which unsupported type. When both are unsupported it names input_0's
// type only (the error's operands show both), which keeps the compiled
// table's distinct messages few.
func unsupportedMsg(t0, t1 dtype.DType) string {
	switch {
	case !Supported(t0) && !Supported(t1):
		return fmt.Sprintf("%s: input_0 element type %s is not supported by ConvertPromoteTypes, nor is input_1's%s", msgE0, t0, note(t0))
	case !Supported(t0):
		return fmt.Sprintf("%s: input_0 element type %s is not supported by ConvertPromoteTypes%s", msgE0, t0, note(t0))
	}
	return fmt.Sprintf("%s: input_1 element type %s is not supported by ConvertPromoteTypes%s", msgE0, t1, note(t1))
}

// note explains the one unsupported type whose name looks supported:
// ml_dtypes' IEEE-style f8e4m3 is not OpenVINO's f8e4m3.
func note(d dtype.DType) string {
	if d == dtype.F8E4M3 {
		return " (this is ml_dtypes' IEEE-style float8_e4m3; OpenVINO's f8e4m3 is f8e4m3fn)"
	}
	return ""
}
