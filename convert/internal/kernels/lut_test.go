package kernels

import (
	"encoding/binary"
	"math/rand/v2"
	"testing"
)

// TestLUT runs LUTs of every destination size and layout, the fast form
// where the CPU has one and the Go loop, over lengths and alignments
// that exercise the head, the blocks, the non-temporal loop and the
// tail, against a plain lookup.
func TestLUT(t *testing.T) {
	defer func(old int) { ntMin = old }(ntMin)
	rng := rand.New(rand.NewPCG(3, 4))
	for _, c := range []struct {
		name  string
		dsize int
		mask  uint64 // the bits a result may have
	}{
		{"bytes", 1, 0xff},
		{"words", 2, 0xffff},
		{"f32-like", 4, 0xffff0000},
		{"any 4 bytes", 4, 0xffffffff}, // the Go loop
		{"f64-like", 8, 0xffff << 48},
		{"any 8 bytes", 8, ^uint64(0)}, // the Go loop
	} {
		var vals [256]uint64
		for i := range vals {
			vals[i] = rng.Uint64() & c.mask
		}
		var lt LUT
		lt.Init(&vals, c.dsize)
		t.Logf("%s: in registers: %v", c.name, lt.fast)
		for _, nt := range []int{1 << 30, 64} {
			ntMin = nt
			for _, n := range []int{0, 1, 63, 64, 65, 200, 1000, 4096 + 17} {
				for _, off := range []int{0, 1, 5} {
					src := make([]byte, n+off)
					for i := range src {
						src[i] = byte(rng.Uint32())
					}
					src = src[off:]
					dst := make([]byte, n*c.dsize+off+8)[off:]
					for i := range dst {
						dst[i] = 0xa5
					}
					lt.Run(dst[:n*c.dsize], src)
					for i, b := range src {
						var got uint64
						switch c.dsize {
						case 1:
							got = uint64(dst[i])
						case 2:
							got = uint64(binary.LittleEndian.Uint16(dst[2*i:]))
						case 4:
							got = uint64(binary.LittleEndian.Uint32(dst[4*i:]))
						case 8:
							got = binary.LittleEndian.Uint64(dst[8*i:])
						}
						if got != vals[b] {
							t.Fatalf("%s n=%d off=%d ntMin=%d: element %d (byte %#x) = %#x, want %#x", c.name, n, off, nt, i, b, got, vals[b])
						}
					}
					for i := n * c.dsize; i < len(dst); i++ {
						if dst[i] != 0xa5 {
							t.Fatalf("%s n=%d off=%d: wrote past the end at byte %d", c.name, n, off, i)
						}
					}
				}
			}
		}
	}
}

// TestLUTRows runs RunRows over row widths that exercise the row loop's
// blocks and the Go tails, strides with gaps between rows, and every
// destination size, against a plain lookup; the gaps must stay untouched.
func TestLUTRows(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for _, c := range []struct {
		name  string
		dsize int
		mask  uint64
	}{
		{"bytes", 1, 0xff},
		{"words", 2, 0xffff},
		{"f32-like", 4, 0xffff0000},
		{"any 4 bytes", 4, 0xffffffff},
		{"f64-like", 8, 0xffff << 48},
	} {
		var vals [256]uint64
		for i := range vals {
			vals[i] = rng.Uint64() & c.mask
		}
		var lt LUT
		lt.Init(&vals, c.dsize)
		for _, rows := range []int{0, 1, 2, 7} {
			for _, width := range []int{0, 1, 63, 64, 65, 128, 130, 200} {
				for _, gap := range []int{0, 3, 64} {
					srcStride := width + gap
					dstStride := width*c.dsize + gap
					src := make([]byte, rows*srcStride+1)
					for i := range src {
						src[i] = byte(rng.Uint32())
					}
					dst := make([]byte, rows*dstStride+8)
					for i := range dst {
						dst[i] = 0xa5
					}
					lt.RunRows(dst, src, rows, width, dstStride, srcStride)
					for i := range dst {
						r, j := rows, 0
						if dstStride > 0 {
							r, j = i/dstStride, i%dstStride
						}
						if r >= rows || j >= width*c.dsize {
							if dst[i] != 0xa5 {
								t.Fatalf("%s rows=%d width=%d gap=%d: wrote byte %d, outside every row", c.name, rows, width, gap, i)
							}
							continue
						}
						e := j / c.dsize
						want := vals[src[r*srcStride+e]] >> (8 * (j % c.dsize))
						if dst[i] != byte(want) {
							t.Fatalf("%s rows=%d width=%d gap=%d: row %d element %d byte %d = %#x, want %#x", c.name, rows, width, gap, r, e, j%c.dsize, dst[i], byte(want))
						}
					}
				}
			}
		}
	}
}
