package pytorch

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/kit"
)

// The PyTorch releases the rule set models: every minor release from 1.13
// (versions.md). The newest is the default. The constants name the three
// releases whose source was read at its tag and checked live; the others
// are placed by the pull requests that changed promotion (history below)
// and, for 2.11, checked against the live library too.
const (
	Version214 = "2.14"
	Version211 = "2.11"
	Version26  = "2.6"
	Version113 = "1.13"
)

// Versions lists the version option's values, newest first.
var Versions = []string{
	"2.14", "2.13", "2.12", "2.11", "2.10", "2.9", "2.8", "2.7",
	"2.6", "2.5", "2.4", "2.3", "2.2", "2.1", "2.0", "1.13",
}

// release is what one PyTorch version's promotion is made of: the dtypes
// it has, how promoteTypes runs, its lookup table, what toComplexType
// gives bfloat16, and how a Python int past int64 becomes a Scalar. The
// steps and messages shared by every version live in promotetypes.go,
// category.go and operands.go; a release only says where it differs.
// Releases are built once at init and never change.
type release struct {
	name string // "2.14"

	// has marks the catalogue dtypes this version has a ScalarType for.
	has [dtype.Count]bool

	// tableOnly is promoteTypes before 2.2: no same-type, Float8 or
	// barebones-unsigned steps, only the lookup table (1.13:
	// c10/core/ScalarType.h:392-449 at v1.13.1; 2.1 with the two Float8
	// types as axes, PR #104242). A cell the table leaves Undefined is
	// torch.promote_types' "Promotion from A and B is unsupported."
	tableOnly bool

	// axes and lookup are promoteTypes' table: axes in c10's index2dtype
	// order, lookup[i][j] the result for axes[i] with axes[j] (Invalid
	// for c10's ud).
	axes   []dtype.DType
	lookup [][]dtype.DType

	// bf16Complex is toComplexType(BFloat16): complex64 before PR
	// #173783, bcomplex32 after.
	bf16Complex dtype.DType

	// wideInts: a Python int in [2^63, 2^64) becomes a uint64 Scalar
	// (from 2.3, PR #116595). Without it every int outside int64 is
	// refused.
	wideInts bool

	// The rules whose text or source differs between versions.
	ruleTable      *promote.Rule // the lookup table
	ruleComplexOf  *promote.Rule // complex lower slot, floating higher
	ruleIntOutside *promote.Rule // a Python int outside what the version takes

	table *kit.PairTable // promoteTypes over every catalogue pair
}

// classicAxes are the 13 dtypes of promoteTypes' table, in c10's order
// (index2dtype), in every release but 2.1 (axes21) and 2.14 (axes214).
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

// axes21 are 2.1's table axes: the classic 13 and the two Float8 types
// PR #104242 added to the table (v2.1.0 c10/core/ScalarType.h,
// promoteTypes: columns b8 and h8 after bf).
var axes21 = append(append([]dtype.DType(nil), classicAxes...), dtype.F8E5M2, dtype.F8E4M3FN)

