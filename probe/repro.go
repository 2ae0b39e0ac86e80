package probe

import (
	"fmt"
	"strings"

	"github.com/promote-dev/promote"
)

// pythonOf writes q as Python for the framework, as its rule set's
// declaration says (promote.LiveOracle.Repro), or "" where the probe asks
// it through an internal call (Triton, Keras).
func pythonOf(f Framework, q query) string {
	form := f.Repro
	if form == nil {
		return ""
	}
	args := make([]string, len(q.ops))
	for i, op := range q.ops {
		if op.Kind == promote.Literal {
			args[i] = pyLiteral(op.Value)
			continue
		}
		name := q.wire[i].DType
		if form.DType != nil {
			name = form.DType(op.DType, name)
		}
		if op.Kind == promote.Scalar && form.Scalar != nil {
			args[i] = form.Scalar(op.DType, name, pyLiteral(op.Value))
			continue
		}
		f := form.Tensor
		if op.Rank == 0 {
			f = form.ZeroDim
		}
		args[i] = fmt.Sprintf(f, name)
	}
	return fmt.Sprintf(form.Call, strings.Join(args, form.Sep))
}

// pyLiteral writes a literal as Python source.
func pyLiteral(v promote.Value) string {
	switch v.Kind {
	case promote.BoolValue:
		if v.Bool {
			return "True"
		}
		return "False"
	case promote.FloatValue:
		switch t := strings.ToLower(v.Text); t {
		case "inf", "+inf", "-inf", "nan", "+nan", "-nan":
			if strings.HasPrefix(t, "-") {
				return fmt.Sprintf("-float(%q)", strings.TrimPrefix(t, "-"))
			}
			return fmt.Sprintf("float(%q)", strings.TrimPrefix(t, "+"))
		}
	}
	return v.Text
}
