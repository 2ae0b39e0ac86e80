package checkpoint

import (
	"bufio"
	"bytes"
	"encoding/hex"
	"fmt"
	"math"
	"math/rand/v2"
	"path/filepath"
	"strings"
	"testing"

	"github.com/promote-dev/promote/convert"
	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/internal/oracle"
	"github.com/promote-dev/promote/safetensors"
	"github.com/promote-dev/promote/tensor"
)

// torchScript computes, in PyTorch, what the ecosystem computes for each
// case on standard input (the test's own restatement of those
// computations, not their code):
//
//	FP8 TO M N SR SC BM BN WEIGHT SCALES SDTYPE: DeepSeek-V3's
//	weight_dequant and transformers' Fp8Dequantize: the f8e4m3fn weight
//	and its block scales (each block's scale over its rows and columns,
//	the last blocks cut) both as float32, multiplied, cast to TO.
//	MX TO E R G BLOCKS SCALES: transformers' convert_moe_packed_tensors
//	(from gpt-oss): a table of the FP4 values in TO, the low nibble at
//	even positions and the high one at odd ones, torch.ldexp by scale -
//	127 in place, reshaped to [E, R, 32G] and transposed to [E, 32G, R].
//
// It prints the result's bytes in hex, one line a case.
const torchScript = `
import sys, torch
print("VERSION", torch.__version__)
T = {"bf16": torch.bfloat16, "f16": torch.float16, "f32": torch.float32}
V = {"bf16": torch.int16, "f16": torch.int16, "f32": torch.int32}
S = {"f32": torch.float32, "bf16": torch.bfloat16}
def u8(h):
    return torch.frombuffer(bytearray(bytes.fromhex(h)), dtype=torch.uint8)
for line in sys.stdin:
    f = line.split()
    to = f[1]
    if f[0] == "FP8":
        M, N, SR, SC, BM, BN = map(int, f[2:8])
        w = u8(f[8]).view(torch.float8_e4m3fn).reshape(M, N)
        s = u8(f[9]).view(S[f[10]]).reshape(SR, SC).to(torch.float32)
        se = s.repeat_interleave(BM, 0)[:M].repeat_interleave(BN, 1)[:, :N]
        y = (w.to(torch.float32) * se).to(T[to])
    else:
        E, R, G = map(int, f[2:5])
        blk = u8(f[5]).reshape(E * R * G, 16)
        exp = u8(f[6]).to(torch.int32).reshape(E * R * G, 1) - 127
        lut = torch.tensor([0.0, 0.5, 1.0, 1.5, 2.0, 3.0, 4.0, 6.0, -0.0, -0.5, -1.0, -1.5, -2.0, -3.0, -4.0, -6.0], dtype=T[to])
        out = torch.empty(E * R * G, 32, dtype=T[to])
        out[:, 0::2] = lut[(blk & 0x0F).to(torch.long)]
        out[:, 1::2] = lut[(blk >> 4).to(torch.long)]
        torch.ldexp(out, exp, out=out)
        y = out.reshape(E, R, G * 32).transpose(1, 2).contiguous()
    print(y.view(V[to]).numpy().tobytes().hex())
`

// oracleCase is one weight to dequantize by both sides.
type oracleCase struct {
	name string
	line string // the case's input line, without the target
	out  string // the output tensor's name
}

