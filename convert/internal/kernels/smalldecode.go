package kernels

import (
	"encoding/binary"

	"github.com/promote-dev/promote/dtype"
)

// The decoders of the small floats (smallFloats and f8e8m0fnu) into f32, f16,
// bf16 and f64 are table lookups: every pattern widened exactly to f32
// (decodeF8), then, for the other destinations, through the f32 kernel's
// pure-Go twin, which rounds once (f16, bf16) or not at all (f64), as a
// conversion straight from the source would. The pure-Go twin indexes the
// table in Go; the kernel looks it up in registers where the CPU allows
// (LUT, lut_amd64.go).

// f8Dests are the destinations of the table decoders.
var f8Dests = []dtype.DType{dtype.F32, dtype.F16, dtype.BF16, dtype.F64}

// f8LUTs holds the decoders' tables by [dst][src].
var f8LUTs [dtype.Count][dtype.Count]*LUT

// registerSmallDecode registers the pure-Go table decoders.
func registerSmallDecode() {
	for _, s := range append(append([]dtype.DType(nil), smallFloats...), dtype.F8E8M0FNU) {
		p := f8[s]
		for _, d := range f8Dests {
			var vals [256]uint64
			size := d.Bits() / 8
			var f32 [4]byte
			out := make([]byte, size)
			for b := range vals {
				binary.LittleEndian.PutUint32(f32[:], p.toF32[b])
				if d == dtype.F32 {
					copy(out, f32[:])
				} else {
					pure[d][dtype.F32](out, f32[:])
				}
				vals[b] = get64(out)
			}
			lt := new(LUT)
			lt.Init(&vals, size)
			f8LUTs[d][s] = lt
			setPure(d, s, lt.runGo)
		}
	}
}

// get64 reads a little-endian pattern of 1, 2, 4 or 8 bytes.
func get64(b []byte) uint64 {
	var x [8]byte
	copy(x[:], b)
	return binary.LittleEndian.Uint64(x[:])
}