// lookup21 is 2.1's 15x15 table: a Float8 type with an integer or bool
// is that Float8 type; with float16 or float32 it is float32, with
// bfloat16 bfloat16, with float64 float64; with a complex type complex64
// (complex128 with complex128); with itself itself;
// e5m2 with e4m3fn Undefined (v2.1.0 c10/core/ScalarType.h
// _promoteTypesLookup, rows b8 and h8). PR #113975 (2.2) replaced all of
// it with the Float8 error.
func lookup21() [][]dtype.DType {
	const (
		f4 = dtype.F32
		f8 = dtype.F64
		c4 = dtype.C64
		c8 = dtype.C128
		bf = dtype.BF16
		b8 = dtype.F8E5M2
		h8 = dtype.F8E4M3FN
		ud = dtype.Invalid
	)
	l := classicLookup()
	col := func(f8t dtype.DType) []dtype.DType {
		// The column over u1 i1 i2 i4 i8 f2 f4 f8 c2 c4 c8 b1 bf.
		return []dtype.DType{f8t, f8t, f8t, f8t, f8t, f4, f4, f8, c4, c4, c8, f8t, bf}
	}
	b8col, h8col := col(b8), col(h8)
	for i := range l {
		l[i] = append(l[i], b8col[i], h8col[i])
	}
	return append(l, append(b8col, b8, ud), append(h8col, ud, h8))
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

// history is what each release changed, oldest first; a release has what
// every earlier entry added. Only changes that reach promotion are here
// (versions.md §1 cites each).
var history = []struct {
	version string
	adds    []dtype.DType
}{
	{"1.13", classicAxes},
	// PR #104242: torch.float8_e5m2 and float8_e4m3fn, in the table.
	{"2.1", []dtype.DType{dtype.F8E5M2, dtype.F8E4M3FN}},
	// PR #107586: float8_e5m2fnuz and float8_e4m3fnuz.
	{"2.2", []dtype.DType{dtype.F8E5M2FNUZ, dtype.F8E4M3FNUZ}},
	// PR #116594: the uint16/32/64 shell types; PR #117208: uint1-7.
	{"2.3", []dtype.DType{dtype.U16, dtype.U32, dtype.U64,
		dtype.U1, dtype.U2, dtype.U3, dtype.U4, dtype.U5, dtype.U6, dtype.U7}},
	// PR #137928 (the reland of #136301): int1-7.
	{"2.6", []dtype.DType{dtype.I1, dtype.I2, dtype.I3, dtype.I4, dtype.I5, dtype.I6, dtype.I7}},
	// PR #147466: float8_e8m0fnu, a Float8 type.
	{"2.7", []dtype.DType{dtype.F8E8M0FNU}},
	// PR #148791: float4_e2m1fn_x2, a floating type outside the table.
	{"2.8", []dtype.DType{dtype.F4E2M1FNX2}},
	// PR #173783: bcomplex32, a 14th table axis.
	{"2.14", []dtype.DType{dtype.BC32}},
}

// The rules shared by runs of releases whose behaviour is the same.
var (
	ruleTable113 = &promote.Rule{ID: "table",
		Text:   "torch 1.13 and 2.0's promoteTypes is one lookup in a table indexed by ScalarType (its 13 non-quantized dtypes: uint8, int8-64, float16/32/64, complex32/64/128, bool, bfloat16); its diagonal gives a dtype with itself",
		Source: src113Promote + "; v2.0.0 the same function and table"}
	ruleTable21 = &promote.Rule{ID: "table",
		Text:   "torch 2.1's promoteTypes is one table lookup over the 13 classic dtypes and float8_e5m2, float8_e4m3fn: a Float8 type with an integer or bool is itself, with float16 or float32 float32, with bfloat16 bfloat16, with float64 float64, with a complex type complex64 (complex128 with complex128)",
		Source: src21Promote}
	ruleTableUndefined = &promote.Rule{ID: "table-undefined",
		Text:   "torch 2.1's table leaves float8_e5m2 with float8_e4m3fn Undefined: torch.promote_types reports the pair unsupported",
		Source: src21Promote + "; torch/csrc/utils/python_arg_parser.cpp and torch.promote_types's Undefined check"}
	ruleTableClassic = &promote.Rule{ID: "table",
		Text:   "the 13x13 lookup table over uint8, int8-64, float16/32/64, complex32/64/128, bool, bfloat16",
		Source: src26File + ":112-125 (promoteTypes, _promoteTypesLookup); the same table from v2.2.0 (PR #113975) to v2.13.0; live torch 2.11.0"}
	ruleTable214 = &promote.Rule{ID: "table",
		Text:   "the 14x14 lookup table over uint8, int8-64, float16/32/64, complex32/64/128, bool, bfloat16 and bcomplex32 (bcomplex32 with an integer, bool or bfloat16 stays bcomplex32; with float16/32 or complex32/64 it is complex64)",
		Source: src214Promote}
	ruleComplexOfC64 = complexOfRule(srcPredicate113+"; "+srcPredicate26+"; unchanged to v2.13.0, live torch 2.11.0",
		"f16->c32, bf16->c64, f32->c64, f64->c128")
	ruleComplexOfBC32 = complexOfRule(srcPredicate214+"; pytorch/pytorch PR #173783 (torch.bcomplex32); v2.14.1 torch/_prims_common/__init__.py:1193-1198",
		"f16->c32, bf16->bc32 (was c64 before PR #173783), f32->c64, f64->c128")
	ruleIntOverflow1x = kit.PythonIntRange.Adopt(promote.Rule{ID: "python-int-overflow",
		Text:   "torch 1.13 to 2.2 unpack every Python int as an int64: one outside [-2^63, 2^63) is a RuntimeError, Overflow when unpacking long (no uint64 Scalar before 2.3)",
		Source: src113Scalar + "; pytorch/pytorch PR #116595 (uint64 Scalar, 2.3)"})
)

// releases are every version, newest first (the order of Versions), built
// once from history.
var releases = func() []*release {
	var has [dtype.Count]bool
	next := 0
	byName := map[string]*release{}
	for i := len(Versions) - 1; i >= 0; i-- {
		v := Versions[i]
		if next < len(history) && history[next].version == v {
			for _, d := range history[next].adds {
				has[d] = true
			}
			next++
		}
		r := &release{name: v, has: has, axes: classicAxes, lookup: classicLookup(),
			bf16Complex: dtype.C64, wideInts: true,
			ruleTable: ruleTableClassic, ruleComplexOf: ruleComplexOfC64, ruleIntOutside: ruleIntOverflow2x}
		switch v {
		case "1.13", "2.0":
			r.tableOnly, r.ruleTable = true, ruleTable113
		case "2.1":
			r.tableOnly, r.ruleTable = true, ruleTable21
			r.axes, r.lookup = axes21, lookup21()
		case "2.14":
			r.axes, r.lookup, r.ruleTable = axes214, lookup214(), ruleTable214
			r.bf16Complex, r.ruleComplexOf = dtype.BC32, ruleComplexOfBC32
		}
		if versionLess(v, "2.3") {
			r.wideInts, r.ruleIntOutside = false, ruleIntOverflow1x
		}
		r.table = kit.NewPairTable(Name, r.decide)
		byName[v] = r
	}
	rs := make([]*release, len(Versions))
	for i, v := range Versions {
		rs[i] = byName[v]
	}
	return rs
}()

// versionLess reports whether release a is older than release b (both
// "MAJOR.MINOR").
func versionLess(a, b string) bool {
	am, an := splitVersion(a)
	bm, bn := splitVersion(b)
	return am < bm || am == bm && an < bn
}

// splitVersion parses "MAJOR.MINOR" (a patch part is ignored); ok is
// false for anything else.
func splitVersion(v string) (major, minor int) {
	parts := strings.SplitN(v, ".", 3)
	if len(parts) < 2 {
		return -1, -1
	}
	var err1, err2 error
	major, err1 = strconv.Atoi(parts[0])
	minor, err2 = strconv.Atoi(parts[1])
	if err1 != nil || err2 != nil {
		return -1, -1
	}
	return major, minor
}

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
	return nil, fmt.Errorf("%s: unknown version %q (valid: %s)%s", Name, version, strings.Join(Versions, ", "), explainVersion(version))
}

