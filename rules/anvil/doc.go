// Package anvil is the rule set of {anvil}, the R package for JAX-style
// array programs on XLA: its dtype promotion (common_dtype) with the
// ambiguous types that R literals and explicitly ambiguous arrays carry,
// folded left to right over many operands (common_type_info).
//
// The R package was renamed from anvil to anvl in r-xla/anvil commit
// 259318ad (2026-04-23); its promotion code did not change, and this rule
// set keeps the name anvil.
//
// # Versions
//
// The option version is 0.4 (the default) for every release, whose
// ambiguity system this page describes, or main for r-xla/anvl's
// unreleased development version (R/promotion.R@06aa26a6), where an R
// value (1L, 2, TRUE, or the weak operands i32?, f32?, bool?) takes the
// dtype it meets when that dtype's category is at least its own, results
// are never ambiguous, a signed integer with ui64 has no common dtype, and
// f16, bf16, c64 and c128 exist (spec.md, "Versions").
//
// # Sources
//
//   - r-xla/anvil at ef9f93aa6e3fd48613219e618b7c3578d596ab6b (package anvl),
//     R/promotion.R: common_dtype, common_type_info, promote_dt_known,
//     promote_dt_ambiguous, promote_dt_ambiguous_to_known, default_dtype.
//     The file is unchanged since c273815b, the last commit under the name
//     anvil, and its logic dates from 477ea167.
//   - R/array.R, R/jit.R: R literals in a traced function are ambiguous
//     unless they are logical (1L is i32?, 2 is f32?, TRUE is bool);
//     nv_scalar(x, dtype = ...) arrays are known unless made ambiguous.
//   - tengen 0.2.0 (r-xla/tengen 4adc1c2), the dtype set anvl@ef9f93aa is
//     written against: bool (pred, i1), i8..i64, ui8..ui64, f32, f64. Any
//     other dtype is refused with tengen's "Unsupported dtype" error.
//   - The restatement these rules were written from:
//     rules/anvil/spec.md.
//
// # Where anvil's documents and its code disagree
//
// This package follows the code. Each point is a named test.
//
//  1. The type-promotion vignette (lines 71-74) says common_dtype("f32",
//     "f64", FALSE, TRUE) gives f64. The code gives a known f32: an
//     ambiguous float yields to a known float, even a narrower one.
//  2. The vignette (line 88) says that when the ambiguous side wins, the
//     known side is promoted to the ambiguous side's default type. The
//     code keeps the ambiguous side's own dtype: i16? with bool is i16?,
//     f64? with i32 is f64?.
//  3. Comments say ambiguous types are only i32 or f32 and never unsigned;
//     the public API reaches ui8?, f64? and (from comparisons) bool?, and
//     the rules handle them like any other dtype.
//  4. A logical literal in a traced body is a known bool, while a logical
//     passed as a jit() argument is bool? (write that as the tensor bool?).
//  5. LiteralArray's documentation says a double literal takes the
//     backend's default float; the code always makes it f32.
//
// # Operands
//
// A tensor or typed scalar (i16(2), nv_scalar(2L, dtype = "i16")) is
// known; a trailing ? makes it ambiguous. Literals are read as R reads
// them: 1L is an R integer (i32?), any other number is an R double (f32?),
// true and false are R's TRUE and FALSE (bool, known). Shapes play no part
// in promotion here; anvil checks them separately when it broadcasts.
package anvil
