package infer

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/promote-dev/promote"
)

// Ranks that are not a number of dimensions, as in promote.Operand.
const (
	rankPositive = int32(promote.RankPositive) // rank >= 1, not known exactly
	rankDynamic  = int32(promote.RankDynamic)  // rank unknown, maybe 0
)

// shape is a node's shape: a rank and, when the rank is exact and above 0,
// dims (len rank, -1 for an unknown dimension), which alias the Types'
// dims arena and are never modified.
type shape struct {
	rank int32
	dims []int64
}

// formatShape writes s in the operand grammar: "" for rank >= 1 unknown,
// [...] for a dynamic rank, [] for rank 0, [2,?] for dims.
func formatShape(b *strings.Builder, s shape) {
	switch {
	case s.rank == rankPositive:
	case s.rank == rankDynamic:
		b.WriteString("[...]")
	default:
		b.WriteByte('[')
		for i := int32(0); i < s.rank; i++ {
			if i > 0 {
				b.WriteByte(',')
			}
			if s.dims == nil || s.dims[i] < 0 {
				b.WriteByte('?')
			} else {
				b.WriteString(strconv.FormatInt(s.dims[i], 10))
			}
		}
		b.WriteByte(']')
	}
}

func shapeString(s shape) string {
	var b strings.Builder
	formatShape(&b, s)
	return b.String()
}

// broadcast gives the shape of an elementwise operation on a and b. With
// numpy true it follows NumPy's broadcasting (dimensions aligned from the
// right; a dimension of 1 stretches; an unknown dimension matches
// anything). With numpy false it follows anvil's nv_broadcast_scalars:
// only a rank-0 operand stretches, and otherwise the shapes must be equal.
// A changed shape is written to *arena; a result equal to an operand's
// shape shares its dims.
func broadcast(a, b shape, numpy bool, arena *[]int64) (shape, error) {
	switch {
	case a.rank == rankDynamic || b.rank == rankDynamic:
		return shape{rank: rankDynamic}, nil
	case a.rank == 0:
		return b, nil
	case b.rank == 0:
		return a, nil
	case a.rank == rankPositive || b.rank == rankPositive:
		return shape{rank: rankPositive}, nil
	}
	if !numpy {
		if a.rank != b.rank {
			return shape{}, fmt.Errorf("shapes %s and %s differ and neither is a scalar (only rank-0 operands are broadcast)", shapeString(a), shapeString(b))
		}
		out := a
		for i := range a.dims {
			if _, ok := joinDim(a.dims[i], b.dims[i], false); !ok {
				return shape{}, fmt.Errorf("shapes %s and %s differ and neither is a scalar (only rank-0 operands are broadcast)", shapeString(a), shapeString(b))
			}
			if a.dims[i] < 0 && b.dims[i] >= 0 {
				out = b
			}
		}
		return out, nil
	}
	if a.rank < b.rank {
		a, b = b, a
	}
	// Reuse a's dims when b changes none of them.
	same := true
	off := a.rank - b.rank
	for i := int32(0); i < b.rank; i++ {
		d, ok := joinDim(a.dims[off+i], b.dims[i], true)
		if !ok {
			return shape{}, fmt.Errorf("operands could not be broadcast together with shapes %s %s", shapeString(a), shapeString(b))
		}
		same = same && d == a.dims[off+i]
	}
	if same {
		return a, nil
	}
	start := len(*arena)
	*arena = append(*arena, a.dims...)
	out := (*arena)[start:len(*arena):len(*arena)]
	for i := int32(0); i < b.rank; i++ {
		out[off+i], _ = joinDim(a.dims[off+i], b.dims[i], true)
	}
	return shape{rank: a.rank, dims: out}, nil
}

// joinDim is one aligned pair of dimensions: equal ones, an unknown one
// with a known one (the known one, unless it is a stretchable 1), or (when
// stretch) a 1 with anything.
func joinDim(x, y int64, stretch bool) (int64, bool) {
	switch {
	case x == y:
		return x, true
	case stretch && x == 1:
		return y, true
	case stretch && y == 1:
		return x, true
	case x < 0:
		if stretch && y == 1 {
			return -1, true
		}
		return y, true
	case y < 0:
		return x, true
	}
	return 0, false
}

