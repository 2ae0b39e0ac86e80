package kernels

import (
	"bytes"
	"encoding/binary"
	"hash/crc32"
	"testing"

	"github.com/promote-dev/promote/convert/internal/sweep"
	"github.com/promote-dev/promote/dtype"
	"github.com/x448/float16"
)

// sweepTargets are the destinations the f32 sweeps convert into: f16,
// bf16, each f8, f6 and f4 format, e8m0 and the 8- and 16-bit integers (whose kernels zero
// NaN lanes by letting the NaN through the clamps).
func sweepTargets() []dtype.DType {
	return append(append(append([]dtype.DType{dtype.F16, dtype.BF16}, smallFloats...), dtype.F8E8M0FNU),
		dtype.I8, dtype.U8, dtype.I16, dtype.U16)
}

// TestSweepF32 converts all 2^32 f32 patterns to each of sweepTargets
// with the kernel in use and with the pure-Go twin, and compares them
// chunk by chunk and by a checksum of the whole output. The pure-Go twins
// are held to the math/big reference by TestAgainstReference and
// TestTies; f16 also meets a second oracle, x448/float16, on every
// non-NaN input. About 330 CPU-seconds, so it runs only when
// PROMOTE_EXHAUSTIVE=1 (package sweep); TestSampleF32 runs by default.
func TestSweepF32(t *testing.T) {
	if !sweep.Exhaustive() {
		t.Skip("all 2^32 f32 inputs per target: set " + sweep.Env + "=1 to run (TestSampleF32 runs a fixed sample)")
	}
	const chunk = 1 << 20
	for _, d := range sweepTargets() {
		t.Run(d.String(), func(t *testing.T) {
			t.Parallel() // one target per CPU: 2^32 inputs each
			ds := size(d)
			src := make([]byte, 4*chunk)
			fast, slow := make([]byte, ds*chunk), make([]byte, ds*chunk)
			castagnoli := crc32.MakeTable(crc32.Castagnoli)
			hf, hs := crc32.New(castagnoli), crc32.New(castagnoli)
			for base := uint64(0); base < 1<<32; base += chunk {
				for i := range chunk {
					binary.LittleEndian.PutUint32(src[4*i:], uint32(base)+uint32(i))
				}
				compareF32(t, d, src, fast, slow)
				hf.Write(fast)
				hs.Write(slow)
			}
			if a, b := hf.Sum32(), hs.Sum32(); a != b {
				t.Fatalf("checksums differ: fast %#x, pure %#x", a, b)
			}
			t.Logf("checksum %#08x", hf.Sum32())
		})
	}
}

// TestSampleF32 is the default stand-in for TestSweepF32: the same
// comparisons (kernel against pure-Go twin pattern by pattern and by
// checksum, f16 against x448/float16) over the fixed f32 sample of
// package sweep, which holds the ties and boundaries of every rounding
// position at every exponent, every value and halfway point of each
// target, the integers near zero and 2^20 pseudo-random patterns.
func TestSampleF32(t *testing.T) {
	sample := sweep.F32Sample()
	src := make([]byte, 4*len(sample))
	for i, x := range sample {
		binary.LittleEndian.PutUint32(src[4*i:], x)
	}
	for _, d := range sweepTargets() {
		t.Run(d.String(), func(t *testing.T) {
			fast, slow := make([]byte, size(d)*len(sample)), make([]byte, size(d)*len(sample))
			compareF32(t, d, src, fast, slow)
			castagnoli := crc32.MakeTable(crc32.Castagnoli)
			if a, b := crc32.Checksum(fast, castagnoli), crc32.Checksum(slow, castagnoli); a != b {
				t.Fatalf("checksums differ: fast %#x, pure %#x", a, b)
			}
		})
	}
}

// compareF32 converts the f32 patterns in src to d with the kernel in use
// (into fast) and the pure-Go twin (into slow) and fails at the first
// difference, or, for f16, at the first non-NaN input where the twin
// differs from x448/float16.
func compareF32(t *testing.T, d dtype.DType, src, fast, slow []byte) {
	t.Helper()
	ds := size(d)
	table[d][dtype.F32](fast, src)
	pure[d][dtype.F32](slow, src)
	if !bytes.Equal(fast, slow) {
		for i := range len(src) / 4 {
			if a, b := get(fast[ds*i:], d), get(slow[ds*i:], d); a != b {
				t.Fatalf("f32 %#x -> %s: fast %#x, pure %#x", binary.LittleEndian.Uint32(src[4*i:]), d, a, b)
			}
		}
	}
	if d == dtype.F16 {
		for i := range len(src) / 4 {
			x := binary.LittleEndian.Uint32(src[4*i:])
			if x&0x7fffffff > 0x7f800000 {
				continue
			}
			want := float16.Fromfloat32(float32frombits(x)).Bits()
			if got := binary.LittleEndian.Uint16(slow[2*i:]); got != want {
				t.Fatalf("f32 %#x -> f16 = %#x, x448/float16 %#x", x, got, want)
			}
		}
	}
}

// TestF16AgainstX448 checks every f16 pattern widened to f32 against
// x448/float16 (NaNs excluded: it keeps a signalling NaN signalling).
func TestF16AgainstX448(t *testing.T) {
	src := make([]byte, 2<<16)
	for i := range 1 << 16 {
		binary.LittleEndian.PutUint16(src[2*i:], uint16(i))
	}
	for _, k := range []Kernel{table[dtype.F32][dtype.F16], pure[dtype.F32][dtype.F16]} {
		dst := make([]byte, 4<<16)
		k(dst, src)
		for i := range 1 << 16 {
			h := float16.Frombits(uint16(i))
			if h.IsNaN() {
				continue
			}
			if got, want := binary.LittleEndian.Uint32(dst[4*i:]), float32bits(h.Float32()); got != want {
				t.Errorf("f16 %#04x -> f32 = %#x, x448/float16 %#x", i, got, want)
			}
		}
	}
}
