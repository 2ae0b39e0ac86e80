package kit

import (
	"strings"
	"testing"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
)

func TestPairTable(t *testing.T) {
	rule := &promote.Rule{ID: "r"}
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

func (keepRight) FoldOne(o promote.Operand) (promote.Result, error) {
	return promote.Result{DType: o.DType}, nil
}
func (keepRight) FoldTwo(a, b promote.Operand) (promote.Result, error) {
	return promote.Result{DType: b.DType, Weak: a.Weak}, nil
}

func TestFoldLeft(t *testing.T) {
	ops := []promote.Operand{promote.Weak(promote.T(dtype.I8)), promote.T(dtype.F32), promote.T(dtype.U8)}
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
