package promote

import (
	"reflect"
	"strings"
	"testing"

	"github.com/promote-dev/promote/dtype"
)

var testDef = &Def{
	Name: "test",
	Options: []Option{
		{Name: "strict", Kind: BoolOption, Default: "false"},
		{Name: "mode", Kind: EnumOption, Default: "a", Values: []string{"a", "b"}},
		{Name: "target", Kind: DTypeOption, Default: "f32"},
	},
	New: func(s Settings) (Rules, error) { return nil, nil },
}

func TestSettings(t *testing.T) {
	s, err := testDef.Parse("strict=TRUE", "mode=B", "target=float16")
	if err != nil {
		t.Fatal(err)
	}
	if !s.Bool("strict") || s.Enum("mode") != "b" || s.DType("target") != dtype.F16 {
		t.Errorf("settings = %s", s)
	}
	if got := s.String(); got != "strict=true mode=b target=f16" {
		t.Errorf("String() = %q", got)
	}
	if got := strings.Join(s.Changed(), " "); got != "strict=true mode=b target=f16" {
		t.Errorf("Changed() = %q", got)
	}
	d, _ := testDef.Parse()
	if d.Bool("strict") || d.Enum("mode") != "a" || d.DType("target") != dtype.F32 || len(d.Changed()) != 0 {
		t.Errorf("defaults = %s", d)
	}
}

// TestSettingsUndeclared: a rule set that reads an option it does not
// declare, or as another kind, is stopped at once (the option string is a
// contract the compiler cannot check; this is the check), naming the
// option; the zero Settings reads every option as zero.
func TestSettingsUndeclared(t *testing.T) {
	s, err := testDef.Parse()
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name string
		read func()
		want string
	}{
		{"misspelt", func() { s.Bool("strikt") }, `reads option "strikt", which it does not declare`},
		{"enum as bool", func() { s.Bool("mode") }, "reads option mode as another kind"},
		{"bool as enum", func() { s.Enum("strict") }, "reads option strict as another kind"},
		{"enum as dtype", func() { s.DType("mode") }, "reads option mode as another kind"},
	} {
		func() {
			defer func() {
				msg, _ := recover().(string)
				if !strings.Contains(msg, tt.want) || !strings.Contains(msg, "rule set test") {
					t.Errorf("%s: panic %q, want one containing %q", tt.name, msg, tt.want)
				}
			}()
			tt.read()
		}()
	}
	var zero Settings
	if zero.Bool("any") || zero.Enum("any") != "" || zero.DType("any") != dtype.Invalid {
		t.Errorf("the zero Settings reads options as set")
	}
}

// TestSettingsErrors: each bad setting is refused with a message that
// names it and what would be valid.
func TestSettingsErrors(t *testing.T) {
	for _, tt := range []struct{ kv, want string }{
		{"strict", "KEY=VALUE"},
		{"nope=1", "valid: strict=true|false, mode=a|b, target=a dtype"},
		{"strict=maybe", "valid values are true|false"},
		{"mode=c", "valid values are a|b"},
		{"target=f33", `"f33"`},
	} {
		_, err := testDef.Parse(tt.kv)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("Parse(%q) = %v, want an error containing %q", tt.kv, err, tt.want)
		}
	}
}

func TestErrorFormat(t *testing.T) {
	e := &Error{Rules: "x", Rule: &Rule{ID: "R1"}, Msg: "no", Operands: []Operand{T(dtype.F32), Int(2)}}
	if got := e.Error(); got != "x: no [rule R1; operands f32 2]" {
		t.Errorf("Error() = %q", got)
	}
}

// TestTypedOptions: a handle reads the value its option has in the
// settings, lists as the option with its kind set, and refuses, at
// declaration, a Kind its constructor does not make; read against a rule
// set that does not list it, it panics as a read by name does.
func TestTypedOptions(t *testing.T) {
	strict := NewBoolOpt(Option{Name: "strict", Default: "false"})
	mode := NewEnumOpt(Option{Name: "mode", Default: "a", Values: []string{"a", "b"}})
	target := NewDTypeOpt(Option{Name: "target", Default: "f32"})
	def := &Def{Name: "typed", Options: Opts(strict, mode, target)}
	if !reflect.DeepEqual(def.Options, testDef.Options) {
		t.Errorf("Opts = %+v, want %+v", def.Options, testDef.Options)
	}
	s, err := def.Parse("strict=yes", "mode=B", "target=float16")
	if err != nil {
		t.Fatal(err)
	}
	if !strict.Of(s) || mode.Of(s) != "b" || target.Of(s) != dtype.F16 {
		t.Errorf("Of = %v %v %v, want true b f16", strict.Of(s), mode.Of(s), target.Of(s))
	}
	func() {
		defer func() {
			if msg, _ := recover().(string); !strings.Contains(msg, "declared with a Kind") {
				t.Errorf("NewBoolOpt of an enum: panic %q", msg)
			}
		}()
		NewBoolOpt(Option{Name: "x", Kind: EnumOption})
	}()
	other, _ := (&Def{Name: "other"}).Parse()
	func() {
		defer func() {
			if msg, _ := recover().(string); !strings.Contains(msg, `reads option "mode", which it does not declare`) {
				t.Errorf("Of on another rule set's settings: panic %q", msg)
			}
		}()
		mode.Of(other)
	}()
}
