package clit

import (
	"errors"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/kit"
)

// Class is what kind of arithmetic type a C or C++ type is.
type Class uint8

// The classes of arithmetic type.
const (
	Integer Class = iota + 1
	Floating
	Complex // C's _Complex T, C++'s std::complex<T>
)

// Language is what a C-family rule set (c, cpp) tells the Folder about
// its language under one standard.
type Language struct {
	// Name is the rule set's name, in its pair table.
	Name string
	// Spelled is the language as its errors name it: "C", "C++".
	Spelled string
	// Lit says how literals are read.
	Lit Lang
	// Has reports whether the language has a type for d; WhyNot says
	// why not, naming the standard that would have it.
	Has    func(d dtype.DType) bool
	WhyNot func(d dtype.DType) string
	// Common is the usual arithmetic conversions of two types the
	// language has: the result and the rule that decided it, or Invalid,
	// the rule and the compiler's words for a pair that is ill-formed.
	Common func(a, b dtype.DType) (dtype.DType, *promote.Rule, string)
	// Rules are the rules the Folder names.
	Rules FoldRules
}

// FoldRules are the rules a Folder names, each the rule set's own.
type FoldRules struct {
	NoWeak     *promote.Rule // the language has no weak types
	NotType    *promote.Rule // no type of the language for a dtype
	NotLiteral *promote.Rule // a literal the language does not have
	Same       *promote.Rule // one operand: its own type
	// The types of literals, by kind.
	LiteralBool, LiteralFloat, LiteralInt *promote.Rule
}

// PairTable compiles l.Common over every pair of dtypes, refusing a dtype
// the language has no type for.
func PairTable(l *Language) *kit.PairTable {
	return kit.NewPairTable(l.Name, func(a, b dtype.DType) kit.Decision {
		for _, d := range [2]dtype.DType{a, b} {
			if !l.Has(d) {
				return kit.Decision{Rule: l.Rules.NotType, Msg: l.WhyNot(d)}
			}
		}
		out, rule, msg := l.Common(a, b)
		return kit.Decision{Out: out, Rule: rule, Msg: msg}
	})
}

// Folder is a C-family rule set's Rules: it types each operand (a literal
// as the compiler types it) and folds the usual arithmetic conversions
// left to right, as a + b + c groups ((a + b) + c).
type Folder struct {
	kit.Base
	L *Language
}

// operand admits an operand and gives its type, and the rule that typed
// a literal.
func (f *Folder) operand(o *promote.Operand) (dtype.DType, *promote.Rule, error) {
	// Admitted here, as the fold reaches each operand: a literal the
	// language lacks before it is named first. The admission names only
	// the operand refused (not AllOperands), so the query is not needed.
	if err := f.AdmitOperand(o, nil); err != nil {
		return dtype.Invalid, nil, err
	}
	switch o.Kind {
	case promote.Tensor, promote.Scalar:
		return o.DType, nil, nil
	case promote.Literal:
		t, err := Of(o.Value, f.L.Lit)
		if err != nil {
			var le *Error
			if errors.As(err, &le) {
				return dtype.Invalid, nil, f.Refuse(f.L.Rules.NotLiteral, le.Msg, *o)
			}
			return dtype.Invalid, nil, err
		}
		switch o.Value.Kind {
		case promote.BoolValue:
			return t.DType, f.L.Rules.LiteralBool, nil
		case promote.FloatValue:
			return t.DType, f.L.Rules.LiteralFloat, nil
		}
		return t.DType, f.L.Rules.LiteralInt, nil
	}
	return dtype.Invalid, nil, f.Refuse(f.L.Rules.NotType, "invalid operand", *o)
}

// Result folds the usual arithmetic conversions left to right; a step
// that is ill-formed stops the fold.
func (f *Folder) Result(ops ...promote.Operand) (promote.Result, error) {
	if len(ops) == 0 {
		return promote.Result{}, f.Refuse(kit.NoOperands, "no operands")
	}
	return kit.FoldLeft(ops, f)
}

// FoldOne is one operand's own type.
func (f *Folder) FoldOne(o promote.Operand) (promote.Result, error) {
	t, rule, err := f.operand(&o)
	if err != nil {
		return promote.Result{}, err
	}
	if rule == nil {
		rule = f.L.Rules.Same
	}
	return promote.Result{DType: t, Rule: rule}, nil
}

// FoldTwo applies the usual arithmetic conversions to the running result
// and the next operand. Where a literal's own type is the answer, the
// literal's rule is named (i8 + 2147483648 is long because the constant
// is a long).
func (f *Folder) FoldTwo(a, b promote.Operand) (promote.Result, error) {
	ta, ra, err := f.operand(&a)
	if err != nil {
		return promote.Result{}, err
	}
	tb, rb, err := f.operand(&b)
	if err != nil {
		return promote.Result{}, err
	}
	out, rule, msg := f.L.Common(ta, tb)
	if out == dtype.Invalid {
		if msg == "" {
			msg = "no common type of " + ta.String() + " and " + tb.String()
		}
		return promote.Result{}, f.Refuse(rule, msg, a, b)
	}
	switch {
	case ra != nil && out == ta && out != tb:
		rule = ra
	case rb != nil && out == tb && out != ta:
		rule = rb
	}
	return promote.Result{DType: out, Rule: rule}, nil
}

// Admission is a C-family rule set's declared admission: a weak operand
// is refused first ("C has no weak types: i32? cannot be written"), then
// an operand of a dtype the language has no type for, in its WhyNot
// words. lang gives the language of the settings; every language of the
// rule set names the same NoWeak and NotType rules.
func Admission(lang func(promote.Settings) *Language) promote.Admission {
	l := lang(promote.Settings{})
	return promote.Admission{
		NoWeak: kit.NoWeak(l.Rules.NoWeak, func(s promote.Settings, o promote.Operand) string {
			return lang(s).Spelled + " has no weak types: " + o.String() + " cannot be written"
		}),
		NoDType: &promote.Refusal{Rule: l.Rules.NotType, Msg: func(s promote.Settings, o promote.Operand) string {
			return lang(s).WhyNot(o.DType)
		}},
		WeakFirst: true,
	}
}
