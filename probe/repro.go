package probe

import (
	"fmt"
	"strings"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
)

// pyForm says how to write a query as Python a user can run, for the
// disagreement table: the call around the operands (%s), what separates
// them, and each tensor with its dtype name (%s). It mirrors what the
// probe script does.
type pyForm struct {
	call, sep, t1, t0 string
}

var pyForms = map[string]pyForm{
	"torch":           {"torch.result_type(%s)", ", ", "torch.empty(1, dtype=torch.%s)", "torch.empty((), dtype=torch.%s)"},
	"numpy":           {"np.result_type(%s)", ", ", "np.ones(1, %s)", "np.ones((), %s)"},
	"numpy+ml_dtypes": {"np.result_type(%s)", ", ", "np.ones(1, %s)", "np.ones((), %s)"},
	"jax":             {"jax.eval_shape(jnp.add, %s).dtype", ", ", "np.ones(1, jnp.dtype(%q))", "np.ones((), jnp.dtype(%q))"},
	"cupy":            {"cupy.add(%s).dtype", ", ", "cupy.ones(1, %q)", "cupy.ones((), %q)"},
	"tensorflow":      {"tf.math.add(%s).dtype", ", ", "tf.ones([1], tf.%s)", "tf.ones([], tf.%s)"},
	"paddle":          {"(%s).dtype", " + ", "paddle.ones([1], %q)", "paddle.ones([], %q)"},
	"mlx":             {"mx.add(%s).dtype", ", ", "mx.ones((1,), mx.%s)", "mx.ones((), mx.%s)"},
	"tinygrad":        {"(%s).dtype", " + ", "Tensor.ones(1, dtype=dtypes.%s)", "Tensor.ones(dtype=dtypes.%s)"},
	"mindspore":       {"mindspore.ops.add(%s).dtype", ", ", "mindspore.ops.ones((1,), mindspore.%s)", "mindspore.ops.ones((), mindspore.%s)"},
}

// numpyBuiltin are the dtypes NumPy has without ml_dtypes.
var numpyBuiltin = map[dtype.DType]bool{
	dtype.Bool: true, dtype.I8: true, dtype.I16: true, dtype.I32: true, dtype.I64: true,
	dtype.U8: true, dtype.U16: true, dtype.U32: true, dtype.U64: true,
	dtype.F16: true, dtype.F32: true, dtype.F64: true, dtype.C64: true, dtype.C128: true,
	dtype.F80: true, dtype.C160: true,
}

// pythonOf writes q as Python for the framework, or "" where the probe
// asks it through an internal call (Triton, Keras).
func pythonOf(framework string, q query) string {
	form, ok := pyForms[framework]
	if !ok {
		return ""
	}
	args := make([]string, len(q.ops))
	for i, op := range q.ops {
		if op.Kind == promote.Literal {
			args[i] = pyLiteral(op.Value)
			continue
		}
		name := q.wire[i].DType
		if strings.HasPrefix(framework, "numpy") {
			if numpyBuiltin[op.DType] {
				name = fmt.Sprintf("np.dtype(%q)", name)
			} else {
				name = "ml_dtypes." + name
			}
		}
		if op.Kind == promote.Scalar {
			// Only NumPy has typed scalars among the frameworks asked.
			if strings.HasPrefix(name, "ml_dtypes.") {
				args[i] = fmt.Sprintf("%s(%s)", name, pyLiteral(op.Value))
			} else {
				args[i] = fmt.Sprintf("%s.type(%s)", name, pyLiteral(op.Value))
			}
			continue
		}
		f := form.t1
		if op.Rank == 0 {
			f = form.t0
		}
		args[i] = fmt.Sprintf(f, name)
	}
	return fmt.Sprintf(form.call, strings.Join(args, form.sep))
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
