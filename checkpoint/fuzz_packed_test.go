package checkpoint

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"testing"

	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/safetensors"
)

// FuzzDequantPackedShapes lays out one weight as ModelOpt's NVFP4,
// compressed-tensors' NVFP4, DeepSeek-V4's FP4 experts or its FP8 tiles,
// with weight and scale shapes and the scale's dtype chosen by the fuzzer
// (the data always matches the shapes, so the file itself is valid), and
// dequantizes it. Whatever the shapes say, dequant either writes the
// output or refuses with an error and leaves no output behind: never a
// panic, and never a partial output directory.
func FuzzDequantPackedShapes(f *testing.F) {
	f.Add(byte(0), uint8(2), uint8(8), uint8(2), uint8(1), byte(0), byte(0x38))
	f.Add(byte(1), uint8(2), uint8(8), uint8(2), uint8(2), byte(0), byte(0x38))
	f.Add(byte(2), uint8(6), uint8(48), uint8(6), uint8(3), byte(1), byte(127))
	f.Add(byte(3), uint8(130), uint8(70), uint8(1), uint8(1), byte(1), byte(127))
	f.Add(byte(3), uint8(130), uint8(70), uint8(2), uint8(1), byte(2), byte(127))
	f.Fuzz(func(t *testing.T, layout byte, wr, wc, sr, sc uint8, sdt, sbyte byte) {
		scaleTypes := []dtype.DType{dtype.F8E4M3FN, dtype.F8E8M0FNU, dtype.F32, dtype.U8}
		st := scaleTypes[int(sdt)%len(scaleTypes)]
		fill := func(n int64, b byte) []byte {
			out := make([]byte, n)
			for i := range out {
				out[i] = b
			}
			return out
		}
		scale := func(name string) safetensors.Named {
			n := int64(sr) * int64(sc) * int64(elemBytes(st))
			return tt(name, st, []int64{int64(sr), int64(sc)}, fill(n, sbyte))
		}
		var ts []safetensors.Named
		var config any
		switch layout % 4 {
		case 0, 1:
			base := "p"
			nv := nvfp4Tensors([]string{"modelopt", "compressed"}[layout%2], base, 1, make([]byte, 8), []byte{0x38}, 1)
			nv[0].Tensor.Shape, nv[0].Tensor.Data = []int64{int64(wr), int64(wc)}, fill(int64(wr)*int64(wc), 0x21)
			nv[1] = scale(nv[1].Name)
			ts = nv
		case 2:
			ts = []safetensors.Named{
				tt("layers.0.ffn.experts.0.w1.weight", dtype.I8, []int64{int64(wr), int64(wc)}, fill(int64(wr)*int64(wc), 0x21)),
				scale("layers.0.ffn.experts.0.w1.scale"),
			}
			config = v4ConfigJSON()
		case 3:
			ts = []safetensors.Named{
				tt("layers.0.attn.wq_b.weight", dtype.F8E4M3FN, []int64{int64(wr), int64(wc)}, fill(int64(wr)*int64(wc), 0x38)),
				scale("layers.0.attn.wq_b.scale"),
			}
			config = v4ConfigJSON()
		}
		dir := t.TempDir()
		in, out := filepath.Join(dir, "in"), filepath.Join(dir, "out")
		writeSharded(t, in, map[string][]safetensors.Named{"m.safetensors": ts}, config)
		c, err := Open(in)
		if err != nil {
			return
		}
		defer c.Close()
		if _, err := Dequant(bg, c, out, DequantOptions{}); err != nil {
			if _, serr := os.Stat(out); !errors.Is(serr, fs.ErrNotExist) {
				t.Fatalf("refused (%v) but left %s behind", err, out)
			}
			if ents, _ := os.ReadDir(dir); len(ents) != 1 {
				t.Fatalf("refused (%v) but left %d entries in the directory", err, len(ents))
			}
		}
	})
}