// matmulShape follows NumPy's matmul: 1-D operands are promoted to a row
// (left) or column (right) and the added axis removed afterwards; the
// batch dimensions broadcast; the contracted dimensions must match.
func matmulShape(a, b shape, arena *[]int64) (shape, error) {
	if a.rank == 0 || b.rank == 0 {
		return shape{}, fmt.Errorf("matmul: input operand does not have enough dimensions (a rank-0 operand)")
	}
	if a.rank < 0 || b.rank < 0 {
		// Two vectors give rank 0, anything else rank >= 1: unknown.
		return shape{rank: rankDynamic}, nil
	}
	ad, bd := a.dims, b.dims
	if a.rank == 1 {
		ad = []int64{1, ad[0]}
	}
	if b.rank == 1 {
		bd = []int64{bd[0], 1}
	}
	k1, k2 := ad[len(ad)-1], bd[len(bd)-2]
	if _, ok := joinDim(k1, k2, false); !ok {
		return shape{}, fmt.Errorf("matmul: mismatch in the contracted dimension (%d is not %d) for shapes %s and %s", k1, k2, shapeString(a), shapeString(b))
	}
	var batch shape
	var scratch []int64
	ba := shape{rank: int32(len(ad) - 2), dims: ad[:len(ad)-2]}
	bb := shape{rank: int32(len(bd) - 2), dims: bd[:len(bd)-2]}
	batch, err := broadcast(ba, bb, true, &scratch)
	if err != nil {
		return shape{}, fmt.Errorf("matmul: batch dimensions: %v", err)
	}
	start := len(*arena)
	*arena = append(*arena, batch.dims...)
	if a.rank > 1 {
		*arena = append(*arena, ad[len(ad)-2])
	}
	if b.rank > 1 {
		*arena = append(*arena, bd[len(bd)-1])
	}
	dims := (*arena)[start:len(*arena):len(*arena)]
	if len(dims) == 0 {
		return shape{rank: 0}, nil
	}
	return shape{rank: int32(len(dims)), dims: dims}, nil
}

// concatShape joins shapes along the first axis: equal ranks, equal
// dimensions after the first, first dimensions summed. With scalars true
// (anvil) a rank-0 operand counts as shape [1]; otherwise it is an error,
// as in NumPy, PyTorch and JAX.
func concatShape(ss []shape, scalars bool, arena *[]int64) (shape, error) {
	one := []int64{1}
	var out shape
	for i, s := range ss {
		if s.rank == 0 {
			if !scalars {
				return shape{}, fmt.Errorf("zero-dimensional arrays cannot be concatenated (operand %d)", i+1)
			}
			s = shape{rank: 1, dims: one}
		}
		if s.rank < 0 {
			if s.rank == rankDynamic {
				return shape{rank: rankDynamic}, nil
			}
			out = shape{rank: rankPositive}
			continue
		}
		if i == 0 {
			out = s
			continue
		}
		if out.rank == rankPositive {
			continue
		}
		if s.rank != out.rank {
			return shape{}, fmt.Errorf("all inputs must have the same number of dimensions, but operand 1 has %d and operand %d has %d", out.rank, i+1, s.rank)
		}
		start := len(*arena)
		*arena = append(*arena, out.dims...)
		d := (*arena)[start:len(*arena):len(*arena)]
		if d[0] >= 0 && s.dims[0] >= 0 {
			d[0] += s.dims[0]
		} else {
			d[0] = -1
		}
		for j := 1; j < len(d); j++ {
			v, ok := joinDim(d[j], s.dims[j], false)
			if !ok {
				return shape{}, fmt.Errorf("all dimensions but the first must match: %s and %s", shapeString(out), shapeString(s))
			}
			d[j] = v
		}
		out = shape{rank: s.rank, dims: d}
	}
	return out, nil
}
