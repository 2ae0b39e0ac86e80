package safetensors

import (
	"fmt"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/tensor"
)

// modelSpecs returns n tensor specs named and shaped the way a transformer
// checkpoint's are (model.layers.L.self_attn.q_proj.weight, ...), so the
// header benchmarks parse text of a realistic shape.
func modelSpecs(n int) []Spec {
	parts := [...]struct {
		suffix string
		shape  []int64
		dt     dtype.DType
	}{
		{"input_layernorm.weight", []int64{4096}, dtype.F32},
		{"mlp.down_proj.weight", []int64{4096, 14336}, dtype.BF16},
		{"mlp.gate_proj.weight", []int64{14336, 4096}, dtype.BF16},
		{"mlp.up_proj.weight", []int64{14336, 4096}, dtype.BF16},
		{"post_attention_layernorm.weight", []int64{4096}, dtype.F32},
		{"self_attn.k_proj.weight", []int64{1024, 4096}, dtype.BF16},
		{"self_attn.o_proj.weight", []int64{4096, 4096}, dtype.BF16},
		{"self_attn.q_proj.weight", []int64{4096, 4096}, dtype.BF16},
		{"self_attn.v_proj.weight", []int64{1024, 4096}, dtype.BF16},
		{"self_attn.q_proj.weight_scale_inv", []int64{32, 32}, dtype.F32},
	}
	specs := make([]Spec, n)
	for i := range specs {
		p := parts[i%len(parts)]
		specs[i] = Spec{Name: fmt.Sprintf("model.layers.%d.%s", i/len(parts), p.suffix), DType: p.dt, Shape: p.shape}
	}
	return specs
}

// modelHeader returns the encoded header JSON (without the length) of
// n realistic tensors.
func modelHeader(tb testing.TB, n int) []byte {
	h, err := Layout(modelSpecs(n), map[string]string{"format": "pt"})
	if err != nil {
		tb.Fatal(err)
	}
	b, err := h.Encode()
	if err != nil {
		tb.Fatal(err)
	}
	return b[8:]
}

// liveBytes returns the heap bytes in use after a full collection.
func liveBytes() uint64 {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapAlloc
}

// BenchmarkParseHeader parses headers of 10k and 100k tensors. Besides
// time and allocations it reports retained/hdr, the heap a parsed Header
// keeps per byte of header JSON, which is what a header costs a caller
// for as long as it holds the file open.
func BenchmarkParseHeader(b *testing.B) {
	for _, n := range []int{10_000, 100_000} {
		b.Run(fmt.Sprintf("tensors=%d", n), func(b *testing.B) {
			hb := modelHeader(b, n)
			dataSize := int64(-1)
			before := liveBytes()
			h, err := ParseHeader(hb, dataSize)
			if err != nil {
				b.Fatal(err)
			}
			retained := liveBytes() - before
			runtime.KeepAlive(h)
			b.SetBytes(int64(len(hb)))
			b.ReportAllocs()
			b.ResetTimer()
			for b.Loop() {
				if _, err := ParseHeader(hb, dataSize); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(retained)/float64(len(hb)), "retained/hdr")
		})
	}
}

// BenchmarkLookupAll looks up every tensor of a parsed header by name:
// linear in the tensor count when Lookup is O(1).
func BenchmarkLookupAll(b *testing.B) {
	for _, n := range []int{10_000, 100_000} {
		b.Run(fmt.Sprintf("tensors=%d", n), func(b *testing.B) {
			h, err := ParseHeader(modelHeader(b, n), -1)
			if err != nil {
				b.Fatal(err)
			}
			names := make([]string, len(h.Tensors))
			for i, t := range h.Tensors {
				names[i] = t.Name
			}
			b.ResetTimer()
			for b.Loop() {
				for _, name := range names {
					if _, ok := h.Lookup(name); !ok {
						b.Fatalf("%q not found", name)
					}
				}
			}
		})
	}
}

// tinyTensors returns n one-element tensors with distinct names.
func tinyTensors(n int) []Named {
	out := make([]Named, n)
	for i := range out {
		out[i] = Named{fmt.Sprintf("t.%07d", i), &tensor.Tensor{DType: dtype.F32, Shape: []int64{1}, Data: make([]byte, 4)}}
	}
	return out
}

// BenchmarkWriteFile writes and then reads back a file of 100k
// one-element tensors: the whole-file paths, which must stay linear.
func BenchmarkWriteFile(b *testing.B) {
	const n = 100_000
	ts := tinyTensors(n)
	path := filepath.Join(b.TempDir(), "tiny.safetensors")
	b.Run(fmt.Sprintf("write/tensors=%d", n), func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if err := WriteFile(path, ts, nil); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run(fmt.Sprintf("read/tensors=%d", n), func(b *testing.B) {
		if err := WriteFile(path, ts, nil); err != nil {
			b.Fatal(err)
		}
		b.ReportAllocs()
		for b.Loop() {
			got, _, err := ReadFile(path)
			if err != nil || len(got) != n {
				b.Fatal(len(got), err)
			}
		}
	})
}
