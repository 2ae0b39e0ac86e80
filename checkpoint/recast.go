package checkpoint

import (
	"context"
	"fmt"
	"math"
	"strings"

	"github.com/promote-dev/promote/convert"
	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/safetensors"
)

// Recast converts the chosen tensors of a checkpoint to one dtype and
// writes the output to out: a .safetensors file for a file, a directory
// of the same shape for a directory or an index (see Options for
// sharding, memory and dry runs). Tensors not chosen are copied byte for
// byte; the metadata of each shard is kept; config.json's torch_dtype
// follows the target when the target is a float. FP8 weights that have
// scale tensors are refused: recasting them would drop their scales (use
// Dequant).
//
// The output appears only when every file is written: a failure or a
// cancelled ctx leaves the destination as it was, and the input is
// never written to.
func Recast(ctx context.Context, c *Checkpoint, out string, o RecastOptions) (*Report, error) {
	if err := o.normalize(); err != nil {
		return nil, err
	}
	p, err := planRecast(c, o)
	if err != nil {
		return nil, err
	}
	return execute(ctx, p, out, o.Writer, o.Options)
}

func planRecast(c *Checkpoint, o RecastOptions) (*plan, error) {
	if !safetensors.Supported(o.To) {
		return nil, fmt.Errorf("checkpoint: safetensors cannot store %v", o.To)
	}
	pick := o.Select
	if pick == nil {
		pick = func(t Tensor) bool { return t.DType.IsFloat() }
	}
	p := &plan{op: "recast", to: o.To, ck: c}
	converted := 0
	// One allocation each for the outputs and their reports, not one per
	// tensor (a checkpoint may hold a million tiny tensors); a producer
	// is one pointer, held in the interface without an allocation.
	n := len(c.tensors)
	outs, reps := make([]output, n), make([]TensorReport, n)
	p.recast = &recastTarget{to: o.To, policy: o.Policy}
	p.outputs = make([]*output, 0, n)
	if n <= math.MaxInt32 {
		p.reps = reps
	}
	for i := range c.tensors {
		t := &c.tensors[i]
		rep := &reps[i]
		*rep = TensorReport{Name: t.Name, From: DTypeLabel(t.DType), Shape: t.Shape, Action: Copied}
		out := &outs[i]
		*out = output{id: t, dt: t.DType, ri: int32(i), prod: copyProducer{t}, rep: rep}
		if t.DType != o.To && pick(*t) {
			s, ok := scaleOf(c, t)
			if !ok && isFP8(t.DType) {
				s, ok = dotScaleOf(c, t.Name)
			}
			if ok {
				return nil, fmt.Errorf("checkpoint: tensor %q is %v with the scales %q: recasting it would drop them; use dequant", t.Name, t.DType, s.Name)
			}
			if s, ok := isPackedFP4(c, t); ok && s.DType == dtype.F8E8M0FNU {
				return nil, fmt.Errorf("checkpoint: tensor %q is %v with the E8M0 scales %q (packed FP4, two values a byte): recasting the bytes as numbers would be garbage; use dequant", t.Name, t.DType, s.Name)
			}
			// A pair the policy refuses whatever the value, refused up front.
			if _, _, err := convert.Scalar(o.To, t.DType, convert.Pattern{}, o.Policy); err != nil {
				return nil, fmt.Errorf("checkpoint: tensor %q: %v to %v: %v", t.Name, t.DType, o.To, err)
			}
			if n := t.elems(); fileBits(o.To) < 8 && n*fileBits(o.To)%8 != 0 {
				return nil, fmt.Errorf("checkpoint: tensor %q: %d elements of %v do not fill whole bytes, which the safetensors format requires; choose another dtype or leave the tensor out", t.Name, n, o.To)
			}
			out.dt = o.To
			out.prod = recastProducer{t}
			rep.Action, rep.To = Converted, DTypeLabel(o.To)
			converted++
		}
		p.outputs = append(p.outputs, out)
	}
	if c.config != nil {
		if set := dtypeMembers(c.config, o.To.String()); converted > 0 && len(set) > 0 {
			b, err := editConfig(c.config, set)
			if err != nil {
				return nil, fmt.Errorf("checkpoint: %w", err)
			}
			p.config = b
			keys := make([]string, len(set))
			for i, m := range set {
				keys[i] = m.key
			}
			p.configNote = strings.Join(keys, " and ") + " set to " + torchDTypeName(o.To.String())
		} else {
			p.configNote = "copied unchanged"
		}
	}
	return p, nil
}

// fp8Types are the FP8 formats a weight with scales may have.
func isFP8(d dtype.DType) bool {
	switch d {
	case dtype.F8E4M3FN, dtype.F8E5M2, dtype.F8E4M3FNUZ, dtype.F8E5M2FNUZ:
		return true
	}
	return false
}

// scaleSuffixes are the names of an FP8 weight's scales, after the
// weight's own name: DeepSeek-V3's and transformers' X.weight_scale_inv
// (NAME_scale_inv for transformers' expert tensors), vLLM's and
// compressed-tensors' X.weight_scale. Both multiply.
var scaleSuffixes = []string{"_scale_inv", "_scale"}

// scaleOf returns the scale tensor of an FP8 weight.
func scaleOf(c *Checkpoint, t *Tensor) (*Tensor, bool) {
	if !isFP8(t.DType) {
		return nil, false
	}
	for _, suf := range scaleSuffixes {
		if i, ok := c.find(t.Name + suf); ok {
			return &c.tensors[i], true
		}
	}
	return nil, false
}
