package convert

import (
	"bufio"
	"os"
	"strings"
	"testing"

	"github.com/promote-dev/promote/dtype"
)

// TestSystemVectors converts every row of testdata/systems.tsv, each an
// element converted live by PyTorch (CPU or CUDA) or ml_dtypes, under the
// policy named for that system, and expects the system's bytes. Rows
// noted "scalar-tail" record torch's scalar CPU path, which the policy
// does not follow: they must be exactly the f16 NaNs widened to f32 and
// must differ (so the note stays true).
func TestSystemVectors(t *testing.T) {
	f, err := os.Open("testdata/systems.tsv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	counts := map[string]int{}
	for line := 1; sc.Scan(); line++ {
		text := sc.Text()
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		fs := strings.Split(text, "\t")
		if len(fs) != 7 {
			t.Fatalf("systems.tsv:%d: %d fields, want 7", line, len(fs))
		}
		p, err := PolicyByName(fs[0])
		if err != nil {
			t.Fatalf("systems.tsv:%d: %v", line, err)
		}
		src, err1 := dtype.Parse(fs[1])
		dst, err2 := dtype.Parse(fs[2])
		if err1 != nil || err2 != nil {
			t.Fatalf("systems.tsv:%d: %v %v", line, err1, err2)
		}
		in, want := parsePattern(t, fs[3]), parsePattern(t, fs[4])
		got, _, err := Scalar(dst, src, in, p)
		if err != nil {
			t.Errorf("systems.tsv:%d %s %s->%s %s: %v (%s)", line, fs[0], fs[1], fs[2], fs[3], err, fs[6])
			continue
		}
		counts[fs[0]]++
		switch fs[5] {
		case "-":
			if got != want {
				t.Errorf("systems.tsv:%d %s %s->%s %s: got %#x, want %s (%s)", line, fs[0], fs[1], fs[2], fs[3], got.Re, fs[4], fs[6])
			}
		case "scalar-tail":
			isNaN := in.Re&0x7c00 == 0x7c00 && in.Re&0x3ff != 0
			if fs[0] != "torch-cpu" || src != dtype.F16 || dst != dtype.F32 || !isNaN || got == want {
				t.Errorf("systems.tsv:%d: a scalar-tail row must be an f16 NaN into f32 on the CPU that the policy answers differently: %s", line, text)
			}
		default:
			t.Errorf("systems.tsv:%d: unknown note %q", line, fs[5])
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"torch-cuda", "torch-cpu", "ml-dtypes"} {
		if counts[name] == 0 {
			t.Errorf("no rows for policy %s", name)
		}
	}
}

// The edges by which PyTorch and ml_dtypes depart from the default
// policy (spec.md, "PyTorch", "ml_dtypes through NumPy"), one test each.
func TestTorchCUDA_CanonicalNaN(t *testing.T)           { runVectors(t, "torch-cuda-nan") }
func TestTorchCPU_NaN(t *testing.T)                     { runVectors(t, "torch-cpu-nan") }
func TestTorch_E8M0EncodesTheMagnitude(t *testing.T)    { runVectors(t, "torch-e8m0") }
func TestTorch_NarrowTypesRoundThroughF32(t *testing.T) { runVectors(t, "torch-via-f32") }
func TestTorch_TypesRefused(t *testing.T)               { runVectors(t, "torch-types") }
func TestMLDtypes_NaN(t *testing.T)                     { runVectors(t, "mldtypes-nan") }
func TestTorch_FloatToInt(t *testing.T)                 { runVectors(t, "torch-float-int") }
func TestMLDtypes_FloatToInt(t *testing.T)              { runVectors(t, "mldtypes-float-int") }
func TestMLDtypes_NarrowTypesRoundThroughF32(t *testing.T) {
	runVectors(t, "mldtypes-via-f32")
}

// TestSystemPolicies_BufferMatchesScalar: Buffer under the system
// policies gives what Scalar gives, element by element, for every pattern
// of the 8- and 16-bit sources into each destination the vectors cover.
func TestSystemPolicies_BufferMatchesScalar(t *testing.T) {
	srcs := []dtype.DType{dtype.F16, dtype.BF16, dtype.F8E4M3FN, dtype.F8E5M2, dtype.F8E4M3FNUZ, dtype.F8E8M0FNU}
	dsts := []dtype.DType{dtype.F16, dtype.BF16, dtype.F32, dtype.F64, dtype.F8E4M3FN, dtype.F8E5M2, dtype.F8E8M0FNU}
	for _, name := range []string{"torch-cuda", "torch-cpu", "ml-dtypes"} {
		p, _ := PolicyByName(name)
		for _, src := range srcs {
			for _, dst := range dsts {
				if src == dst {
					continue
				}
				checkBufferAgainstScalar(t, name, dst, src, p)
			}
		}
	}
}

func checkBufferAgainstScalar(t *testing.T, name string, dst, src dtype.DType, p Policy) {
	t.Helper()
	sb, db := infos[src].bytes, infos[dst].bytes
	n := 1 << infos[src].bits
	in := make([]byte, n*sb)
	for i := 0; i < n; i++ {
		for k := 0; k < sb; k++ {
			in[i*sb+k] = byte(i >> (8 * k))
		}
	}
	out := make([]byte, n*db)
	if err := Buffer(out, dst, in, src, p, Options{}); err != nil {
		t.Fatalf("%s %v->%v: %v", name, src, dst, err)
	}
	for i := 0; i < n; i++ {
		want, _, err := Scalar(dst, src, Pattern{Re: uint64(i)}, p)
		if err != nil {
			t.Fatal(err)
		}
		var got uint64
		for k := 0; k < db; k++ {
			got |= uint64(out[i*db+k]) << (8 * k)
		}
		if got != want.Re {
			t.Fatalf("%s %v->%v %#x: Buffer %#x, Scalar %#x", name, src, dst, i, got, want.Re)
		}
	}
}
