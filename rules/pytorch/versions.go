package pytorch

import (
	"fmt"
	"strings"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/kit"
)

// The PyTorch releases the rule set models (versions.md). The newest is
// the default.
const (
	Version214 = "2.14"
	Version26  = "2.6"
	Version113 = "1.13"
)

// Versions lists the version option's values, newest first.
var Versions = []string{Version214, Version26, Version113}

// release is what one PyTorch version's promotion is made of: the dtypes
// it has, how promoteTypes runs, its lookup table, what toComplexType
// gives bfloat16, and how a Python int past int64 becomes a Scalar. The
// steps and messages shared by every version live in promotetypes.go,
// category.go and operands.go; a release only says where it differs.
// Releases are built once at init and never change.
type release struct {
	name string // "2.14"
	tag  string // the upstream tag read: "v2.14.1"

	// has marks the catalogue dtypes this version has a ScalarType for.
	has [dtype.Count]bool

	// tableOnly is 1.13's promoteTypes: no same-type, Float8 or
	// barebones-unsigned steps, only the enum-indexed lookup table
	// (c10/core/ScalarType.h:392-449 at v1.13.1).
	tableOnly bool

	// axes and lookup are promoteTypes' table: axes in c10's index2dtype
	// order, lookup[i][j] the result for axes[i] with axes[j].
	axes   []dtype.DType
	lookup [][]dtype.DType

	// bf16Complex is toComplexType(BFloat16): complex64 before PR
	// #173783, bcomplex32 after.
	bf16Complex dtype.DType

	// wideInts: a Python int in [2^63, 2^64) becomes a uint64 Scalar
	// (2.x). Without it every int outside int64 is refused (1.13).
	wideInts bool

	// The rules whose text or source differs between versions.
	ruleTable      *promote.Rule // the lookup table
	ruleComplexOf  *promote.Rule // complex lower slot, floating higher
	ruleIntOutside *promote.Rule // a Python int outside what the version takes

	table *kit.PairTable // promoteTypes over every catalogue pair
}

// classicAxes are the 13 dtypes of promoteTypes' table, in c10's order
// (index2dtype), from 1.13 to 2.6 (2.14 appends BComplex32: axes214).
var classicAxes = []dtype.DType{
	dtype.U8, dtype.I8, dtype.I16, dtype.I32, dtype.I64,
	dtype.F16, dtype.F32, dtype.F64, dtype.C32, dtype.C64, dtype.C128,
	dtype.Bool, dtype.BF16,
}

// classicLookup is the 13x13 table over classicAxes. It is the same in
// 1.13 (c10/core/ScalarType.h:430-447, the catalogue's rows of its 16x16
// table), 2.6 (c10/core/ScalarType.cpp:112-125) and 2.14 (live). It is
// symmetric. Note int64 + float16 = float16 (the float wins whatever the
// widths), bfloat16 + float16 = float32, bfloat16 + complex32 = complex64.
func classicLookup() [][]dtype.DType {
	const (
		u1 = dtype.U8
		i1 = dtype.I8
		i2 = dtype.I16
		i4 = dtype.I32
		i8 = dtype.I64
		f2 = dtype.F16
		f4 = dtype.F32
		f8 = dtype.F64
		c2 = dtype.C32
		c4 = dtype.C64
		c8 = dtype.C128
		b1 = dtype.Bool
		bf = dtype.BF16
	)
	return [][]dtype.DType{
		//      u1  i1  i2  i4  i8  f2  f4  f8  c2  c4  c8  b1  bf
		/*u1*/ {u1, i2, i2, i4, i8, f2, f4, f8, c2, c4, c8, u1, bf},
		/*i1*/ {i2, i1, i2, i4, i8, f2, f4, f8, c2, c4, c8, i1, bf},
		/*i2*/ {i2, i2, i2, i4, i8, f2, f4, f8, c2, c4, c8, i2, bf},
		/*i4*/ {i4, i4, i4, i4, i8, f2, f4, f8, c2, c4, c8, i4, bf},
		/*i8*/ {i8, i8, i8, i8, i8, f2, f4, f8, c2, c4, c8, i8, bf},
		/*f2*/ {f2, f2, f2, f2, f2, f2, f4, f8, c2, c4, c8, f2, f4},
		/*f4*/ {f4, f4, f4, f4, f4, f4, f4, f8, c4, c4, c8, f4, f4},
		/*f8*/ {f8, f8, f8, f8, f8, f8, f8, f8, c8, c8, c8, f8, f8},
		/*c2*/ {c2, c2, c2, c2, c2, c2, c4, c8, c2, c4, c8, c2, c4},
		/*c4*/ {c4, c4, c4, c4, c4, c4, c4, c8, c4, c4, c8, c4, c4},
		/*c8*/ {c8, c8, c8, c8, c8, c8, c8, c8, c8, c8, c8, c8, c8},
		/*b1*/ {u1, i1, i2, i4, i8, f2, f4, f8, c2, c4, c8, b1, bf},
		/*bf*/ {bf, bf, bf, bf, bf, f4, f4, f8, c4, c4, c8, bf, bf},
	}
}

