package tensor

import (
	"fmt"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/convert"
	"github.com/promote-dev/promote/dtype"
)

// Options tune Convert and ConvertPromoteTypes.
type Options struct {
	// Copy makes ConvertPromoteTypes return a copy of a tensor that is
	// already of the common dtype instead of the tensor itself.
	Copy bool
	// Convert tunes the conversion engine (threads).
	Convert convert.Options
}

// Convert returns a new tensor of dtype to holding t's elements converted
// under p by the conversion engine (convert.Buffer), with t's shape. Every
// element changes only as p says (rounding, overflow, NaN); a policy's
// refusal is an error naming the element. Sub-byte dtypes are unpacked to
// one element a byte, converted, and packed again. Converting to t's own
// dtype copies the data.
func Convert(t *Tensor, to dtype.DType, p convert.Policy, o convert.Options) (*Tensor, error) {
	if err := t.Check(); err != nil {
		return nil, err
	}
	n, size, err := storage(to, t.Shape)
	if err != nil {
		return nil, err
	}
	src, err := t.Elements()
	if err != nil {
		return nil, err
	}
	out := &Tensor{DType: to, Shape: append([]int64{}, t.Shape...), Data: make([]byte, size)}
	dst := out.Data
	if to.Bits() < 8 {
		dst = make([]byte, n)
	}
	if err := convert.Buffer(dst, to, src, t.DType, p, o); err != nil {
		return nil, fmt.Errorf("tensor: converting %v to %v: %w", t, to, err)
	}
	if to.Bits() < 8 {
		if err := Pack(out.Data, dst, OnePerByte, to, n); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// Operand returns t as the promotion model sees it: a tensor operand of
// t's dtype with t's exact shape (rank 0 for shape []), so rules that
// look at ranks (OpenVINO's pytorch_scalar_promotion, PyTorch's
// zero-dim category) see the real one. A rank-0 tensor carries its value
// (promote.ZeroDimOf with Value), so rules that look at values (NumPy
// 1.x's value-based promotion, numpy's promotion=legacy) see it; a
// malformed rank-0 tensor (see Check) has none.
func (t *Tensor) Operand() promote.Operand {
	if len(t.Shape) == 0 {
		if v, err := t.Value(); err == nil {
			return promote.ZeroDimOf(t.DType, v)
		}
	}
	return promote.Shaped(t.DType, t.Shape...)
}

// ConvertPromoteTypes is OpenVINO's ConvertPromoteTypes generalised to any
// rule set: it asks r for the common type of a and b (as operands with
// their real shapes, see Operand), then converts both to it under p with
// the conversion engine. Shapes are kept (no broadcasting). A tensor
// already of the common dtype is returned as is, sharing its Data, unless
// opt.Copy is set. A refusal by r is returned wrapped, so errors.As finds
// the *promote.Error with the rule that refused; a common type with no
// storage (OpenVINO's dynamic) is an error naming the rule.
func ConvertPromoteTypes(a, b *Tensor, r promote.Rules, p convert.Policy, opt Options) (a2, b2 *Tensor, res promote.Result, err error) {
	if err := a.Check(); err != nil {
		return nil, nil, res, fmt.Errorf("first tensor: %w", err)
	}
	if err := b.Check(); err != nil {
		return nil, nil, res, fmt.Errorf("second tensor: %w", err)
	}
	res, err = r.Result(a.Operand(), b.Operand())
	if err != nil {
		return nil, nil, res, fmt.Errorf("tensor: no common type for %v and %v: %w", a, b, err)
	}
	if res.DType.Bits() == 0 {
		return nil, nil, res, fmt.Errorf("tensor: %s gives %v for %v and %v (rule %v), which has no storage to convert to",
			r.Def().Name, res.DType, a, b, res.Rule)
	}
	if a2, err = convertTo(a, res.DType, p, opt); err != nil {
		return nil, nil, res, err
	}
	if b2, err = convertTo(b, res.DType, p, opt); err != nil {
		return nil, nil, res, err
	}
	return a2, b2, res, nil
}

// ConvertPromoteAll is ConvertPromoteTypes for any number of tensors, at
// least two: it asks r for the common type of all of them at once (r's own
// N-operand semantics: a left fold, a lattice join; a rule set that takes
// exactly two refuses more), each an operand of its real shape, and
// converts every tensor to it under p, in order. Two tensors are exactly
// ConvertPromoteTypes. A tensor already of the common dtype is returned as
// is unless opt.Copy is set. This is what promote convert does with the
// arrays of .npz archives: a model's weights cast to one dtype.
func ConvertPromoteAll(ts []*Tensor, r promote.Rules, p convert.Policy, opt Options) ([]*Tensor, promote.Result, error) {
	switch len(ts) {
	case 0, 1:
		return nil, promote.Result{}, fmt.Errorf("tensor: ConvertPromoteAll takes at least two tensors, got %d", len(ts))
	case 2:
		a, b, res, err := ConvertPromoteTypes(ts[0], ts[1], r, p, opt)
		if err != nil {
			return nil, res, err
		}
		return []*Tensor{a, b}, res, nil
	}
	ops := make([]promote.Operand, len(ts))
	for i, x := range ts {
		if err := x.Check(); err != nil {
			return nil, promote.Result{}, fmt.Errorf("array %d: %w", i+1, err)
		}
		ops[i] = x.Operand()
	}
	res, err := r.Result(ops...)
	if err != nil {
		return nil, res, fmt.Errorf("no common type for the %d arrays: %w", len(ts), err)
	}
	if res.DType.Bits() == 0 {
		return nil, res, fmt.Errorf("%s gives %v (rule %v), which has no storage to convert to", r.Def().Name, res.DType, res.Rule)
	}
	out := make([]*Tensor, len(ts))
	for i, x := range ts {
		if out[i], err = convertTo(x, res.DType, p, opt); err != nil {
			return nil, res, err
		}
	}
	return out, res, nil
}

func convertTo(t *Tensor, to dtype.DType, p convert.Policy, opt Options) (*Tensor, error) {
	if t.DType == to && !opt.Copy {
		return t, nil
	}
	return Convert(t, to, p, opt.Convert)
}
