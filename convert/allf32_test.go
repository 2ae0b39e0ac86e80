package convert

import (
	"bufio"
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"math"
	"os"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/x448/float16"

	"github.com/promote-dev/promote/convert/internal/kernels"
	"github.com/promote-dev/promote/convert/internal/sweep"
	"github.com/promote-dev/promote/dtype"
)

// allF32Targets are the destinations every f32 pattern is converted into.
var allF32Targets = []dtype.DType{
	dtype.F16, dtype.BF16, dtype.F8E3M4, dtype.F8E4M3, dtype.F8E4M3FN, dtype.F8E4M3FNUZ,
	dtype.F8E4M3B11FNUZ, dtype.F8E5M2, dtype.F8E5M2FNUZ, dtype.F8E8M0FNU,
	dtype.F6E2M3FN, dtype.F6E3M2FN, dtype.F4E2M1FN,
}

const allF32Chunk = 1 << 20 // elements per work item: 4096 chunks

// TestAllF32 converts all 2^32 f32 patterns into f16, bf16 and every f8,
// f6 and f4 format with the pure-Go element path (not the kernels), hashes each
// target's output (CRC-32C of every chunk, then of the chunk sums in
// order) and compares with testdata/allf32.tsv. Every 65537th pattern is
// also checked against the big.Int reference, and every f16 result
// against github.com/x448/float16 (a second, independent oracle whose
// author checked all 2^32 conversions). Where convert/internal/kernels has
// a kernel for the pair (written separately), its output over all 2^32
// patterns must hash to the same checksum. About 300 CPU-seconds, so it
// runs only when PROMOTE_EXHAUSTIVE=1 (package sweep); TestSampleF32
// runs by default.
func TestAllF32(t *testing.T) {
	if !sweep.Exhaustive() {
		t.Skip("all 2^32 f32 inputs per target: set " + sweep.Env + "=1 to run (TestSampleF32 runs a fixed sample)")
	}
	golden := readGolden(t)
	table := crc32.MakeTable(crc32.Castagnoli)
	for _, dst := range allF32Targets {
		sums := make([]uint32, (1<<32)/allF32Chunk)
		var next atomic.Int64
		var wg sync.WaitGroup
		var mu sync.Mutex
		var fails []string
		fail := func(s string) {
			mu.Lock()
			if len(fails) < 10 {
				fails = append(fails, s)
			}
			mu.Unlock()
		}
		for range runtime.GOMAXPROCS(0) {
			wg.Add(1)
			go func() {
				defer wg.Done()
				p := Default()
				src := make([]byte, 4*allF32Chunk)
				out := make([]byte, ElemBytes(dst)*allF32Chunk)
				var j job
				for {
					c := next.Add(1) - 1
					if c >= int64(len(sums)) {
						return
					}
					base := uint32(c) * allF32Chunk
					for i := range allF32Chunk {
						binary.LittleEndian.PutUint32(src[4*i:], base+uint32(i))
					}
					j.init(dst, dtype.F32, &p, 0) // no table: the element path
					j.run(out, src, 0, allF32Chunk)
					sums[c] = crc32.Checksum(out, table)
					for i := 0; i < allF32Chunk; i += 65537 {
						x := uint64(base) + uint64(i)
						got := load(out, i, ElemBytes(dst))
						if want := refConvert(dst, dtype.F32, x, refPolicy{}); got != want {
							fail(fmt.Sprintf("f32 %#x -> %v: got %#x, reference %#x", x, dst, got, want))
						}
					}
					if dst == dtype.F16 {
						for i := range allF32Chunk {
							x := base + uint32(i)
							want := uint16(float16.Fromfloat32(math.Float32frombits(x)))
							if got := binary.LittleEndian.Uint16(out[2*i:]); got != want {
								fail(fmt.Sprintf("f32 %#x -> f16: got %#x, x448/float16 %#x", x, got, want))
							}
						}
					}
				}
			}()
		}
		wg.Wait()
		for _, f := range fails {
			t.Error(f)
		}
		all := make([]byte, 4*len(sums))
		for i, s := range sums {
			binary.LittleEndian.PutUint32(all[4*i:], s)
		}
		sum := crc32.Checksum(all, table)
		if want, ok := golden[dst.String()]; !ok || want != sum {
			t.Errorf("all f32 -> %v: checksum %08x, testdata/allf32.tsv has %08x (present: %v)", dst, sum, want, ok)
		}
		if k := kernels.Lookup(dst, dtype.F32); k != nil {
			if ks := kernelChecksum(k, dst, table); ks != sum {
				t.Errorf("all f32 -> %v: kernel checksum %08x, element path %08x", dst, ks, sum)
			}
		}
	}
}

// kernelChecksum hashes a kernel's output over all 2^32 f32 patterns as
// TestAllF32 hashes the element path's.
func kernelChecksum(k func(dst, src []byte), dst dtype.DType, table *crc32.Table) uint32 {
	sums := make([]byte, 4*((1<<32)/allF32Chunk))
	src := make([]byte, 4*allF32Chunk)
	out := make([]byte, ElemBytes(dst)*allF32Chunk)
	for c := range len(sums) / 4 {
		base := uint32(c) * allF32Chunk
		for i := range allF32Chunk {
			binary.LittleEndian.PutUint32(src[4*i:], base+uint32(i))
		}
		k(out, src)
		binary.LittleEndian.PutUint32(sums[4*c:], crc32.Checksum(out, table))
	}
	return crc32.Checksum(sums, table)
}

func readGolden(t *testing.T) map[string]uint32 {
	return readChecksums(t, "testdata/allf32.tsv")
}

// readChecksums reads a file of NAME<TAB>HEX lines.
func readChecksums(t *testing.T, path string) map[string]uint32 {
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	out := map[string]uint32{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		name, hex, ok := strings.Cut(line, "\t")
		v, err := strconv.ParseUint(hex, 16, 32)
		if !ok || err != nil {
			t.Fatalf("%s: bad line %q", path, line)
		}
		out[name] = uint32(v)
	}
	if err := sc.Err(); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return out
}
