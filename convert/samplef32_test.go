package convert

import (
	"encoding/binary"
	"flag"
	"fmt"
	"hash/crc32"
	"math"
	"os"
	"runtime"
	"strings"
	"sync"
	"testing"

	"github.com/x448/float16"

	"github.com/promote-dev/promote/convert/internal/kernels"
	"github.com/promote-dev/promote/convert/internal/sweep"
	"github.com/promote-dev/promote/dtype"
)

var update = flag.Bool("update", false, "rewrite testdata/samplef32.tsv after checking every sampled conversion against the reference")

const sampleGolden = "testdata/samplef32.tsv"

// sampleRefStride is how far apart the sampled patterns that meet the
// big.Int reference in an ordinary run are (about 36,000 of each
// target's 2.2 million); with -update every pattern meets it before the
// checksums are written.
const sampleRefStride = 61

// TestSampleF32 is the default stand-in for TestAllF32: it converts the
// fixed f32 sample of package sweep (every exponent with the ties and
// boundaries of every rounding position, every value and halfway point of
// each target, the integers near zero, and 2^20 pseudo-random patterns)
// into f16, bf16 and every f8, f6 and f4 format with the element path,
// and
//   - compares the CRC-32C of each target's output with
//     testdata/samplef32.tsv, which also pins the sample itself;
//   - checks every 61st pattern against the big.Int reference (every
//     pattern when run with -update, which then rewrites the file);
//   - checks every f16 result against x448/float16;
//   - requires the kernel for the pair, where there is one, to give the
//     same output pattern for pattern.
func TestSampleF32(t *testing.T) {
	sample := sweep.F32Sample()
	src := make([]byte, 4*len(sample))
	for i, x := range sample {
		binary.LittleEndian.PutUint32(src[4*i:], x)
	}
	table := crc32.MakeTable(crc32.Castagnoli)
	sums := map[string]uint32{"sample": crc32.Checksum(src, table)}
	var mu sync.Mutex
	t.Run("targets", func(t *testing.T) {
		for _, dst := range allF32Targets {
			t.Run(dst.String(), func(t *testing.T) {
				t.Parallel()
				size := ElemBytes(dst)
				out := make([]byte, size*len(sample))
				p := Default()
				var j job
				j.init(dst, dtype.F32, &p, 0) // no table: the element path
				j.run(out, src, 0, len(sample))
				mu.Lock()
				sums[dst.String()] = crc32.Checksum(out, table)
				mu.Unlock()

				stride := sampleRefStride
				if *update {
					stride = 1
				}
				fails := checkSampleRef(dst, sample, out, stride)
				if dst == dtype.F16 {
					for i, x := range sample {
						want := uint16(float16.Fromfloat32(math.Float32frombits(x)))
						if got := binary.LittleEndian.Uint16(out[2*i:]); got != want && len(fails) < 10 {
							fails = append(fails, fmt.Sprintf("f32 %#x -> f16: got %#x, x448/float16 %#x", x, got, want))
						}
					}
				}
				if k := kernels.Lookup(dst, dtype.F32); k != nil {
					kout := make([]byte, len(out))
					k(kout, src)
					for i, x := range sample {
						if a, b := load(kout, i, size), load(out, i, size); a != b && len(fails) < 10 {
							fails = append(fails, fmt.Sprintf("f32 %#x -> %v: kernel %#x, element path %#x", x, dst, a, b))
						}
					}
				}
				for _, f := range fails {
					t.Error(f)
				}
			})
		}
	})
	if t.Failed() {
		return
	}
	if *update {
		writeSampleGolden(t, sums, len(sample))
		return
	}
	golden := readChecksums(t, sampleGolden)
	if golden["sample"] != sums["sample"] {
		t.Fatalf("%s pins a different sample (checksum %08x, now %08x): sweep.F32Sample changed; rerun with -update",
			sampleGolden, golden["sample"], sums["sample"])
	}
	for _, dst := range allF32Targets {
		if want, ok := golden[dst.String()]; !ok || want != sums[dst.String()] {
			t.Errorf("sampled f32 -> %v: checksum %08x, %s has %08x (present: %v)", dst, sums[dst.String()], sampleGolden, want, ok)
		}
	}
}

// checkSampleRef compares every stride-th converted pattern with the
// reference, spread over all CPUs, and returns up to ten differences.
func checkSampleRef(dst dtype.DType, sample []uint32, out []byte, stride int) []string {
	var mu sync.Mutex
	var fails []string
	var wg sync.WaitGroup
	workers := runtime.GOMAXPROCS(0)
	size := ElemBytes(dst)
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := w * stride; i < len(sample); i += workers * stride {
				x := uint64(sample[i])
				if got, want := load(out, i, size), refConvert(dst, dtype.F32, x, refPolicy{}); got != want {
					mu.Lock()
					if len(fails) < 10 {
						fails = append(fails, fmt.Sprintf("f32 %#x -> %v: got %#x, reference %#x", x, dst, got, want))
					}
					mu.Unlock()
				}
			}
		}()
	}
	wg.Wait()
	return fails
}

// writeSampleGolden writes testdata/samplef32.tsv.
func writeSampleGolden(t *testing.T, sums map[string]uint32, n int) {
	var b strings.Builder
	fmt.Fprintf(&b, "# CRC-32C (Castagnoli) of converting the %d f32 patterns of\n", n)
	b.WriteString("# sweep.F32Sample (little-endian, in order) with the element path, default\n")
	b.WriteString("# policy; \"sample\" is the CRC-32C of the sample itself. Written by\n")
	b.WriteString("# go test -run TestSampleF32 -update ./convert after every sampled\n")
	b.WriteString("# pattern matched the big.Int reference (and x448/float16 for f16).\n")
	fmt.Fprintf(&b, "sample\t%08x\n", sums["sample"])
	for _, dst := range allF32Targets {
		fmt.Fprintf(&b, "%s\t%08x\n", dst, sums[dst.String()])
	}
	if err := os.WriteFile(sampleGolden, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
}
