package pytype

import (
	"math/big"
	"strconv"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/pyapi"
)

// vkind is what the inference knows about a Python value.
type vkind uint8

const (
	vUnknown vkind = iota
	vModule        // a library module or submodule: lib, path
	vSym           // a library name: lib, path, sym
	vDType         // a dtype value: d
	vBuiltin       // a Python builtin type used as a dtype (float, int, bool, complex): path
	vStr           // a string constant: path holds it (np.dtype("f4"), dtype="uint8")
	vNum           // a number or array: op[0] under the old version, op[1] under the new
	vSeq           // a list or tuple display: elems
	vNone          // None
	vInfo          // np.finfo(d) or np.iinfo(d): lib, path ("finfo"), d
	vFunc          // a function of the module whose calls return elems[0]
)

// value is one Python value as the inference sees it. For vNum, op[i] is
// the operand as version i sees it; an operand of Kind 0 is unknown in
// that version (it raised, or its dtype depends on the version's values).
type value struct {
	k     vkind
	lib   pyapi.Library
	path  string
	sym   pyapi.Symbol
	d     dtype.DType
	op    [2]promote.Operand
	elems []value
	// scalarish marks a NumPy scalar constructor's result from an argument
	// the inference cannot see: of unknown rank, but almost always 0-d.
	scalarish bool
}

var unknown = value{}

// num is a value both versions see as o.
func num(lib pyapi.Library, o promote.Operand) value {
	return value{k: vNum, lib: lib, op: [2]promote.Operand{o, o}}
}

// same reports whether both versions see the value alike and know it.
func (v value) same() bool {
	return v.k == vNum && v.op[0].Kind != 0 && opEqual(v.op[0], v.op[1])
}

// known reports whether version i knows the value.
func (v value) known(i int) bool { return v.k == vNum && v.op[i].Kind != 0 }

func opEqual(a, b promote.Operand) bool {
	return a.Kind == b.Kind && a.DType == b.DType && a.Rank == b.Rank && a.Weak == b.Weak &&
		a.Value.Kind == b.Value.Kind && a.Value.Text == b.Value.Text
}

// equal reports whether two values are the same as far as the inference
// knows.
func equal(a, b value) bool {
	if a.k != b.k || a.lib != b.lib || a.path != b.path || a.d != b.d || a.sym != b.sym || a.scalarish != b.scalarish {
		return false
	}
	if a.k == vNum && (!opEqual(a.op[0], b.op[0]) || !opEqual(a.op[1], b.op[1])) {
		return false
	}
	if len(a.elems) != len(b.elems) {
		return false
	}
	for i := range a.elems {
		if !equal(a.elems[i], b.elems[i]) {
			return false
		}
	}
	return true
}

// join is the value on a path where either a or b may hold: itself when
// they are equal, else unknown (the inference never guesses).
func join(a, b value) value {
	if equal(a, b) {
		return a
	}
	return unknown
}

// literal is the value of a Python number constant.
func literal(lib pyapi.Library, c any) (value, bool) {
	switch x := c.(type) {
	case bool:
		return num(lib, promote.Bool(x)), true
	case *big.Int:
		v := new(big.Int).Set(x)
		return num(lib, promote.Operand{Kind: promote.Literal, Value: promote.Value{Kind: promote.IntValue, Int: v, Text: v.String()}}), true
	case float64:
		return num(lib, promote.Float(x)), true
	case complex128:
		return num(lib, promote.Complex(real(x), imag(x))), true
	}
	return unknown, false
}

// negate is -v of a literal operand (Python folds nothing, but a negative
// literal is the value NumPy sees).
func negate(o promote.Operand) (promote.Operand, bool) {
	if o.Kind != promote.Literal {
		return o, false
	}
	switch o.Value.Kind {
	case promote.IntValue:
		v := new(big.Int).Neg(o.Value.Int)
		return promote.Operand{Kind: promote.Literal, Value: promote.Value{Kind: promote.IntValue, Int: v, Text: v.String()}}, true
	case promote.FloatValue:
		return promote.Float(-o.Value.Real), true
	case promote.ComplexValue:
		return promote.Complex(-o.Value.Real, -o.Value.Imag), true
	}
	return o, false
}

// valueAs is a literal's value as a NumPy scalar of dtype d holds it,
// when the literal's kind matches d's (an int for an integer dtype, an
// int or float for a float dtype, a bool for bool); ok is false
// otherwise, and the scalar is then typed without its value.
func valueAs(d dtype.DType, v promote.Value) (promote.Value, bool) {
	switch {
	case v.Kind == promote.BoolValue && d == dtype.Bool:
		return v, true
	case v.Kind == promote.IntValue && d.IsInteger():
		return v, true
	case v.Kind == promote.FloatValue && d.IsFloat():
		return v, true
	case v.Kind == promote.IntValue && d.IsFloat() && v.Int.IsInt64() && abs64(v.Int.Int64()) <= 1<<53:
		f := float64(v.Int.Int64())
		return promote.Value{Kind: promote.FloatValue, Real: f, Text: strconv.FormatFloat(f, 'g', -1, 64) + ".0"}, true
	}
	return promote.Value{}, false
}

func abs64(x int64) int64 {
	if x < 0 {
		return -x
	}
	return x
}

// scope holds a function's (or the module's) names.
type scope struct {
	vars map[string]value
	// outer is what the scope sees of the enclosing module: names bound
	// once there; nil for the module itself.
	outer map[string]value
	// star lists libraries imported with "from LIB import *".
	star []pyapi.Library
}

func newScope(outer map[string]value) *scope {
	return &scope{vars: make(map[string]value), outer: outer}
}

func (s *scope) lookup(name string) (value, bool) {
	if v, ok := s.vars[name]; ok {
		return v, true
	}
	if v, ok := s.outer[name]; ok {
		return v, true
	}
	return unknown, false
}

func (s *scope) copy() *scope {
	c := &scope{vars: make(map[string]value, len(s.vars)), outer: s.outer, star: s.star}
	for k, v := range s.vars {
		c.vars[k] = v
	}
	return c
}

// joinScopes is the scope after two paths: names equal on both keep their
// value; the others become unknown (shadowing the module's).
func joinScopes(a, b *scope) *scope {
	out := a.copy()
	for k, v := range a.vars {
		if w, ok := b.vars[k]; !ok || !equal(v, w) {
			out.vars[k] = unknown
		}
	}
	for k := range b.vars {
		if _, ok := a.vars[k]; !ok {
			out.vars[k] = unknown
		}
	}
	if len(b.star) > len(out.star) {
		out.star = b.star
	}
	return out
}

func sameScope(a, b *scope) bool {
	if len(a.vars) != len(b.vars) {
		return false
	}
	for k, v := range a.vars {
		if w, ok := b.vars[k]; !ok || !equal(v, w) {
			return false
		}
	}
	return true
}
