package checkpoint

import (
	"encoding/binary"
	"math/rand/v2"
	"testing"

	"github.com/promote-dev/promote/convert"
	"github.com/promote-dev/promote/dtype"
)

// TestNVCountMatchesHistogram: for NVFP4 tables under every third scale
// byte, several global scales, both layouts, both modes and three
// targets, and data that is random, all ±0, hides the largest error's
// code until its last group, or holds one code, the fast count gives the
// counts of the per-byte histogram.
func TestNVCountMatchesHistogram(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	datas := map[string][]byte{
		"random": randBytes(r, 8*200),
		"zeros":  {0x00, 0x80, 0x08, 0x88, 0, 0, 0x80, 0x08},
	}
	for k := range 16 { // one code only, then every code in the last group
		d := make([]byte, 8*20)
		for i := range d {
			d[i] = byte(k | k<<4)
		}
		datas["code "+string(rune('a'+k))] = d
		late := append([]byte{}, d...)
		for i := range 8 {
			late[len(late)-8+i] = byte(2*i | (2*i+1)<<4)
		}
		datas["late "+string(rune('a'+k))] = late
	}
	fast, total := 0, 0
	for _, layout := range []nvLayout{nvModelOpt, nvCompressed} {
		for _, global := range []float32{1, 0.5, 1.0 / 3, 448 * 6 / 1.2345, 1e-30, 3e38} {
			for _, to := range []dtype.DType{dtype.BF16, dtype.F16, dtype.F32} {
				for _, mode := range []Mode{Exact, Reference} {
					p := &nvDequant{layout: layout, global: global, to: to, mode: mode}
					for e := 0; e < 256; e += 3 { // a third of the scale bytes: every exponent
						if e&0x7f == 0x7f {
							continue // NaN
						}
						for name, src := range datas {
							var got, want Counts
							ob := convert.ElemBytes(to)
							fastTabs := &nvTables{p: p, ob: ob}
							slowTabs := &nvTables{p: p, ob: ob}
							ft, err := fastTabs.get(byte(e))
							if err != nil {
								t.Fatal(err)
							}
							st, _ := slowTabs.get(byte(e))
							st.fast.on = false
							total++
							if ft.fast.on {
								fast++
							}
							for g := 0; g+8 <= len(src); g += 8 {
								x := binary.LittleEndian.Uint64(src[g:])
								ft.see(x)
								st.see(x)
							}
							fastTabs.fold(&got)
							slowTabs.fold(&want)
							if got != want {
								t.Fatalf("%v global %g %v %v scale 0x%02x %s: fast count %+v, histogram %+v", layout, global, to, mode, e, name, got, want)
							}
						}
					}
				}
			}
		}
	}
	if fast < total/2 {
		t.Errorf("the fast count took %d of %d tables; want most", fast, total)
	}
	t.Logf("fast count on %d of %d tables", fast, total)
}
