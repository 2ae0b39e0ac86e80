package bench

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/promote-dev/promote/convert"
	"github.com/promote-dev/promote/dtype"
)

func TestParsePairs(t *testing.T) {
	got, err := ParsePairs("f32:f16, u8:f64")
	if err != nil {
		t.Fatal(err)
	}
	if want := []Pair{{dtype.F32, dtype.F16}, {dtype.U8, dtype.F64}}; len(got) != 2 || got[0] != want[0] || got[1] != want[1] {
		t.Errorf("ParsePairs: %v, want %v", got, want)
	}
	for _, tt := range []struct{ bad, want string }{
		{"f32", "want SRC:DST"},
		{"f32:f99", `unknown dtype "f99"`},
		{"f99:f32", `unknown dtype "f99"`},
		{"f32:dynamic", "dynamic has no values to convert"},
		{"", "want SRC:DST"},
		{"f32:f16,", "want SRC:DST"},
		{strings.Repeat("x", 1000), "want SRC:DST"},
		{"f32:" + strings.Repeat("x", 1000), "unknown dtype"},
	} {
		_, err := ParsePairs(tt.bad)
		if err == nil {
			t.Errorf("ParsePairs(%.20q): no error", tt.bad)
		} else if len(err.Error()) > 120 {
			t.Errorf("ParsePairs(%.20q): error of %d bytes echoes the input whole", tt.bad, len(err.Error()))
		} else if !strings.Contains(err.Error(), tt.want) {
			t.Errorf("ParsePairs(%.20q): %q, want it to say %q", tt.bad, err, tt.want)
		}
	}
}

// TestPlanSizing checks that buffers are sized from the cache, allocated
// for the largest pair only, and cut (or refused) to fit the limit.
func TestPlanSizing(t *testing.T) {
	cache := Cache{Bytes: 1 << 20, Level: 3, Source: "test"}
	pairs := []Pair{{dtype.F64, dtype.U8}, {dtype.F32, dtype.F16}, {dtype.U8, dtype.F32}}
	p, err := NewPlan(Config{Pairs: pairs, Cache: cache, PastCache: true, MemLimit: 1 << 30})
	if err != nil {
		t.Fatal(err)
	}
	for _, j := range p.Jobs {
		s, d := int64(j.N)*int64(convert.ElemBytes(j.Src)), int64(j.N)*int64(convert.ElemBytes(j.Dst))
		if min(s, d) < CacheMultiple*cache.Bytes || j.N%1024 != 0 {
			t.Errorf("%v: %d elements give buffers of %d and %d bytes, want both at least %d", j.Pair, j.N, s, d, CacheMultiple*cache.Bytes)
		}
	}
	// Two arenas, each the largest of every source (f64, 4 Mi elements:
	// 32 MiB), destination (f32, 4 Mi: 16 MiB) and copy half (f64 to u8:
	// 36 MiB / 2).
	if want := int64(2 * 32 << 20); p.Bytes != want || p.Capped {
		t.Errorf("Bytes %d (capped %v), want %d", p.Bytes, p.Capped, want)
	}

	small, err := NewPlan(Config{Pairs: pairs, Cache: cache, PastCache: true, MemLimit: 10 << 20})
	if err != nil {
		t.Fatal(err)
	}
	if !small.Capped || small.Bytes > 10<<20 {
		t.Errorf("capped plan: Capped %v, Bytes %d, want true and at most %d", small.Capped, small.Bytes, 10<<20)
	}

	for _, c := range []Config{
		{Pairs: pairs, N: 1 << 30, Cache: cache, MemLimit: 1 << 30}, // fixed n past the limit
		{Pairs: pairs, N: MaxN + 1, Cache: cache},
		{Pairs: pairs, N: -1, Cache: cache},
		{Cache: cache},
		{Pairs: pairs, Threads: -1, Cache: cache},
		{Pairs: pairs, N: 1024, PastCache: true, Cache: cache}, // a fixed n and past-cache sizing
	} {
		if _, err := NewPlan(c); !errors.Is(err, ErrConfig) {
			t.Errorf("NewPlan(N %d, %d pairs, threads %d): %v, want an ErrConfig", c.N, len(c.Pairs), c.Threads, err)
		}
	}
}

