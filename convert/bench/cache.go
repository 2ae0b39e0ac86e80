package bench

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// Cache is the last-level cache the measurements must get past.
type Cache struct {
	Bytes  int64  // size in bytes; 0 when nothing reported one
	Level  int    // cache level (3 for an L3); 0 when unknown
	Source string // where the size came from: "sysfs", "cpuid", or "none"
	// Sysfs and CPUID are the sizes each source reported (0: none), kept
	// because a VM may report different ones; Bytes is the larger.
	Sysfs, CPUID int64
}

// String describes the cache as the bench report prints it.
func (c Cache) String() string {
	if c.Bytes == 0 {
		return "unknown (no sysfs or cpuid cache information)"
	}
	s := fmt.Sprintf("%s (L%d, %s)", SizeString(c.Bytes), c.Level, c.Source)
	if c.Sysfs != 0 && c.CPUID != 0 && c.Sysfs != c.CPUID {
		s += fmt.Sprintf("; sysfs says %s, cpuid %s", SizeString(c.Sysfs), SizeString(c.CPUID))
	}
	return s
}

// DetectCache finds the last-level cache of the CPU this runs on: the
// highest-level data or unified cache that Linux lists under
// /sys/devices/system/cpu/cpu0/cache and that CPUID describes (leaf 4 on
// Intel, 0x8000001D on AMD), taking the larger where both answer, so that
// buffers sized from it are past the cache whichever is right.
func DetectCache() Cache {
	sl, sb := sysfsCache("/sys/devices/system/cpu/cpu0/cache")
	cl, cb := cpuidCache()
	c := Cache{Sysfs: sb, CPUID: cb, Source: "none"}
	if sb > 0 {
		c.Bytes, c.Level, c.Source = sb, sl, "sysfs"
	}
	if cb > c.Bytes {
		c.Bytes, c.Level, c.Source = cb, cl, "cpuid"
	}
	return c
}

// sysfsCache returns the level and size of the highest-level data or
// unified cache listed under dir (index0, index1, ...), or zeros.
func sysfsCache(dir string) (level int, bytes int64) {
	entries, err := filepath.Glob(filepath.Join(dir, "index*"))
	if err != nil {
		return 0, 0
	}
	for _, e := range entries {
		typ := readTrim(filepath.Join(e, "type"))
		if typ != "Data" && typ != "Unified" {
			continue
		}
		l, err1 := strconv.Atoi(readTrim(filepath.Join(e, "level")))
		b, err2 := parseSize(readTrim(filepath.Join(e, "size")))
		if err1 != nil || err2 != nil {
			continue
		}
		if l > level || l == level && b > bytes {
			level, bytes = l, b
		}
	}
	return level, bytes
}

func readTrim(path string) string {
	b, err := os.ReadFile(path)
	if err != nil {
		return ""
	}
	return strings.TrimSpace(string(b))
}

// parseSize reads sysfs's cache sizes: a number with an optional K, M or
// G suffix (binary units).
func parseSize(s string) (int64, error) {
	mult := int64(1)
	switch {
	case strings.HasSuffix(s, "K"):
		mult, s = 1<<10, s[:len(s)-1]
	case strings.HasSuffix(s, "M"):
		mult, s = 1<<20, s[:len(s)-1]
	case strings.HasSuffix(s, "G"):
		mult, s = 1<<30, s[:len(s)-1]
	}
	v, err := strconv.ParseInt(s, 10, 64)
	if err != nil || v < 0 || v > 1<<40/mult {
		return 0, fmt.Errorf("cache size %q: not a size in bytes, K, M or G", s)
	}
	return v * mult, nil
}

// SizeString prints a byte count in the largest binary unit that keeps
// it whole, or with one decimal in MiB or GiB.
func SizeString(b int64) string {
	switch {
	case b >= 1<<30 && b%(1<<30) == 0:
		return fmt.Sprintf("%d GiB", b>>30)
	case b >= 1<<30:
		return fmt.Sprintf("%.1f GiB", float64(b)/(1<<30))
	case b >= 1<<20 && b%(1<<20) == 0:
		return fmt.Sprintf("%d MiB", b>>20)
	case b >= 1<<20:
		return fmt.Sprintf("%.1f MiB", float64(b)/(1<<20))
	case b >= 1<<10:
		return fmt.Sprintf("%d KiB", b>>10)
	}
	return fmt.Sprintf("%d B", b)
}