// axes214 are 2.14's table axes: the classic 13 and BComplex32.
var axes214 = append(append([]dtype.DType(nil), classicAxes...), dtype.BC32)

// lookup214 is 2.14's 14x14 table: the classic one with a row and column
// for bcomplex32, as the live torch 2.14.1 answers all 196 cells
// (versions.md §2): bcomplex32 with an integer, bool, bfloat16 or itself
// stays bcomplex32; with float16, float32, complex32 or complex64 it is
// complex64; with float64 or complex128, complex128.
func lookup214() [][]dtype.DType {
	l := classicLookup()
	bc := make([]dtype.DType, 0, len(axes214))
	for _, d := range classicAxes {
		switch d {
		case dtype.F16, dtype.F32, dtype.C32, dtype.C64:
			bc = append(bc, dtype.C64)
		case dtype.F64, dtype.C128:
			bc = append(bc, dtype.C128)
		default:
			bc = append(bc, dtype.BC32)
		}
	}
	bc = append(bc, dtype.BC32)
	for i := range l {
		l[i] = append(l[i], bc[i])
	}
	return append(l, bc)
}

// dtypes2x are the catalogue dtypes 2.6 added to 1.13's: the four Float8
// types, the uint16/32/64 shell types, uint1-7 and int1-7 as the
// catalogue has them (c10/core/ScalarType.h:85-105 at v2.6.0).
var dtypes2x = []dtype.DType{
	dtype.F8E5M2, dtype.F8E4M3FN, dtype.F8E5M2FNUZ, dtype.F8E4M3FNUZ,
	dtype.U16, dtype.U32, dtype.U64,
	dtype.U1, dtype.U2, dtype.U4, dtype.I2, dtype.I4,
}

func dtypeSet(lists ...[]dtype.DType) (s [dtype.Count]bool) {
	for _, l := range lists {
		for _, d := range l {
			s[d] = true
		}
	}
	return s
}

// The three releases, newest first (the order of Versions).
var releases = func() []*release {
	v113 := &release{
		name: Version113, tag: "v1.13.1",
		has:       has113,
		tableOnly: true,
		axes:      classicAxes, lookup: classicLookup(),
		bf16Complex: dtype.C64,
		ruleTable: &promote.Rule{ID: "table",
			Text:   "torch 1.13's promoteTypes is one lookup in a table indexed by ScalarType (its 13 non-quantized dtypes: uint8, int8-64, float16/32/64, complex32/64/128, bool, bfloat16); its diagonal gives a dtype with itself",
			Source: src113Promote},
		ruleComplexOf: complexOfRule(srcPredicate113, "f16->c32, bf16->c64, f32->c64, f64->c128"),
		ruleIntOutside: &promote.Rule{ID: "python-int-overflow",
			Text:   "torch 1.13 unpacks every Python int as an int64: one outside [-2^63, 2^63) is a RuntimeError, Overflow when unpacking long (no uint64 Scalar before 2.x)",
			Source: src113Scalar},
	}
	v26 := &release{
		name: Version26, tag: "v2.6.0",
		has:  has26,
		axes: classicAxes, lookup: classicLookup(),
		bf16Complex: dtype.C64,
		wideInts:    true,
		ruleTable: &promote.Rule{ID: "table",
			Text:   "the 13x13 lookup table over uint8, int8-64, float16/32/64, complex32/64/128, bool, bfloat16",
			Source: src26File + ":112-125 (promoteTypes, _promoteTypesLookup)"},
		ruleComplexOf:  complexOfRule(srcPredicate26, "f16->c32, bf16->c64, f32->c64, f64->c128"),
		ruleIntOutside: ruleIntOverflow2x,
	}
	v214 := &release{
		name: Version214, tag: "v2.14.1",
		has:  has214,
		axes: axes214, lookup: lookup214(),
		bf16Complex: dtype.BC32,
		wideInts:    true,
		ruleTable: &promote.Rule{ID: "table",
			Text:   "the 14x14 lookup table over uint8, int8-64, float16/32/64, complex32/64/128, bool, bfloat16 and bcomplex32 (bcomplex32 with an integer, bool or bfloat16 stays bcomplex32; with float16/32 or complex32/64 it is complex64)",
			Source: src214Promote},
		ruleComplexOf: complexOfRule(srcPredicate214+"; pytorch/pytorch PR #173783 (torch.bcomplex32); v2.14.1 torch/_prims_common/__init__.py:1193-1198",
			"f16->c32, bf16->bc32 (was c64 before PR #173783), f32->c64, f64->c128"),
		ruleIntOutside: ruleIntOverflow2x,
	}
	rs := []*release{v214, v26, v113}
	for _, r := range rs {
		r.table = kit.NewPairTable(Name, r.decide)
	}
	return rs
}()