// TestPlanDefaultSize: without a fixed count or PastCache, every pair
// holds DefaultN elements whatever cache the machine reports (a VM that
// reported 300 MiB once made the default ask for 9.4 GiB), and a machine
// with little memory free gets the same pairs cut to fit.
func TestPlanDefaultSize(t *testing.T) {
	huge := Cache{Bytes: 300 << 20, Level: 3, Source: "test"}
	pairs := []Pair{{dtype.F32, dtype.F8E4M3FN}, {dtype.F64, dtype.F32}, {dtype.C128, dtype.C128}}
	p, err := NewPlan(Config{Pairs: pairs, Cache: huge, MemLimit: 64 << 30})
	if err != nil {
		t.Fatal(err)
	}
	for _, j := range p.Jobs {
		if j.N != DefaultN {
			t.Errorf("%v: %d elements, want DefaultN (%d)", j.Pair, j.N, DefaultN)
		}
	}
	if want := int64(2 * 16 * DefaultN); p.Bytes != want || p.Capped || p.PastCache {
		t.Errorf("Bytes %d (capped %v, past cache %v), want %d", p.Bytes, p.Capped, p.PastCache, want)
	}
	small, err := NewPlan(Config{Pairs: pairs, Cache: huge, MemLimit: 32 << 20})
	if err != nil {
		t.Fatal(err)
	}
	if !small.Capped || small.Bytes > 32<<20 {
		t.Errorf("little memory: Capped %v, Bytes %d, want true and at most 32 MiB", small.Capped, small.Bytes)
	}
}

// TestRun measures a tiny plan and checks the fields it reports, not the
// timings.
func TestRun(t *testing.T) {
	p, err := NewPlan(Config{Pairs: []Pair{{dtype.F32, dtype.F16}, {dtype.U8, dtype.F64}}, N: 5000, Reps: 1, Threads: 2,
		Cache: Cache{Bytes: 30000, Level: 2, Source: "test"}})
	if err != nil {
		t.Fatal(err)
	}
	var got []Result
	if err := p.Run(func(r Result) error { got = append(got, r); return nil }); err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 {
		t.Fatalf("%d results, want 2", len(got))
	}
	for i, want := range []struct {
		bytes int64
		fits  bool
	}{{30000, true}, {45000, false}} {
		r := got[i]
		if r.Bytes != want.bytes || r.FitsInCache != want.fits || r.N != 5000 || r.Threads != 2 ||
			!(r.GBps > 0) || !(r.CopyGBps > 0) || !(r.Ratio > 0) || r.Ratio != r.GBps/r.CopyGBps {
			t.Errorf("result %d: %+v, want %d bytes, fits %v, positive rates", i, r, want.bytes, want.fits)
		}
	}
	stop := errors.New("stop")
	if err := p.Run(func(Result) error { return stop }); err != stop {
		t.Errorf("Run returned %v, want the callback's error", err)
	}
}

func TestSysfsCache(t *testing.T) {
	dir := t.TempDir()
	for name, files := range map[string][3]string{
		"index0": {"1", "Data", "48K"},
		"index1": {"1", "Instruction", "32K"},
		"index2": {"2", "Unified", "2048K"},
		"index3": {"3", "Unified", "480M"},
		"index4": {"4", "Instruction", "1G"}, // not data: ignored
	} {
		d := filepath.Join(dir, name)
		if err := os.Mkdir(d, 0o755); err != nil {
			t.Fatal(err)
		}
		for i, f := range []string{"level", "type", "size"} {
			if err := os.WriteFile(filepath.Join(d, f), []byte(files[i]+"\n"), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	if l, b := sysfsCache(dir); l != 3 || b != 480<<20 {
		t.Errorf("sysfsCache: L%d %d bytes, want L3 %d", l, b, 480<<20)
	}
	if l, b := sysfsCache(filepath.Join(dir, "absent")); l != 0 || b != 0 {
		t.Errorf("sysfsCache of a missing directory: L%d %d, want zeros", l, b)
	}
}

func TestParseSize(t *testing.T) {
	for in, want := range map[string]int64{"32768K": 32 << 20, "1M": 1 << 20, "2G": 2 << 30, "512": 512} {
		if got, err := parseSize(in); err != nil || got != want {
			t.Errorf("parseSize(%q) = %d, %v; want %d", in, got, err, want)
		}
	}
	for _, in := range []string{"", "K", "-1K", "12Q", "99999999999999G"} {
		if _, err := parseSize(in); err == nil {
			t.Errorf("parseSize(%q): no error", in)
		}
	}
}

func TestCacheString(t *testing.T) {
	for _, c := range []struct {
		c    Cache
		want string
	}{
		{Cache{}, "unknown (no sysfs or cpuid cache information)"},
		{Cache{Bytes: 32 << 20, Level: 3, Source: "sysfs", Sysfs: 32 << 20, CPUID: 32 << 20}, "32 MiB (L3, sysfs)"},
		{Cache{Bytes: 480 << 20, Level: 3, Source: "sysfs", Sysfs: 480 << 20, CPUID: 32 << 20}, "480 MiB (L3, sysfs); sysfs says 480 MiB, cpuid 32 MiB"},
	} {
		if got := c.c.String(); got != c.want {
			t.Errorf("%+v: %q, want %q", c.c, got, c.want)
		}
	}
}

// TestDetectCache only checks that the answer is coherent: the machine
// decides the size.
func TestDetectCache(t *testing.T) {
	c := DetectCache()
	if c.Bytes != max(c.Sysfs, c.CPUID) || c.Bytes > 0 && c.Level == 0 {
		t.Errorf("DetectCache: %+v: Bytes is not the larger report, or has no level", c)
	}
}