// TestReferenceModeTorch: Reference mode is bit for bit what PyTorch
// computes (torch 2.6 in the trixie chroot, 2.14 in sid), for FP8 with
// block, per-channel and per-tensor scales (f32 and bf16), partial last
// blocks and a planted double rounding, and for gpt-oss's MXFP4, into
// bf16, f16 and f32. It skips under -short (importing torch in a chroot
// takes about 20 s) and where an oracle is absent.
func TestReferenceModeTorch(t *testing.T) {
	if testing.Short() {
		t.Skip("live torch oracles skipped under -short")
	}
	dir := t.TempDir()
	r := rand.New(rand.NewPCG(21, 22))
	in := filepath.Join(dir, "fp8")
	deepSeekLike(t, in, r)
	// Per-channel and per-tensor scales, bf16 scales, in a file of their own.
	avoid := []byte{0x7f, 0xff}
	ch := tt("ch.weight", dtype.F8E4M3FN, []int64{48, 40}, randBytes(r, 48*40, avoid...))
	chs := tt("ch.weight_scale", dtype.BF16, []int64{48, 1}, bf16Bytes(scaleValues(r, 48)))
	pt := tt("pt.weight", dtype.F8E4M3FN, []int64{33, 17}, randBytes(r, 33*17, avoid...))
	pts := tt("pt.weight_scale", dtype.F32, []int64{}, f32Bytes([]float32{float32(scaleValues(r, 1)[0])}))
	other := filepath.Join(dir, "other.safetensors")
	writeFile(t, other, []safetensors.Named{ch, chs, pt, pts}, nil)
	mx := filepath.Join(dir, "mx")
	gptOSSLike(t, mx, r, 2, 24, 3)

	// mx first: its bf16 q_proj shares a name with the FP8 one.
	src := map[string]*tensor.Tensor{}
	for _, p := range []string{mx, other, in} {
		for k, v := range readAll(t, p) {
			src[k] = v
		}
	}
	fp8 := func(w, s string, bm, bn int64) oracleCase {
		x, sc := src[w], src[s]
		rows, cols := x.Shape[0], x.Shape[1]
		sr, scn := int64(1), int64(1)
		if len(sc.Shape) == 2 {
			sr, scn = sc.Shape[0], sc.Shape[1]
		}
		sd := "f32"
		if sc.DType == dtype.BF16 {
			sd = "bf16"
		}
		return oracleCase{w, fmt.Sprintf("%d %d %d %d %d %d %s %s %s", rows, cols, sr, scn, bm, bn, hex.EncodeToString(x.Data), hex.EncodeToString(sc.Data), sd), w}
	}
	cases := []oracleCase{
		fp8("model.layers.0.self_attn.q_proj.weight", "model.layers.0.self_attn.q_proj.weight_scale_inv", 128, 128),
		fp8("model.layers.0.mlp.down_proj.weight", "model.layers.0.mlp.down_proj.weight_scale_inv", 128, 128),
		fp8("ch.weight", "ch.weight_scale", 1, 40),
		fp8("pt.weight", "pt.weight_scale", 33, 17),
	}
	b, s := src["model.layers.0.mlp.experts.gate_up_proj_blocks"], src["model.layers.0.mlp.experts.gate_up_proj_scales"]
	cases = append(cases, oracleCase{"mxfp4", fmt.Sprintf("%d %d %d %s %s", b.Shape[0], b.Shape[1], b.Shape[2], hex.EncodeToString(b.Data), hex.EncodeToString(s.Data)), "model.layers.0.mlp.experts.gate_up_proj"})

	targets := []dtype.DType{dtype.BF16, dtype.F16, dtype.F32}
	ours := map[string][]byte{} // target/tensor -> bytes
	for _, to := range targets {
		for _, p := range []string{mx, other, in} {
			out := filepath.Join(dir, fmt.Sprintf("out-%v-%s", to, filepath.Base(p)))
			if _, err := Dequant(bg, mustOpen(t, p), out, DequantOptions{To: to, Mode: Reference, Block: blockFor(p, in)}); err != nil {
				t.Fatal(err)
			}
			for k, v := range readAll(t, out) {
				ours[to.String()+"/"+k] = v.Data
			}
		}
	}
	var stdin bytes.Buffer
	for _, to := range targets {
		for _, c := range cases {
			kind := "FP8"
			if c.name == "mxfp4" {
				kind = "MX"
			}
			fmt.Fprintf(&stdin, "%s %v %s\n", kind, to, c.line)
		}
	}
	for _, suite := range []string{"trixie", "sid"} {
		t.Run(suite, func(t *testing.T) {
			py := oracle.Require(t, suite, "torch")
			out, err := py.Run(torchScript, stdin.Bytes())
			if err != nil {
				t.Fatal(err)
			}
			sc := bufio.NewScanner(bytes.NewReader(out))
			sc.Buffer(make([]byte, 1<<20), 16<<20)
			sc.Scan()
			t.Log(sc.Text())
			for _, to := range targets {
				for _, c := range cases {
					if !sc.Scan() {
						t.Fatal("the oracle answered too few cases")
					}
					want, err := hex.DecodeString(sc.Text())
					if err != nil {
						t.Fatal(err)
					}
					got := ours[to.String()+"/"+c.out]
					if suite == "trixie" && to == dtype.F16 && c.name == "mxfp4" {
						// torch 2.6 rounds 2^e to float16 before the
						// multiplication (inf from 2^16, 0 below 2^-25);
						// 2.14, and promote, multiply by the f32 power.
						got = torch26MXF16(t, b, s)
					}
					if !bytes.Equal(got, want) {
						t.Errorf("%v %s: %d of %d bytes differ from torch", to, c.name, countDiff(got, want), len(want))
					}
				}
			}
		})
	}
}

