package promote

import (
	"fmt"
	"strings"

	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/internal/clip"
)

// Rule is one rule of a system's promotion procedure: what it says and
// where it comes from. Rule values are static; results point to them.
type Rule struct {
	// ID is short and stable within its rule set ("R6", "table",
	// "ambiguous-to-known").
	ID string `json:"id"`
	// Text says what the rule does, in words a user can check against
	// the source.
	Text string `json:"text"`
	// Source names where the rule comes from: upstream file and commit,
	// or document and section.
	Source string `json:"source"`
	// Shared, when set, is the shared rule this rule adopts: one that
	// package kit declares once for every system that states it
	// (kit.NoWeakTypes, kit.PythonInt, ...), whose ID is the shared rule's
	// name and whose Text says what every adoption means. The adopting rule
	// keeps its own ID, words and source, its system's (answers, vectors
	// and refusals print those); Shared only links it, so that tools and
	// tests can ask which systems state a rule. Rule sets set it through
	// kit (kit.Shared.Adopt), never by hand. It is not part of the JSON
	// form.
	Shared *Rule `json:"-"`
}

// String returns "ID: Text".
func (r *Rule) String() string {
	if r == nil {
		return "<no rule>"
	}
	return r.ID + ": " + r.Text
}

// Result is a rule set's answer: the common dtype, whether it is weak (JAX,
// TensorFlow) or ambiguous (anvil), and the rule that decided it.
type Result struct {
	DType dtype.DType
	Weak  bool
	Rule  *Rule
}

// String writes the result as the batch contract prints it: the canonical
// name, with a ? suffix when weak.
func (r Result) String() string {
	if r.Weak {
		return r.DType.String() + "?"
	}
	return r.DType.String()
}

// Error is a rule set's refusal: it names the rule set, the rule that
// refused and the operands.
type Error struct {
	Rules    string
	Rule     *Rule
	Operands []Operand
	// Msg says why, in the system's own terms where it has an error
	// message of its own.
	Msg string
}

// Error implements error: "RULES: MSG [rule ID; operands ...]", the
// operand list cut after a few operands ("… and N more").
func (e *Error) Error() string {
	var b strings.Builder
	b.WriteString(e.Rules)
	b.WriteString(": ")
	b.WriteString(e.Msg)
	if len(e.Operands) > 0 || e.Rule != nil {
		b.WriteString(" [")
		if e.Rule != nil {
			b.WriteString("rule ")
			b.WriteString(e.Rule.ID)
			if len(e.Operands) > 0 {
				b.WriteString("; ")
			}
		}
		if len(e.Operands) > 0 {
			// Bounded: a refusal of 250,000 operands names the first few,
			// each cut when long, and counts the rest.
			b.WriteString("operands ")
			b.WriteString(clip.List(len(e.Operands), func(i int) string { return e.Operands[i].String() }, " "))
		}
		b.WriteString("]")
	}
	return b.String()
}

// Rules is one system's rule set, built with its options. Implementations
// are immutable and safe for concurrent use.
type Rules interface {
	// Def returns the definition this rule set was built from.
	Def() *Def
	// Settings returns the options it was built with.
	Settings() Settings
	// PromoteTypes promotes two plain dtypes, as two ranked tensors of
	// those dtypes, in that order. It allocates nothing on success and
	// costs a table index.
	PromoteTypes(a, b dtype.DType) (Result, error)
	// Result computes the common type of the operands with the system's
	// own N-operand semantics (see Def.NAry). One operand gives its own
	// type as the system sees it.
	//
	// For tensor operands without a value the answer depends only on each
	// operand's dtype, weak flag and rank class (0, at least 1, or
	// unknown), never on the dimensions themselves, so callers may cache
	// answers by those keys; literals, typed scalars and zero-dim tensors
	// with a value (HasValue) may depend on their values.
	Result(ops ...Operand) (Result, error)
}

// NAry names how a system combines more than two operands.
type NAry uint8

const (
	// Fold combines left to right; the answer can depend on order.
	Fold NAry = iota + 1
	// Set combines all operands at once, as a set of categories or a
	// lattice join, not step by step. Order matters only where the system's
	// own pairwise step inside a set is not associative (PyTorch's
	// promoteTypes within one category slot, for uint16 and its kin).
	Set
	// Two takes exactly two operands.
	Two
)

