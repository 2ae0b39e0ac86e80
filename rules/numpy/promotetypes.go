package numpy

import (
	"fmt"
	"sync"

	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/kit"
)

// safeCast is NumPy's compile-time "can cast safely" relation between the
// builtin numeric types, stated as rules over kind and size
// (numpy/_core/src/multiarray/can_cast_table.h @1f90bbb5, restated in
// spec.md §1). It is not a value check: int64 -> float64 counts as safe.
func safeCast(from, to ntype) bool {
	f, t := ntypes[from], ntypes[to]
	if from == to || f.kind == kindBool {
		return true // bool casts safely to every numeric type
	}
	switch f.kind {
	case kindSigned:
		switch t.kind {
		case kindSigned:
			return f.size <= t.size
		case kindFloat, kindComplex:
			return intToInexact(f.size, t.size)
		}
	case kindUnsigned:
		switch t.kind {
		case kindUnsigned:
			return f.size <= t.size
		case kindSigned:
			return f.size < t.size
		case kindFloat, kindComplex:
			return intToInexact(f.size, t.size)
		}
	case kindFloat:
		return (t.kind == kindFloat || t.kind == kindComplex) && f.size <= t.size
	case kindComplex:
		return t.kind == kindComplex && f.size <= t.size
	}
	return false // nothing but bool casts safely to bool; nothing signed to unsigned
}

// intToInexact: an integer casts safely to a float or complex type whose
// (real) part is wider, and also to one of equal size from 8 bytes up.
func intToInexact(fromSize, toRealSize int) bool {
	return fromSize < toRealSize || fromSize == toRealSize && fromSize >= 8
}

// byKind lists each kind's types from smallest to largest: the "next larger
// type" order the climbing procedure walks.
var byKind = func() (k [numKinds][]ntype) {
	for t := ntype(0); t < numNTypes; t++ {
		info := ntypes[t]
		list := k[info.kind]
		i := len(list)
		for i > 0 && ntypes[list[i-1]].size > info.size {
			i--
		}
		list = append(list, 0)
		copy(list[i+1:], list[i:])
		list[i] = t
		k[info.kind] = list
	}
	return k
}()

// How a pair was decided, for the rule it carries.
type how uint8

const (
	howSame how = iota
	howSafe
	howClimb
)

// promoteTypes is how initialize_casting_tables builds
// _npy_type_promotion_table (numpy/_core/src/multiarray/scalartypes.c.src
// @1f90bbb5, spec.md §1): if one type casts safely to the other, the other;
// otherwise start at the operand of the higher scalar kind and climb (the
// next larger type of that kind; past the largest, the smallest type of the
// next kind) to the first type both cast to safely. ok is false when the
// climb runs past complex (NumPy would reach object); it never does for
// these 16 types.
func promoteTypes(a, b ntype) (out ntype, h how, ok bool) {
	switch {
	case a == b:
		return a, howSame, true
	case safeCast(a, b) && safeCast(b, a):
		// long and long long: NumPy fills the table in type-number
		// order and keeps the later type.
		if ntypes[a].num > ntypes[b].num {
			return a, howSafe, true
		}
		return b, howSafe, true
	case safeCast(a, b):
		return b, howSafe, true
	case safeCast(b, a):
		return a, howSafe, true
	}
	start := a
	if ntypes[b].kind > ntypes[a].kind {
		start = b
	}
	kind := ntypes[start].kind
	i := 0
	for byKind[kind][i] != start {
		i++
	}
	for {
		if i == len(byKind[kind]) {
			kind++
			if kind == numKinds {
				return 0, howClimb, false
			}
			i = 0
		}
		c := byKind[kind][i]
		if safeCast(a, c) && safeCast(b, c) {
			return c, howClimb, true
		}
		i++
	}
}

// promoteTable is promoteTypes over all 16×16 pairs, computed once: the
// internal _npy_type_promotion_table that result_type's procedure also
// consults.
var promoteTable = func() (tab [numNTypes][numNTypes]ntype) {
	for a := ntype(0); a < numNTypes; a++ {
		for b := ntype(0); b < numNTypes; b++ {
			out, _, ok := promoteTypes(a, b)
			if !ok {
				panic(fmt.Sprintf("numpy: no common type for %s and %s", a, b))
			}
			tab[a][b] = out
		}
	}
	return tab
}()

// pairTable is np.promote_types compiled over the catalogue: the 14 NumPy
// builtins it has promote by promoteTypes, everything else is refused. It
// is built on first use, not at init.
var pairTable = sync.OnceValue(func() *kit.PairTable { return kit.NewPairTable("numpy", decidePair) })

func decidePair(a, b dtype.DType) kit.Decision {
	ta, oka := builtin(a)
	tb, okb := builtin(b)
	if !oka || !okb {
		bad := a
		if oka {
			bad = b
		}
		return kit.Decision{Rule: ruleNotBuiltin, Msg: notBuiltinMsg(bad)}
	}
	out, h, _ := promoteTypes(ta, tb)
	return kit.Decision{Out: ntypes[out].dtype, Rule: pairRule[h]}
}

// notBuiltinMsg is the refusal for a dtype NumPy does not have, phrased as
// NumPy's TypeError for an unknown dtype name.
func notBuiltinMsg(d dtype.DType) string {
	return fmt.Sprintf("TypeError: data type %q not understood (%s)", d.String(), notBuiltinReason(d))
}
