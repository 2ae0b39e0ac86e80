package checkpoint

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/promote-dev/promote/convert"
	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/safetensors"
)

// benchCheckpoint is an in-memory checkpoint of one FP8 weight [m, n]
// with block scales (or per-tensor, perTensor).
func benchCheckpoint(b *testing.B, m, n int64, perTensor bool) *Checkpoint {
	b.Helper()
	r := rand.New(rand.NewPCG(7, 8))
	w := tt("w.weight", dtype.F8E4M3FN, []int64{m, n}, randBytes(r, m*n, 0x7f, 0xff))
	s := tt("w.weight_scale_inv", dtype.F32, []int64{ceilDiv(m, 128), ceilDiv(n, 128)}, randScales(r, ceilDiv(m, 128)*ceilDiv(n, 128)))
	if perTensor {
		s = tt("w.weight_scale", dtype.F32, []int64{}, randScales(r, 1))
	}
	var buf bytes.Buffer
	if err := safetensors.Encode(&buf, []safetensors.Named{w, s}, nil); err != nil {
		b.Fatal(err)
	}
	c, err := OpenReader(bytes.NewReader(buf.Bytes()), int64(buf.Len()), "bench.safetensors")
	if err != nil {
		b.Fatal(err)
	}
	return c
}

// BenchmarkDequantFP8: FP8 with 128×128 block scales to bf16, streamed
// to io.Discard; bytes are the FP8 bytes read.
func BenchmarkDequantFP8(b *testing.B) {
	for _, mode := range []Mode{Exact, Reference} {
		for _, threads := range []int{1, 2} {
			b.Run(mode.String()+"/threads="+string(rune('0'+threads)), func(b *testing.B) {
				c := benchCheckpoint(b, 2048, 7168, false)
				b.SetBytes(2048 * 7168)
				for b.Loop() {
					if _, err := Dequant(bg, c, "bench", DequantOptions{Mode: mode, Options: Options{Threads: threads, Writer: io.Discard}}); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

// BenchmarkLookup16: the table lookup of FP8 dequantization alone, 1 MiB
// of source bytes.
func BenchmarkLookup16(b *testing.B) {
	r := rand.New(rand.NewPCG(1, 2))
	src := randBytes(r, 1<<20)
	dst := make([]byte, 2<<20)
	var l lut
	b.SetBytes(1 << 20)
	for b.Loop() {
		lookup16(dst, src, &l)
	}
}

// BenchmarkLUTBuild: building one scale's table (per 128×128 block).
func BenchmarkLUTBuild(b *testing.B) {
	lb := newLUTBuilder(dtype.F8E4M3FN, dtype.BF16, Exact)
	var l lut
	for b.Loop() {
		lb.build(&l, 0.0123)
	}
}

// BenchmarkLUTBuildGeneric: the generic build, for comparison.
func BenchmarkLUTBuildGeneric(b *testing.B) {
	lb := newLUTBuilder(dtype.F8E4M3FN, dtype.BF16, Exact)
	var l lut
	for b.Loop() {
		lb.slowBuild(&l, 0.0123)
	}
}

// BenchmarkTallyBF16: recast's report of f32 -> bf16 over weights as
// models hold them (nearly all rounded); bytes are the f32 bytes. 16Ki
// values stay in the cache, 1Mi do not.
func BenchmarkTallyBF16(b *testing.B) {
	for _, n := range []int{16 << 10, 1 << 20} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			r := rand.New(rand.NewPCG(3, 3))
			xs := make([]byte, 4*n)
			for i := range n {
				binary.LittleEndian.PutUint32(xs[4*i:], math.Float32bits(float32(r.NormFloat64())))
			}
			ys := make([]byte, 2*n)
			if err := convert.Buffer(ys, dtype.BF16, xs, dtype.F32, convert.Default(), convert.Options{Threads: 1}); err != nil {
				b.Fatal(err)
			}
			ovf := rangeOf(dtype.BF16).ovf
			b.SetBytes(int64(4 * n))
			for b.Loop() {
				var c Counts
				tallyBF16(&c, xs, ys, ovf)
			}
		})
	}
}

// benchPacked is an in-memory checkpoint of one packed FP4 weight of
// m×k values: DeepSeek-V4's routed expert (I8 with E8M0 per 32) or
// ModelOpt's NVFP4 (U8 with E4M3 per 16 and a global scale).
func benchPacked(b *testing.B, layout string, m, k int64) *Checkpoint {
	b.Helper()
	r := rand.New(rand.NewPCG(5, 6))
	var ts []safetensors.Named
	var meta map[string]string
	if layout == "v4" {
		ts = []safetensors.Named{
			tt("layers.0.ffn.experts.0.w1.weight", dtype.I8, []int64{m, k / 2}, randBytes(r, m*k/2)),
			tt("layers.0.ffn.experts.0.w1.scale", dtype.F8E8M0FNU, []int64{m, k / 32}, e8m0Bytes(r, m*k/32)),
		}
	} else {
		s := randBytes(r, m*k/16)
		for i := range s {
			s[i] = 0x20 + s[i]%0x30
		}
		ts = []safetensors.Named{
			tt("w.weight", dtype.U8, []int64{m, k / 2}, randBytes(r, m*k/2)),
			tt("w.weight_scale", dtype.F8E4M3FN, []int64{m, k / 16}, s),
			tt("w.weight_scale_2", dtype.F32, []int64{}, f32Bytes([]float32{0.0123})),
		}
	}
	var buf bytes.Buffer
	if err := safetensors.Encode(&buf, ts, meta); err != nil {
		b.Fatal(err)
	}
	c, err := OpenReader(bytes.NewReader(buf.Bytes()), int64(buf.Len()), "bench.safetensors")
	if err != nil {
		b.Fatal(err)
	}
	if layout == "v4" {
		c.config = []byte(`{"expert_dtype": "fp4", "quantization_config": {"scale_fmt": "ue8m0"}}`)
	}
	return c
}

// BenchmarkDequantPackedFP4: DeepSeek-V4's FP4 experts and ModelOpt's
// NVFP4 to bf16, streamed to io.Discard; bytes are the packed bytes read
// (compare BenchmarkDequantFP8's per output byte: these write four bytes
// a byte read, FP8 two).
func BenchmarkDequantPackedFP4(b *testing.B) {
	for _, layout := range []string{"v4", "nvfp4"} {
		for _, mode := range []Mode{Exact, Reference} {
			b.Run(layout+"/"+mode.String(), func(b *testing.B) {
				c := benchPacked(b, layout, 2048, 7168)
				b.SetBytes(2048 * 7168 / 2)
				for b.Loop() {
					if _, err := Dequant(bg, c, "bench", DequantOptions{Mode: mode, Options: Options{Threads: 1, Writer: io.Discard}}); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

// BenchmarkQuantNVFP4: a bf16 weight [2048, 7168] to NVFP4 (ModelOpt's
// layout), streamed to io.Discard; bytes are the bf16 bytes read.
func BenchmarkQuantNVFP4(b *testing.B) {
	r := rand.New(rand.NewPCG(9, 9))
	const m, k = 2048, 7168
	xs := make([]float64, m*k)
	for i := range xs {
		xs[i] = r.NormFloat64() * 0.02
	}
	var buf bytes.Buffer
	if err := safetensors.Encode(&buf, []safetensors.Named{tt("w.weight", dtype.BF16, []int64{m, k}, bf16Bytes(xs))}, nil); err != nil {
		b.Fatal(err)
	}
	c, err := OpenReader(bytes.NewReader(buf.Bytes()), int64(buf.Len()), "bench.safetensors")
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(2 * m * k)
	for b.Loop() {
		if _, err := Quant(bg, c, "bench", QuantOptions{NVFP4: true, Skip: []string{}, Options: Options{Threads: 1, Writer: io.Discard}}); err != nil {
			b.Fatal(err)
		}
	}
}