// torch26MXF16 emulates torch 2.6's ldexp into float16: the FP4 value
// times 2^e rounded to float16 first, the product rounded to float16.
func torch26MXF16(t *testing.T, blocks, scales *tensor.Tensor) []byte {
	t.Helper()
	f4 := dtype.F4E2M1FN.Format()
	f16 := dtype.F16.Format()
	round16 := func(v float64) uint64 {
		y, _, err := convert.Scalar(dtype.F16, dtype.F64, convert.Pattern{Re: math.Float64bits(v)}, convert.Default())
		if err != nil {
			t.Fatal(err)
		}
		return y.Re
	}
	E, R, G := blocks.Shape[0], blocks.Shape[1], blocks.Shape[2]
	K := 32 * G
	out := make([]byte, 2*E*R*K)
	for i := range E * R * K {
		b := blocks.Data[i/2]
		nib := b & 15
		if i%2 == 1 {
			nib = b >> 4
		}
		p := f16.Float64(round16(math.Ldexp(1, int(scales.Data[i/32])-127)))
		y := round16(f4.Float64(uint64(nib)) * p)
		e, r, k := i/(R*K), i/K%R, i%K
		j := (e*K+k)*R + r
		out[2*j], out[2*j+1] = byte(y), byte(y>>8)
	}
	return out
}

// blockFor gives the per-channel/per-tensor file no config: any block.
func blockFor(p, fp8 string) [2]int64 {
	if p == fp8 {
		return [2]int64{} // from config.json
	}
	return [2]int64{128, 128}
}

func scaleValues(r *rand.Rand, n int) []float64 {
	xs := make([]float64, n)
	for i := range xs {
		xs[i] = math.Ldexp(1+r.Float64(), r.IntN(36)-20)
	}
	return xs
}

// mlScript decodes every pattern of the formats the dequantization
// tables read with ml_dtypes, and quantizes as the OCP MX v1.0 and FP8
// rules say, with ml_dtypes' rounding (the test's own restatement):
//
//	DEC: for each format, the float64 value of every pattern.
//	Q8 N HEXF64 BM BN: per block, s = float32(amax/448) (1 for zeros),
//	codes = (x/s).astype(float8_e4m3fn); prints codes and scales.
//	Q4 HEXF64: per 32 values, E = exponent of amax - 2 (frexp), clamped
//	to [-127, 127], -127 for zeros; codes = (x/2^E).astype(float4_e2m1fn)
//	packed low nibble first; prints codes and E+127.
const mlScript = `
import sys, numpy as np, ml_dtypes
print("VERSION", ml_dtypes.__version__)
for name, n in (("float8_e4m3fn", 256), ("float4_e2m1fn", 16), ("float8_e8m0fnu", 256)):
    v = np.arange(n, dtype=np.uint8).view(getattr(ml_dtypes, name)).astype(np.float64)
    print(name, " ".join(repr(float(x)) for x in v))
for line in sys.stdin:
    f = line.split()
    if f[0] == "Q8":
        rows, cols, bm, bn = map(int, f[1:5])
        x = np.frombuffer(bytes.fromhex(f[5]), dtype="<f8").reshape(rows, cols)
        codes = np.zeros((rows, cols), dtype=np.uint8)
        scales = []
        for r0 in range(0, rows, bm):
            for c0 in range(0, cols, bn):
                b = x[r0:r0+bm, c0:c0+bn]
                a = np.abs(b).max()
                s = np.float64(np.float32(a / 448.0)) if a > 0 else 1.0
                scales.append(np.float32(s))
                codes[r0:r0+bm, c0:c0+bn] = (b / s).astype(ml_dtypes.float8_e4m3fn).view(np.uint8)
        print(codes.tobytes().hex(), np.array(scales, dtype="<f4").tobytes().hex())
    else:
        x = np.frombuffer(bytes.fromhex(f[1]), dtype="<f8").reshape(-1, 32)
        out, exps = [], []
        for g in x:
            a = np.abs(g).max()
            e = int(np.frexp(a)[1]) - 1 - 2 if a > 0 else -127
            e = min(max(e, -127), 127)
            c = (g / np.ldexp(1.0, e)).astype(ml_dtypes.float4_e2m1fn).view(np.uint8) & 15
            out.append((c[0::2] | (c[1::2] << 4)).astype(np.uint8))
            exps.append(e + 127)
        print(np.concatenate(out).tobytes().hex(), bytes(exps).hex())
`