// The dtypes of each version, newest first; a refusal names the versions
// that have the dtype it refuses.
var (
	has113 = dtypeSet(classicAxes)
	has26  = dtypeSet(classicAxes, dtypes2x)
	has214 = dtypeSet(classicAxes, dtypes2x, []dtype.DType{dtype.F8E8M0FNU, dtype.BC32})

	dtypeSets = []struct {
		version string
		has     *[dtype.Count]bool
	}{{Version214, &has214}, {Version26, &has26}, {Version113, &has113}}
)

// complexOfRule is combine_categories' complex-lower, floating-higher
// rule with one version's toComplexType mapping.
func complexOfRule(predicates, mapping string) *promote.Rule {
	return &promote.Rule{ID: "complex-lower-floating-higher",
		Text:   "complex lower slot with floating higher: complex of the higher's precision (toComplexType: " + mapping + "), not promoteTypes",
		Source: srcResult + " combine_categories; toComplexType in " + predicates}
}

// latest is the default release.
var latest = releases[0]

// releaseOf returns the named release, or an error listing the versions.
func releaseOf(version string) (*release, error) {
	for _, r := range releases {
		if r.name == version {
			return r, nil
		}
	}
	return nil, fmt.Errorf("%s: unknown version %q (valid: %s)", Name, version, strings.Join(Versions, ", "))
}

// index returns d's axis in the version's table, or -1 (c10's
// dtype2index).
func (r *release) index(d dtype.DType) int {
	for i, a := range r.axes {
		if a == d {
			return i
		}
	}
	return -1
}

// Has reports whether this version of PyTorch has a ScalarType for d.
func (r *release) Has(d dtype.DType) bool { return d.Valid() && r.has[d] }

// toComplex is the version's c10::toComplexType for the catalogue: the
// complex type of a float's precision (a complex type maps to itself).
// Other dtypes have none; c10 raises, and the caller reports to-complex.
func (r *release) toComplex(d dtype.DType) (dtype.DType, bool) {
	switch d {
	case dtype.BF16:
		return r.bf16Complex, true
	case dtype.F16, dtype.C32:
		return dtype.C32, true
	case dtype.BC32:
		return dtype.BC32, r.has[dtype.BC32]
	case dtype.F32, dtype.C64:
		return dtype.C64, true
	case dtype.F64, dtype.C128:
		return dtype.C128, true
	}
	return dtype.Invalid, false
}

// noDTypeMsg refuses a dtype the version lacks: by name, and with the
// versions that have it, when some do.
func (r *release) noDTypeMsg(d dtype.DType) string {
	var in []string
	for _, o := range dtypeSets {
		if o.has[d] {
			in = append(in, o.version)
		}
	}
	if len(in) == 0 {
		if d == dtype.F4E2M1FN {
			return "PyTorch has no dtype for f4e2m1fn (its only FP4 dtype is float4_e2m1fn_x2, two values packed in one element)"
		}
		return "PyTorch has no dtype for " + d.String()
	}
	return fmt.Sprintf("PyTorch %s has no dtype for %s (torch.%s exists in %s)", r.name, d, torchNames[d], joinAnd(in))
}

// joinAnd joins names as "a", "a and b", "a, b and c".
func joinAnd(s []string) string {
	if len(s) <= 1 {
		return strings.Join(s, "")
	}
	return strings.Join(s[:len(s)-1], ", ") + " and " + s[len(s)-1]
}
