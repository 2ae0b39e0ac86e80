package checkpoint

import (
	"fmt"
	"math"
	"strings"

	"github.com/promote-dev/promote/dtype"
)

// grid says which scale applies to which element of a weight: the last
// two dimensions (rows × cols; a 1-D weight is one row) are cut into
// blocks of bm × bn, partial last blocks included, and each block of each
// leading index (an expert) has one scale, stored row-major as
// [lead..., sr, sc]. A per-tensor scale is the grid with one block.
type grid struct {
	lead, rows, cols int64
	bm, bn           int64
	sr, sc           int64
	perTensor        bool
}

// scaleIndex returns the scale of element i (flat, row-major).
func (g *grid) scaleIndex(i int64) int64 {
	if g.perTensor {
		return 0
	}
	row := i / g.cols // over lead × rows
	return g.scaleRow(row)*g.sc + i%g.cols/g.bn
}

// scaleRow returns the scale row of a global row (over lead × rows).
func (g *grid) scaleRow(row int64) int64 {
	if g.perTensor {
		return 0
	}
	return row/g.rows*g.sr + row%g.rows/g.bm
}

// rowsLeft returns how many rows, from global row row on, share its
// scale row: to the end of its block of bm rows, or of its matrix.
func (g *grid) rowsLeft(row int64) int64 {
	r := row % g.rows
	if g.perTensor {
		return g.rows - r
	}
	return min(g.bm-r%g.bm, g.rows-r)
}

// count is the number of scales.
func (g *grid) count() int64 {
	if g.perTensor {
		return 1
	}
	return g.lead * g.sr * g.sc
}

// String names the granularity for a report.
func (g *grid) String() string {
	switch {
	case g.perTensor:
		return "per-tensor"
	case g.bn == g.cols && g.bm == 1:
		return "per-channel"
	}
	return fmt.Sprintf("block %dx%d", g.bm, g.bn)
}

func ceilDiv(a, b int64) int64 { return (a + b - 1) / b }

// fitGrid works out how scale tensor s (shape sshape) applies to weight
// w (shape wshape), given the configured block size. Accepted, for a
// weight [lead..., M, N]: [lead..., ceil(M/bm), ceil(N/bn)] (blocks,
// partial last blocks included: DeepSeek-V3's weight_dequant takes
// ceil-divided grids); per-channel [lead..., M, 1] (compressed-tensors
// and FBGEMM store it so) and [M] for a 2-D weight; groups of a row
// [lead..., M, ceil(N/bn)]; and one value broadcast over the whole
// tensor only where the format declares a per-tensor scale, by a shape
// of rank below 2 ([] or [1]: vLLM's and ModelOpt's weight_scale,
// compressed-tensors' tensor strategy), or where the weight is one
// block. A one-element scale of the grid's rank for a weight of more
// than one block ([1,1] for a [130,70] weight under 128×128 blocks,
// whose grid is [2,1]) is a grid that does not fit, not a per-tensor
// scale: it is refused, as is a dimension of 1 that the block size does
// not give (the block would span rows that were scaled apart).
func fitGrid(wname string, wshape []int64, sname string, sshape []int64, block [2]int64) (*grid, error) {
	sn := int64(1)
	for _, d := range sshape {
		sn *= d
	}
	g := &grid{lead: 1, rows: 1, cols: 1}
	switch len(wshape) {
	case 0:
	case 1:
		g.cols = wshape[0]
	default:
		g.rows, g.cols = wshape[len(wshape)-2], wshape[len(wshape)-1]
		for _, d := range wshape[:len(wshape)-2] {
			g.lead *= d
		}
	}
	oneBlock := g.lead == 1 && ceilDiv(max(g.rows, 1), block[0]) == 1 && ceilDiv(max(g.cols, 1), block[1]) == 1
	if sn == 1 && (len(sshape) < 2 || len(wshape) < 2 || oneBlock) {
		g.perTensor = true
		g.bm, g.bn, g.sr, g.sc = max(g.rows, 1), max(g.cols, 1), 1, 1
		return g, nil
	}
	bad := func(why string) error {
		want := []string{"one value"}
		if len(wshape) >= 2 {
			lead := wshape[:len(wshape)-2]
			want = append([]string{
				shapeText(append(append([]int64{}, lead...), ceilDiv(g.rows, block[0]), ceilDiv(g.cols, block[1]))) + fmt.Sprintf(" (block %dx%d)", block[0], block[1]),
				shapeText(append(append([]int64{}, lead...), g.rows, 1)) + " (per channel)",
			}, want...)
			want[len(want)-1] = "[] or [1] (per tensor)"
		}
		return fmt.Errorf("scale tensor %q has shape %s, which does not fit weight %q of shape %s under %dx%d blocks%s; want %s",
			sname, shapeText(sshape), wname, shapeText(wshape), block[0], block[1], why, strings.Join(want, ", "))
	}
	if len(wshape) < 2 {
		return nil, bad(" (a weight of rank below 2 takes one scale)")
	}
	s := sshape
	if len(wshape) == 2 && len(s) == 1 {
		s = []int64{s[0], 1}
	}
	if len(s) != len(wshape) {
		return nil, bad("")
	}
	for i, d := range wshape[:len(wshape)-2] {
		if s[i] != d {
			return nil, bad("")
		}
	}
	sr, sc := s[len(s)-2], s[len(s)-1]
	switch {
	case sr == ceilDiv(g.rows, block[0]):
		g.bm = block[0]
	case sr == g.rows:
		g.bm = 1
	default:
		return nil, bad("")
	}
	switch {
	case sc == ceilDiv(g.cols, block[1]):
		g.bn = block[1]
	case sc == 1 && sr == g.rows:
		g.bn = max(g.cols, 1) // per channel: one scale a row
	case sc == g.cols:
		g.bn = 1
	default:
		return nil, bad("")
	}
	g.sr, g.sc = sr, sc
	return g, nil
}