// explainVersion says why a version outside Versions is refused when the
// reason is more than "not a release": a release newer than the newest
// known is named as such rather than mapped to the newest, and a patch
// release is sent to its minor release. It returns "" otherwise.
func explainVersion(v string) string {
	major, minor := splitVersion(v)
	switch {
	case major < 0:
		return ""
	case versionLess(Versions[0], v):
		return fmt.Sprintf("; PyTorch %d.%d is newer than the newest release this rule set knows (%s), so its promotion is not modelled", major, minor, Versions[0])
	case versionLess(v, Versions[len(Versions)-1]):
		return fmt.Sprintf("; PyTorch %d.%d is older than the oldest release this rule set knows (%s)", major, minor, Versions[len(Versions)-1])
	}
	mm := fmt.Sprintf("%d.%d", major, minor)
	if mm != v && slices.Contains(Versions, mm) {
		return fmt.Sprintf("; patch releases promote as their minor release: write version=%s", mm)
	}
	return ""
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
// release that added it, when one did.
func (r *release) noDTypeMsg(d dtype.DType) string {
	if added := addedIn(d); added != "" {
		return fmt.Sprintf("PyTorch %s has no dtype for %s (torch.%s was added in %s)", r.name, d, torchNames[d], added)
	}
	if d == dtype.F4E2M1FN {
		return "PyTorch has no dtype for f4e2m1fn (its only FP4 dtype is float4_e2m1fn_x2, f4e2m1fnx2 here: two values packed in one element)"
	}
	return "PyTorch has no dtype for " + d.String()
}

// addedIn returns the release that added d, or "" if none has it.
func addedIn(d dtype.DType) string {
	for _, h := range history {
		if slices.Contains(h.adds, d) {
			return h.version
		}
	}
	return ""
}