// String describes the N-operand semantics in words.
func (n NAry) String() string {
	switch n {
	case Fold:
		return "left fold"
	case Set:
		return "set"
	case Two:
		return "exactly two"
	}
	return "unknown"
}

// Def defines a rule set: its name, options and sources, and how to build
// it. Defs are static values declared by the rule-set packages.
type Def struct {
	Name    string
	Title   string // the system, in a few words
	Source  string // the spec and upstream sources it follows
	NAry    NAry
	Dialect *dtype.Dialect // how the system spells dtype names
	// Host is the language whose literal syntax the system's programs
	// are written in (see HostOf). Every built-in declares it
	// (CheckDeclaration); HostOf reads zero, a rule file's, as Python.
	Host Host
	// Options are the rule set's options, each declared once as a typed
	// handle (NewEnumOpt, ...) that the rule set reads it through, and
	// listed here with Opts.
	Options []Option
	// Presets are option settings worth comparing side by side, each a
	// list of KEY=VALUE (the defaults are always compared).
	Presets [][]string
	// New builds the rule set from validated settings.
	New func(Settings) (Rules, error)

	// What the system is, declared, so that tools can list it and the
	// engine can admit operands against it in one place (package kit:
	// Admit, AdmitOperand).

	// DTypes returns the set of dtypes the system has under the settings,
	// shared and not to be modified (rule sets build each set once, not
	// per Build); nil means every dtype of the catalogue. DTypesOf lists
	// it.
	DTypes func(Settings) *DTypeSet
	// Weak says whether the system has weak operands.
	Weak WeakPolicy
	// Rules lists every rule the rule set can answer or refuse with, under
	// any settings: a test over the registry proves that the rule set's
	// vectors reach each one.
	Rules []*Rule
	// Admission words the refusals kit.Admit makes for the system.
	Admission Admission

	// Family is the display family the system is listed in. Every
	// built-in declares one (a test over the registry proves it); a rule
	// file has none and is listed after them.
	Family Family
	// Oracles are the live frameworks promote probe asks for the system,
	// in the order it asks them; none when no Python framework answers as
	// the rule set does.
	Oracles []LiveOracle
}

// OptionKind is the type of an option's value.
type OptionKind uint8

// The option kinds.
const (
	// BoolOption is true or false (also 1/0, yes/no, on/off).
	BoolOption OptionKind = iota + 1
	// EnumOption is one of Option.Values.
	EnumOption
	// DTypeOption is a dtype, spelled in the rule set's dialect.
	DTypeOption
)

// Option is one typed option of a rule set.
type Option struct {
	Name    string
	Kind    OptionKind
	Default string
	Values  []string // EnumOption: the allowed values
	Doc     string
	// Explain, when set, adds to the error for a value outside Values
	// what more there is to say about it (a release newer than the
	// newest known, say); it returns "" when there is nothing.
	Explain func(value string) string
}

// Allowed describes the values the option accepts.
func (o Option) Allowed() string {
	switch o.Kind {
	case BoolOption:
		return "true|false"
	case EnumOption:
		return strings.Join(o.Values, "|")
	case DTypeOption:
		return "a dtype"
	}
	return "?"
}

// Settings are a rule set's validated option values.
type Settings struct {
	def  *Def
	vals map[string]string
}

// Build parses KEY=VALUE settings and builds the rule set.
func (d *Def) Build(kv ...string) (Rules, error) {
	s, err := d.Parse(kv...)
	if err != nil {
		return nil, err
	}
	return d.New(s)
}

// MustBuild is Build for settings known to be valid (tests, examples,
// package-level defaults); it panics on error.
func (d *Def) MustBuild(kv ...string) Rules {
	r, err := d.Build(kv...)
	if err != nil {
		panic(err)
	}
	return r
}

