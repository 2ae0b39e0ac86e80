package promote

import (
	"fmt"

	"github.com/promote-dev/promote/dtype"
)

// TypedOption is an option's typed handle: *BoolOpt, *EnumOpt or
// *DTypeOpt. A rule set declares each of its options once, as a package
// variable holding a handle built by NewBoolOpt, NewEnumOpt or
// NewDTypeOpt; it lists the handles as its Def's Options with Opts and
// reads each value through the handle's Of. The compiler then checks every
// read, and the option's name is written in its declaration only: a read
// by a string key (Settings.Enum("mode")) is a contract between two places
// that nothing checks until it runs.
type TypedOption interface {
	// Opt returns the option as Def.Options lists it.
	Opt() Option
}

// Opts lists typed options as a Def's Options, in the order given (the
// order in which `promote rules` and errors list them).
func Opts(opts ...TypedOption) []Option {
	out := make([]Option, len(opts))
	for i, o := range opts {
		out[i] = o.Opt()
	}
	return out
}

// BoolOpt is the handle of a BoolOption.
type BoolOpt struct{ Option }

// NewBoolOpt declares a BoolOption: o with its Kind set (leave Kind zero).
func NewBoolOpt(o Option) *BoolOpt { return &BoolOpt{withKind(o, BoolOption)} }

// Opt returns the option as Def.Options lists it.
func (o *BoolOpt) Opt() Option { return o.Option }

// Of returns the option's value in s. It panics, as Settings.Bool does,
// when s is the settings of a rule set that does not list the option.
func (o *BoolOpt) Of(s Settings) bool { return s.Bool(o.Name) }

// EnumOpt is the handle of an EnumOption.
type EnumOpt struct{ Option }

// NewEnumOpt declares an EnumOption: o with its Kind set (leave Kind
// zero). o.Values lists the allowed values.
func NewEnumOpt(o Option) *EnumOpt { return &EnumOpt{withKind(o, EnumOption)} }

// Opt returns the option as Def.Options lists it.
func (o *EnumOpt) Opt() Option { return o.Option }

// Of returns the option's value in s, one of its Values as the
// declaration spells it. It panics as BoolOpt.Of does.
func (o *EnumOpt) Of(s Settings) string { return s.Enum(o.Name) }

// DTypeOpt is the handle of a DTypeOption.
type DTypeOpt struct{ Option }

// NewDTypeOpt declares a DTypeOption: o with its Kind set (leave Kind
// zero).
func NewDTypeOpt(o Option) *DTypeOpt { return &DTypeOpt{withKind(o, DTypeOption)} }

// Opt returns the option as Def.Options lists it.
func (o *DTypeOpt) Opt() Option { return o.Option }

// Of returns the option's value in s. It panics as BoolOpt.Of does.
func (o *DTypeOpt) Of(s Settings) dtype.DType { return s.DType(o.Name) }

// withKind sets o's Kind; a declaration that names another kind is a
// programming error in the rule set, stopped at init.
func withKind(o Option, k OptionKind) Option {
	if o.Kind != 0 && o.Kind != k {
		panic(fmt.Sprintf("promote: option %s: declared with a Kind its constructor does not make", o.Name))
	}
	o.Kind = k
	return o
}