func shapeText(s []int64) string {
	parts := make([]string, len(s))
	for i, d := range s {
		parts[i] = fmt.Sprint(d)
	}
	return "[" + strings.Join(parts, ",") + "]"
}

// scaleDTypes are the dtypes a scale tensor may have: each value is
// exactly an f32, so value × scale is exact in float64.
func scaleDTypeOK(d dtype.DType) bool {
	switch d {
	case dtype.F32, dtype.BF16, dtype.F16, dtype.F8E8M0FNU:
		return true
	}
	return false
}

// readScales reads scales [lo, hi) of scale tensor s into dst as float64
// and checks each is finite and positive: a NaN, zero, negative or
// infinite scale is an error naming the tensor and the scale's index.
func readScales(wk *worker, s *Tensor, lo, hi int64, dst []float64) error {
	eb := fileBits(s.DType) / 8
	raw := wk.buf(bufScale, (hi-lo)*eb)
	if err := wk.ck.readAt(s, raw, lo*eb); err != nil {
		return err
	}
	decodeInto(dst[:hi-lo], raw, s.DType)
	for i, v := range dst[:hi-lo] {
		if v > 0 && !math.IsInf(v, 0) {
			continue
		}
		what := "NaN"
		switch {
		case v == 0:
			what = "zero"
		case v < 0:
			what = fmt.Sprintf("negative (%g)", v)
		case math.IsInf(v, 0):
			what = "infinite"
		}
		return fmt.Errorf("%s: scale tensor %q: the scale at %s is %s; scales must be finite and positive",
			wk.ck.file(s), s.Name, indexText(lo+int64(i), s.Shape), what)
	}
	return nil
}

// indexText writes flat index i of a tensor of shape as [i0,i1,...].
func indexText(i int64, shape []int64) string {
	if len(shape) == 0 {
		return "[]"
	}
	idx := make([]int64, len(shape))
	for k := len(shape) - 1; k >= 0; k-- {
		if shape[k] > 0 {
			idx[k] = i % shape[k]
			i /= shape[k]
		}
	}
	return shapeText(idx)
}
