package tinygrad

import (
	"fmt"
	"math/bits"
	"strings"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/kit"
)

// set is a set of node indices of one lattice.
type set uint32

// noNode marks a dtype the version does not have.
const noNode = -1

// lattice is one version's promo_lattice, compiled: for every node the
// set of its recursive parents (_get_recursive_parents: the node and
// everything reachable from it), and where each dtype and weak node sits.
type lattice struct {
	v      *version
	up     []set
	byDT   [dtype.Count]int  // node index of a dtype, or noNode
	byWeak [3]int            // node index of weakint / weakfloat, or noNode
	dtypes *promote.DTypeSet // the dtypes with a node: Def.DTypes
	weak   *promote.DTypeSet // the dtypes an operand may be weak in: Admission.WeakDTypes
}

func compile(v *version) *lattice {
	if len(v.nodes) > 32 {
		panic(fmt.Sprintf("tinygrad %s: %d nodes, at most 32", v.name, len(v.nodes)))
	}
	l := &lattice{v: v, up: make([]set, len(v.nodes))}
	for i := range l.byDT {
		l.byDT[i] = noNode
	}
	l.byWeak = [3]int{noNode, noNode, noNode}
	index := map[string]int{}
	for i, n := range v.nodes {
		index[n.short] = i
		if n.weak != weakNone {
			l.byWeak[n.weak] = i
		} else {
			l.byDT[n.dt] = i
		}
	}
	l.dtypes = kit.DTypesWhere(func(d dtype.DType) bool { return l.byDT[d] != noNode })
	// A weak integer needs weakint, any other weak operand but bool (which
	// weak_dtype leaves bool) weakfloat.
	l.weak = kit.DTypesWhere(func(d dtype.DType) bool {
		switch {
		case l.byDT[d] == noNode || d.IsBool():
			return false
		case d.IsInteger():
			return l.byWeak[weakInt] != noNode
		}
		return l.byWeak[weakFloat] != noNode
	})
	direct := make([]set, len(v.nodes))
	for _, e := range v.edges {
		lo, ok1 := index[e[0]]
		hi, ok2 := index[e[1]]
		if !ok1 || !ok2 {
			panic(fmt.Sprintf("tinygrad %s: edge %s -> %s names an unknown node", v.name, e[0], e[1]))
		}
		direct[lo] |= 1 << hi
	}
	// The graph is small and acyclic: iterate the closure to a fixed point.
	for i := range l.up {
		l.up[i] = 1 << i
	}
	for changed := true; changed; {
		changed = false
		for i := range l.up {
			u := l.up[i]
			for d := direct[i]; d != 0; d &= d - 1 {
				u |= l.up[bits.TrailingZeros32(uint32(d))]
			}
			if u != l.up[i] {
				l.up[i], changed = u, true
			}
		}
	}
	return l
}

// less is DType.__lt__: by priority, then bitsize, then name.
func (l *lattice) less(a, b int) bool {
	x, y := l.v.nodes[a], l.v.nodes[b]
	if x.priority != y.priority {
		return x.priority < y.priority
	}
	if x.bits != y.bits {
		return x.bits < y.bits
	}
	return x.name < y.name
}

// join is least_upper_dtype over a non-empty set of nodes: the minimum,
// by DType order, of the intersection of their recursive parents. Every
// version's lattice ends in float64, so the intersection is never empty.
func (l *lattice) join(in set) int {
	common := ^set(0)
	for s := in; s != 0; s &= s - 1 {
		common &= l.up[bits.TrailingZeros32(uint32(s))]
	}
	best := noNode
	for s := common; s != 0; s &= s - 1 {
		n := bits.TrailingZeros32(uint32(s))
		if best == noNode || l.less(n, best) {
			best = n
		}
	}
	return best
}

// join2 is least_upper_dtype(a, b).
func (l *lattice) join2(a, b int) int { return l.join(1<<a | 1<<b) }

// isFloat is dtypes.is_float: the float dtypes and weakfloat.
func (l *lattice) isFloat(n int) bool {
	x := l.v.nodes[n]
	return x.weak == weakFloat || x.dt.IsFloat()
}

// isInt is dtypes.is_int: the integer dtypes and weakint.
func (l *lattice) isInt(n int) bool {
	x := l.v.nodes[n]
	return x.weak == weakInt || x.dt.IsInteger()
}

// names lists the version's strong dtypes by their dtypes attribute name,
// for refusals.
func (l *lattice) names() string {
	var out []string
	for _, n := range l.v.nodes {
		if n.weak == weakNone {
			out = append(out, n.short)
		}
	}
	return strings.Join(out, ", ")
}
