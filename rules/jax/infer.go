package jax

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/kit"
	"github.com/promote-dev/promote/lattice"
)

// Config is the part of JAX's configuration that type promotion reads.
// The zero value is JAX's default: standard promotion with x64 off,
// explicit 64-bit dtypes truncated with a warning.
type Config struct {
	// Strict is jax_numpy_dtype_promotion=strict (false: standard).
	Strict bool
	// X64 is jax_enable_x64.
	X64 bool
	// Explicit is jax_explicit_x64_dtypes: what an explicitly requested
	// 64-bit dtype becomes while X64 is off. It does nothing with X64 on.
	Explicit ExplicitX64
}

// ExplicitX64 is a jax_explicit_x64_dtypes mode (jax/_src/config.py
// ExplicitX64Mode).
type ExplicitX64 uint8

// The modes. The zero value is JAX's default.
const (
	// ExplicitWarn truncates an explicit 64-bit dtype to its 32-bit
	// counterpart, with a UserWarning.
	ExplicitWarn ExplicitX64 = iota
	// ExplicitError refuses it with a ValueError.
	ExplicitError
	// ExplicitAllow keeps it.
	ExplicitAllow
)

// explicitNames are the option values, in ExplicitX64 order.
var explicitNames = []string{"warn", "error", "allow"}

// String returns the mode as JAX's config spells it.
func (m ExplicitX64) String() string {
	if int(m) < len(explicitNames) {
		return explicitNames[m]
	}
	return "ExplicitX64(" + strconv.Itoa(int(m)) + ")"
}

// ParseExplicitX64 reads a jax_explicit_x64_dtypes value (warn, error or
// allow).
func ParseExplicitX64(s string) (ExplicitX64, error) {
	for i, n := range explicitNames {
		if n == s {
			return ExplicitX64(i), nil
		}
	}
	return 0, fmt.Errorf("%s: jax_explicit_x64_dtypes %q: valid values are %s", name, s, strings.Join(explicitNames, "|"))
}

// Typed is a value's type as JAX's promotion sees it: a dtype and its
// weak_type flag.
type Typed struct {
	DType dtype.DType
	Weak  bool
}

// String writes t as the batch contract prints a result: the canonical
// dtype name, with ? when weak.
func (t Typed) String() string {
	if t.Weak {
		return t.DType.String() + "?"
	}
	return t.DType.String()
}

// LatticeResultType is JAX's lattice_result_type over already-typed values:
// the (dtype, weak_type) that jax.numpy gives the result of an operation on
// args, under c. It is the entry point for program-level inference, where
// an operation's inputs are earlier results: feed each result's Typed back
// in. A Python scalar is Typed{DefaultInt(c) (or DefaultFloat,
// DefaultComplex), true}, a Python bool Typed{dtype.Bool, false}.
//
// With x64 off every 64-bit dtype is first treated as an explicitly
// requested one, as Result does for its operands: canonicalised to 32 bits
// (c.Explicit warn), refused (error) or kept (allow); see the package
// comment. An arg whose dtype JAX does not have, a refused 64-bit arg, or
// a set of args with no promotion path, gives a *promote.Error naming the
// rule and carrying JAX's message.
func LatticeResultType(c Config, args ...Typed) (Typed, error) {
	if len(args) == 0 {
		return Typed{}, &promote.Error{Rules: name, Rule: kit.NoOperands, Msg: noOperandsMsg}
	}
	var buf [8]Typed
	in := buf[:0]
	for _, a := range args {
		if !a.DType.Valid() || nodeOf[a.DType] == noNode {
			return Typed{}, &promote.Error{Rules: name, Rule: ruleNotJAX, Msg: notJAXMsg(a.DType)}
		}
		d, err := c.ExplicitDType(a.DType)
		if err != nil {
			return Typed{}, err
		}
		in = append(in, Typed{d, a.Weak})
	}
	o := latticeResultType(c, in)
	if o.failed {
		return Typed{}, &promote.Error{Rules: name, Rule: o.rule, Msg: o.msg}
	}
	return o.t, nil
}

// DefaultInt is the dtype of a Python int under c (int64, or int32 with
// x64 off); DefaultFloat and DefaultComplex likewise.
func DefaultInt(c Config) dtype.DType { return c.defaultOf(nodeInt) }

// DefaultFloat is the dtype of a Python float under c.
func DefaultFloat(c Config) dtype.DType { return c.defaultOf(nodeFloat) }

// DefaultComplex is the dtype of a Python complex under c.
func DefaultComplex(c Config) dtype.DType { return c.defaultOf(nodeComplex) }

// Canonical is _canonicalize_dtype: with x64 off the 64-bit types become
// their 32-bit counterparts (_dtype_to_32bit_dtype); nothing else changes.
// Source: jax/_src/dtypes.py@cec06d11 _canonicalize_dtype; spec.md §5.
func (c Config) Canonical(d dtype.DType) dtype.DType {
	if c.X64 {
		return d
	}
	return dtype.To32Bit(d)
}

// ExplicitDType is _maybe_canonicalize_explicit_dtype: what an operand
// of dtype d, an explicitly requested dtype, becomes under c. With x64 on,
// or with jax_explicit_x64_dtypes=allow, it is d; else a 64-bit d is
// truncated to 32 bits (warn) or refused in JAX's words (error). Other
// dtypes are never changed.
// Source: jax/_src/dtypes.py@cec06d11:957-981.
func (c Config) ExplicitDType(d dtype.DType) (dtype.DType, error) {
	if c.X64 || c.Explicit == ExplicitAllow {
		return d, nil
	}
	canon := c.Canonical(d)
	if canon == d || c.Explicit != ExplicitError {
		return canon, nil
	}
	return dtype.Invalid, &promote.Error{Rules: name, Rule: ruleExplicitError, Msg: explicitErrorMsg(d)}
}

