package promote

import (
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

func TestPairTable(t *testing.T) {
	rule := &Rule{ID: "r"}
	tab := NewPairTable("t", func(a, b dtype.DType) Decision {
		if a == dtype.U16 {
			return Decision{Rule: rule, Msg: "no u16"}
		}
		return Decision{Out: b, Rule: rule}
	})
	if r, err := tab.Lookup(dtype.F32, dtype.I8); err != nil || r.DType != dtype.I8 || r.Rule != rule {
		t.Errorf("Lookup = %v, %v", r, err)
	}
	if _, err := tab.Lookup(dtype.U16, dtype.I8); err == nil || !strings.Contains(err.Error(), "no u16") {
		t.Errorf("refusal = %v", err)
	}
	if _, err := tab.Lookup(dtype.Invalid, dtype.I8); err == nil {
		t.Error("invalid dtype accepted")
	}
	if n := testing.AllocsPerRun(100, func() { tab.Lookup(dtype.F32, dtype.I8) }); n != 0 {
		t.Errorf("Lookup allocates %v times", n)
	}
}

// keepRight is a deliberately order-dependent fold: keep the right operand.
type keepRight struct{}

func (keepRight) FoldOne(o Operand) (Result, error) { return Result{DType: o.DType}, nil }
func (keepRight) FoldTwo(a, b Operand) (Result, error) {
	return Result{DType: b.DType, Weak: a.Weak}, nil
}

func TestFoldLeft(t *testing.T) {
	ops := []Operand{Weak(T(dtype.I8)), T(dtype.F32), T(dtype.U8)}
	r, _ := FoldLeft(ops, keepRight{})
	if r.DType != dtype.U8 {
		t.Errorf("fold = %v", r)
	}
	if _, err := FoldLeft(nil, keepRight{}); err == nil {
		t.Error("empty fold accepted")
	}
	if n := testing.AllocsPerRun(100, func() { FoldLeft(ops, keepRight{}) }); n != 0 {
		t.Errorf("FoldLeft allocates %v times", n)
	}
}
