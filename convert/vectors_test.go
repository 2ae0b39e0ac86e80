package convert

import (
	"bufio"
	"math/big"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/promote-dev/promote/dtype"
)

// vector is one line of testdata/vectors.tsv.
type vector struct {
	line                 int
	tag, policy          string
	src, dst             string
	input, output, accur string
}

func readVectors(t *testing.T) []vector {
	t.Helper()
	f, err := os.Open("testdata/vectors.tsv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []vector
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		fs := strings.Split(line, "\t")
		if len(fs) != 7 {
			t.Fatalf("vectors.tsv:%d: %d fields, want 7", n, len(fs))
		}
		out = append(out, vector{n, fs[0], fs[1], fs[2], fs[3], fs[4], fs[5], fs[6]})
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

func parsePattern(t *testing.T, s string) Pattern {
	t.Helper()
	var p Pattern
	for i, tok := range strings.Fields(s) {
		v, err := strconv.ParseUint(strings.TrimPrefix(tok, "0x"), 16, 64)
		if err != nil {
			t.Fatalf("bad pattern %q", s)
		}
		if i == 0 {
			p.Re = v
		} else {
			p.Im = v
		}
	}
	return p
}

var accuracyNames = map[string]big.Accuracy{"below": big.Below, "exact": big.Exact, "above": big.Above}

// runVectors runs the vectors whose tag is in tags (all when tags is empty).
func runVectors(t *testing.T, tags ...string) {
	t.Helper()
	n := 0
	for _, v := range readVectors(t) {
		if len(tags) > 0 && !contains(tags, v.tag) {
			continue
		}
		n++
		p, err := PolicyByName(v.policy)
		if err != nil {
			t.Fatalf("vectors.tsv:%d: %v", v.line, err)
		}
		dst, err := dtype.Parse(v.dst)
		if err != nil {
			t.Fatalf("vectors.tsv:%d: %v", v.line, err)
		}
		var got Pattern
		var acc big.Accuracy
		if v.src == "-" {
			d, err2 := ParseDecimal(v.input)
			if err2 != nil {
				t.Fatalf("vectors.tsv:%d: %v", v.line, err2)
			}
			got, acc, err = FromDecimal(dst, d, p)
		} else {
			src, err2 := dtype.Parse(v.src)
			if err2 != nil {
				t.Fatalf("vectors.tsv:%d: %v", v.line, err2)
			}
			got, acc, err = Scalar(dst, src, parsePattern(t, v.input), p)
		}
		if want, ok := strings.CutPrefix(v.output, "error: "); ok {
			if err == nil || !strings.Contains(err.Error(), want) {
				t.Errorf("vectors.tsv:%d [%s] %s %s->%s %s: got %#x, %v; want error containing %q",
					v.line, v.tag, v.policy, v.src, v.dst, v.input, got.Re, err, want)
			}
			continue
		}
		if err != nil {
			t.Errorf("vectors.tsv:%d [%s]: %v", v.line, v.tag, err)
			continue
		}
		if want := parsePattern(t, v.output); got != want {
			t.Errorf("vectors.tsv:%d [%s] %s %s->%s %s: got %#x %#x, want %s",
				v.line, v.tag, v.policy, v.src, v.dst, v.input, got.Re, got.Im, v.output)
		}
		if v.accur != "-" && acc != accuracyNames[v.accur] {
			t.Errorf("vectors.tsv:%d [%s] %s %s->%s %s: accuracy %v, want %s",
				v.line, v.tag, v.policy, v.src, v.dst, v.input, acc, v.accur)
		}
	}
	if n == 0 {
		t.Fatalf("no vectors tagged %v", tags)
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func TestVectors(t *testing.T) { runVectors(t) }

// The default policy's rules (spec.md, "The default policy").
func TestDefault_OverflowThresholds(t *testing.T)     { runVectors(t, "overflow") }
func TestDefault_Infinities(t *testing.T)             { runVectors(t, "inf") }
func TestDefault_NaNKeepsSignAndPayload(t *testing.T) { runVectors(t, "nan") }
func TestDefault_ZerosAndSubnormals(t *testing.T)     { runVectors(t, "zero", "subnormal") }
func TestDefault_TiesToEven(t *testing.T)             { runVectors(t, "tie") }
func TestDefault_FloatToIntSaturates(t *testing.T)    { runVectors(t, "float-int") }
func TestDefault_IntToIntWraps(t *testing.T)          { runVectors(t, "int-int") }
func TestDefault_IntToFloat(t *testing.T)             { runVectors(t, "int-float") }
func TestDefault_ToBool(t *testing.T)                 { runVectors(t, "bool") }
func TestDefault_Complex(t *testing.T)                { runVectors(t, "complex") }
func TestDecimalVectors(t *testing.T)                 { runVectors(t, "decimal") }
func TestPreset_Saturate(t *testing.T)                { runVectors(t, "saturate") }
func TestPreset_TowardZero(t *testing.T)              { runVectors(t, "toward-zero") }

// TestDefault_SingleRounding: converting f64 to f16 directly differs from
// going through f32 (the double rounding the issue names).
func TestDefault_SingleRounding(t *testing.T) { runVectors(t, "single-rounding") }

// TestOpenCase_NaNIntoFP4FP6 is the open case of spec.md: +NaN gives
// the -0 pattern and -NaN +0, as ml_dtypes does.
func TestOpenCase_NaNIntoFP4FP6(t *testing.T) { runVectors(t, "nan-no-nan") }

// TestOpenCase_E8M0 covers e8m0 as destination, including the open case
// below 2^-126, where the project follows ml_dtypes.
func TestOpenCase_E8M0(t *testing.T) { runVectors(t, "e8m0") }

// OpenVINO Convert quirks (spec.md, "OpenVINO"), one test each.
func TestOpenVINO_BF16RoundingTruncatesWhenKeptBitIsEven(t *testing.T) {
	runVectors(t, "ov-bf16-rounding")
}
func TestOpenVINO_BF16NaNPayloadCanBecomeNegZero(t *testing.T) { runVectors(t, "ov-bf16-nan") }
func TestOpenVINO_F8E4M3RoundsThroughF16(t *testing.T)         { runVectors(t, "ov-f8e4m3-via-f16") }
func TestOpenVINO_F8E4M3OverflowIsNaN(t *testing.T)            { runVectors(t, "ov-f8e4m3-overflow") }
func TestOpenVINO_F8E4M3TestedValues(t *testing.T)             { runVectors(t, "ov-f8e4m3-values") }
func TestOpenVINO_F8E5M2TestedValues(t *testing.T)             { runVectors(t, "ov-f8e5m2") }
func TestOpenVINO_F8E5M2LowPayloadNaNBecomesInf(t *testing.T)  { runVectors(t, "ov-f8e5m2-nan") }
func TestOpenVINO_F16NaNNotQuieted(t *testing.T)               { runVectors(t, "ov-f16-nan") }
func TestOpenVINO_I32ToF16Clamps(t *testing.T)                 { runVectors(t, "ov-i32-f16-clamp") }
func TestOpenVINO_F64AndIntsRoundThroughF32(t *testing.T)      { runVectors(t, "ov-via-f32") }
func TestOpenVINO_FloatToIntTruncatesAndWraps(t *testing.T)    { runVectors(t, "ov-float-int") }
func TestOpenVINO_SubByteKeepsLowBits(t *testing.T)            { runVectors(t, "ov-sub-byte") }
func TestOpenVINO_U1TakesLowestBitNotNonZero(t *testing.T)     { runVectors(t, "ov-u1-lowest-bit") }
func TestOpenVINO_Bool(t *testing.T)                           { runVectors(t, "ov-bool") }
func TestOpenVINO_IntToIntWraps(t *testing.T)                  { runVectors(t, "ov-int-int") }
func TestOpenVINO_UnsupportedTypesRefused(t *testing.T)        { runVectors(t, "ov-types") }

// kernel_float cast semantics (spec.md, "kernel_float"), one test each.
func TestKernelFloat_FP8Saturates(t *testing.T)             { runVectors(t, "kf-fp8-saturates") }
func TestKernelFloat_FP8NaNStaysNaN(t *testing.T)           { runVectors(t, "kf-fp8-nan") }
func TestKernelFloat_HalfAndBF16OverflowToInf(t *testing.T) { runVectors(t, "kf-half-inf") }
func TestKernelFloat_FloatToIntTruncates(t *testing.T)      { runVectors(t, "kf-float-int") }
func TestKernelFloat_Bool(t *testing.T)                     { runVectors(t, "kf-bool") }
func TestKernelFloat_UnsupportedTypesRefused(t *testing.T)  { runVectors(t, "kf-types") }