// explicitErrorMsg is the ValueError _maybe_canonicalize_explicit_dtype
// raises under jax_explicit_x64_dtypes=error, word for word (its two
// sentences about configuration and the link meet without a space).
func explicitErrorMsg(d dtype.DType) string {
	return "ValueError: Explicitly requested dtype " + jaxNames[nodeOf[d]] + " is not available. To enable more " +
		"dtypes, set the jax_enable_x64 or allow_explicit_x64_dtypes configuration options." +
		"See https://github.com/jax-ml/jax#current-gotchas for more."
}

// defaultOf is dtype(node): a weak node's default dtype (int64, float64,
// complex128, canonicalised with x64 off, whatever
// jax_explicit_x64_dtypes says: dtype() canonicalises a Python type
// unconditionally), a strong node's own dtype (as dtype() treats a NumPy
// dtype: an explicit one, so kept under allow; canonicalising it never
// changes it otherwise, since no 64-bit join forms from 32-bit inputs on
// the x32 lattice).
func (c Config) defaultOf(n lattice.Node) dtype.DType {
	switch n {
	case nodeInt:
		return c.Canonical(dtype.I64)
	case nodeFloat:
		return c.Canonical(dtype.F64)
	case nodeComplex:
		return c.Canonical(dtype.C128)
	}
	if c.Explicit == ExplicitAllow {
		return strongNodes[n]
	}
	return c.Canonical(strongNodes[n])
}

// jaxType is _jax_type: a strong dtype is its own node; a weak one is the
// Python type of its kind (i*, f*, c*), except that bool is never weak and
// every custom float (bf16 and the small floats) counts as f*.
// Source: jax/_src/dtypes.py@cec06d11 _jax_type; spec.md §4.
func jaxType(t Typed) lattice.Node {
	if !t.Weak || t.DType == dtype.Bool {
		return nodeOf[t.DType]
	}
	switch t.DType.Kind() {
	case dtype.KindSigned, dtype.KindUnsigned:
		return nodeInt
	case dtype.KindComplex:
		return nodeComplex
	}
	return nodeFloat
}

// outcome is latticeResultType's answer: a type and the rule that decided
// it, or a refusal rule and its message.
type outcome struct {
	t      Typed
	rule   *promote.Rule
	failed bool
	msg    string // refusal only
}

// latticeResultType is lattice_result_type on canonical, valid args, its
// branches in JAX's order (jax/_src/dtypes.py@cec06d11; spec.md §4). It
// allocates nothing unless it refuses.
func latticeResultType(c Config, args []Typed) outcome {
	var o outcome
	allWeak, allSame := true, true
	for _, a := range args {
		allWeak = allWeak && a.Weak
		allSame = allSame && a.DType == args[0].DType
	}
	switch {
	case len(args) == 1:
		// One argument keeps its dtype and weak type.
		o = outcome{t: args[0], rule: ruleOne}
	case allSame && !allWeak:
		// Trivial promotion: one dtype, at least one operand strong.
		o = outcome{t: Typed{args[0].DType, false}, rule: ruleSame}
	case allWeak && !c.Strict:
		// Every operand weak (standard mode only): join the strong
		// counterparts and mark the result weak, so that weak int16 with
		// weak int16 stays int16 rather than becoming the default int.
		n, msg, ok := join(c, args, func(t Typed) lattice.Node { return nodeOf[t.DType] })
		if !ok {
			return outcome{rule: refusalRule(c), failed: true, msg: msg}
		}
		o = outcome{t: Typed{c.defaultOf(n), true}, rule: ruleAllWeak}
	default:
		// The general case: join each operand's _jax_type node; the result
		// is weak exactly when the join is i*, f* or c*.
		n, msg, ok := join(c, args, jaxType)
		if !ok {
			return outcome{rule: refusalRule(c), failed: true, msg: msg}
		}
		o = outcome{t: Typed{c.defaultOf(n), isWeakNode(n)}, rule: ruleJoin}
		if isWeakNode(n) {
			o.rule = ruleJoinWeak
		}
	}
	// Bool is never weak.
	o.t.Weak = o.t.Weak && o.t.DType != dtype.Bool
	return o
}

// join is _least_upper_bound (jax/_src/dtypes.py@cec06d11; spec.md §3)
// over the set of nodes node(args), on the lattice c selects. On failure it returns JAX's TypePromotionError
// message, listing the nodes in order of first appearance (JAX passes a
// set, whose order Python does not fix).
func join(c Config, args []Typed, node func(Typed) lattice.Node) (lattice.Node, string, bool) {
	var nodes [numNodes]lattice.Node
	var seen uint64
	k := 0
	for _, a := range args {
		n := node(a)
		if seen&(1<<n) == 0 {
			seen |= 1 << n
			nodes[k] = n
			k++
		}
	}
	l := Lattice(c)
	if k == 2 {
		if n, err := l.Join2(nodes[0], nodes[1]); err == nil {
			return n, "", true
		}
	} else if n, err := l.Join(nodes[:k]...); err == nil {
		return n, "", true
	}
	return 0, noPathMsg(c, nodes[:k]), false
}