// Parse validates KEY=VALUE settings against the options. An unknown key
// or a bad value is an error that names it and what would be valid.
func (d *Def) Parse(kv ...string) (Settings, error) {
	s := Settings{def: d, vals: make(map[string]string, len(d.Options))}
	for _, o := range d.Options {
		s.vals[o.Name] = o.Default
	}
	for _, item := range kv {
		key, val, ok := strings.Cut(item, "=")
		if !ok {
			return Settings{}, fmt.Errorf("%s: option %q is not KEY=VALUE (%s)", d.Name, item, d.optionList())
		}
		key, val = strings.TrimSpace(key), strings.TrimSpace(val)
		opt, found := d.option(key)
		if !found {
			return Settings{}, fmt.Errorf("%s: unknown option %q (%s)", d.Name, key, d.optionList())
		}
		norm, err := opt.check(d, val)
		if err != nil {
			return Settings{}, err
		}
		s.vals[key] = norm
	}
	return s, nil
}

func (d *Def) option(name string) (Option, bool) {
	for _, o := range d.Options {
		if o.Name == name {
			return o, true
		}
	}
	return Option{}, false
}

func (d *Def) optionList() string {
	if len(d.Options) == 0 {
		return "it has no options"
	}
	parts := make([]string, len(d.Options))
	for i, o := range d.Options {
		parts[i] = o.Name + "=" + o.Allowed()
	}
	return "valid: " + strings.Join(parts, ", ")
}

func (o Option) check(d *Def, val string) (string, error) {
	switch o.Kind {
	case BoolOption:
		switch strings.ToLower(val) {
		case "true", "1", "yes", "on":
			return "true", nil
		case "false", "0", "no", "off":
			return "false", nil
		}
	case EnumOption:
		for _, v := range o.Values {
			if strings.EqualFold(v, val) {
				return v, nil
			}
		}
	case DTypeOption:
		dial := d.Dialect
		if dial == nil {
			dial = dtype.Neutral
		}
		t, err := dial.Parse(val)
		if err != nil {
			return "", fmt.Errorf("%s: option %s: %w", d.Name, o.Name, err)
		}
		return t.String(), nil
	}
	more := ""
	if o.Explain != nil {
		more = o.Explain(val)
	}
	return "", fmt.Errorf("%s: option %s=%q: valid values are %s%s", d.Name, o.Name, val, o.Allowed(), more)
}

// Def returns the rule set's definition.
func (s Settings) Def() *Def { return s.def }

// Bool returns a BoolOption's value. Reading an option the rule set does
// not declare, or as another kind, panics: it is a programming error in
// the rule set (a misspelt name would otherwise read as false), and the
// tests over the registry build every rule set under every preset. A rule
// set reads its own options through their typed handles (BoolOpt.Of, ...),
// which call these with the declared name.
func (s Settings) Bool(name string) bool { return s.value(name, BoolOption) == "true" }

// Enum returns an EnumOption's value; it panics as Bool does.
func (s Settings) Enum(name string) string { return s.value(name, EnumOption) }

// DType returns a DTypeOption's value; it panics as Bool does.
func (s Settings) DType(name string) dtype.DType {
	t, _ := dtype.Parse(s.value(name, DTypeOption))
	return t
}

// value is the named option's value, checked against the declaration.
// The zero Settings (no definition) reads every option as "".
func (s Settings) value(name string, kind OptionKind) string {
	if s.def == nil {
		return ""
	}
	for i := range s.def.Options {
		if o := &s.def.Options[i]; o.Name == name {
			if o.Kind != kind {
				panic(fmt.Sprintf("promote: rule set %s reads option %s as another kind than it declares", s.def.Name, name))
			}
			return s.vals[name]
		}
	}
	panic(fmt.Sprintf("promote: rule set %s reads option %q, which it does not declare", s.def.Name, name))
}

// String writes the settings as KEY=VALUE pairs in option order.
func (s Settings) String() string {
	if s.def == nil {
		return ""
	}
	parts := make([]string, 0, len(s.def.Options))
	for _, o := range s.def.Options {
		parts = append(parts, o.Name+"="+s.vals[o.Name])
	}
	return strings.Join(parts, " ")
}

// Changed lists the settings that differ from the defaults, as KEY=VALUE.
func (s Settings) Changed() []string {
	var out []string
	if s.def == nil {
		return nil
	}
	for _, o := range s.def.Options {
		if s.vals[o.Name] != o.Default {
			out = append(out, o.Name+"="+s.vals[o.Name])
		}
	}
	return out
}