// TestFormatsAndQuantMLDtypes: the value tables (f8e4m3fn, f4e2m1fn,
// e8m0) are ml_dtypes', and FP8 block and MXFP4 quantization give the
// codes and scales an independent implementation with ml_dtypes'
// rounding gives (sid's ml_dtypes).
func TestFormatsAndQuantMLDtypes(t *testing.T) {
	if testing.Short() {
		t.Skip("live oracles skipped under -short")
	}
	py := oracle.Require(t, "sid", "numpy", "ml_dtypes")
	dir := t.TempDir()
	in := filepath.Join(dir, "in")
	wideModel(t, in, rand.New(rand.NewPCG(31, 32)))
	src := readAll(t, in)
	f8, f4 := filepath.Join(dir, "f8"), filepath.Join(dir, "f4")
	if _, err := Quant(bg, mustOpen(t, in), f8, QuantOptions{To: dtype.F8E4M3FN, Scale: PerBlock}); err != nil {
		t.Fatal(err)
	}
	if _, err := Quant(bg, mustOpen(t, in), f4, QuantOptions{To: dtype.F4E2M1FN, Only: []string{"*q_proj*"}, Skip: []string{}}); err != nil {
		t.Fatal(err)
	}
	q8, q4 := readAll(t, f8), readAll(t, f4)
	name := "model.layers.0.self_attn.q_proj.weight"
	x := src[name]
	xf := x.DType.Format()
	var f64 bytes.Buffer
	for i := range numel(x.Shape) {
		v := xf.Float64(patternOf(x.Data, x.DType, i))
		var b [8]byte
		for k := range 8 {
			b[k] = byte(math.Float64bits(v) >> (8 * k))
		}
		f64.Write(b[:])
	}
	h := hex.EncodeToString(f64.Bytes())
	stdin := fmt.Sprintf("Q8 200 160 128 128 %s\nQ4 %s\n", h, h)
	out, err := py.Run(mlScript, []byte(stdin))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	if len(lines) != 6 {
		t.Fatalf("oracle printed %d lines", len(lines))
	}
	t.Log(lines[0])
	for _, line := range lines[1:4] {
		f := strings.Fields(line)
		d, _ := dtype.Parse(map[string]string{"float8_e4m3fn": "f8e4m3fn", "float4_e2m1fn": "f4e2m1fn", "float8_e8m0fnu": "f8e8m0fnu"}[f[0]])
		tab := table(d)
		for p, s := range f[1:] {
			var want float64
			fmt.Sscan(s, &want)
			if s == "nan" {
				want = math.NaN()
			}
			if got := tab[p]; got != want && !(math.IsNaN(got) && math.IsNaN(want)) {
				t.Errorf("%v pattern %#x: %v, ml_dtypes %v", d, p, got, want)
			}
		}
	}
	check := func(what string, got []byte, wantHex string) {
		want, _ := hex.DecodeString(wantHex)
		if !bytes.Equal(got, want) {
			t.Errorf("%s: %d of %d bytes differ from the ml_dtypes computation", what, countDiff(got, want), len(want))
		}
	}
	f := strings.Fields(lines[4])
	check("FP8 codes", q8[name].Data, f[0])
	check("FP8 scales", q8[name+"_scale_inv"].Data, f[1])
	f = strings.Fields(lines[5])
	check("MXFP4 blocks", q4[name+"_blocks"].Data, f[0])
	check("MXFP4 scales", q4[name+"_scales"].Data, f[1])
}
