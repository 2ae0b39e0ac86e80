package checkpoint

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"testing"
)

// TestTranspose: every element size the dequantizers write, shapes with
// and without whole tiles and whole groups of rows, against the element
// loop.
func TestTranspose(t *testing.T) {
	r := rand.New(rand.NewPCG(31, 32))
	for _, eb := range []int64{1, 2, 4, 8} {
		for _, sh := range [][2]int64{{1, 1}, {1, 70}, {70, 1}, {3, 5}, {4, 64}, {8, 8}, {4, 4}, {8, 16}, {16, 8}, {32, 64}, {33, 65}, {67, 130}, {128, 3}, {5, 200}, {13, 21}, {24, 7}} {
			rows, cols := sh[0], sh[1]
			src := randBytes(r, rows*cols*eb)
			want := make([]byte, len(src))
			for i := range rows {
				for j := range cols {
					copy(want[(j*rows+i)*eb:(j*rows+i+1)*eb], src[(i*cols+j)*eb:(i*cols+j+1)*eb])
				}
			}
			got := make([]byte, len(src))
			transpose(got, src, rows, cols, eb)
			if !bytes.Equal(got, want) {
				t.Errorf("%d-byte elements, %d x %d: %d bytes differ", eb, rows, cols, countDiff(got, want))
			}
		}
	}
}

// BenchmarkTranspose: an MXFP4 stripe of gpt-oss's gate_up_proj (5760
// rows, two groups of 32 values) to bf16 and f32; bytes are the output's.
func BenchmarkTranspose(b *testing.B) {
	for _, eb := range []int64{2, 4} {
		const rows, cols = 5760, 64
		b.Run(fmt.Sprint(eb), func(b *testing.B) {
			src := make([]byte, rows*cols*eb)
			dst := make([]byte, len(src))
			b.SetBytes(int64(len(src)))
			for b.Loop() {
				transpose(dst, src, rows, cols, eb)
			}
		})
	}
}
