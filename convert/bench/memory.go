package bench

import (
	"bufio"
	"os"
	"strconv"
	"strings"
)

// availableMemory returns the MemAvailable figure of /proc/meminfo in
// bytes, or 4 GiB where there is none.
func availableMemory() int64 {
	const fallback = 4 << 30
	f, err := os.Open("/proc/meminfo")
	if err != nil {
		return fallback
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		rest, ok := strings.CutPrefix(sc.Text(), "MemAvailable:")
		if !ok {
			continue
		}
		kb, err := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), 10, 64)
		if err != nil || kb <= 0 {
			return fallback
		}
		return kb << 10
	}
	return fallback
}
