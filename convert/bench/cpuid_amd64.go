package bench

// cpuid executes CPUID with EAX = leaf and ECX = sub (cpuid_amd64.s).
//
//go:noescape
func cpuid(leaf, sub uint32) (eax, ebx, ecx, edx uint32)

// cpuidCache returns the level and size of the highest-level data or
// unified cache in CPUID's deterministic cache parameters: leaf 4 on
// Intel, leaf 0x8000001D on AMD and Hygon (both lay out their registers
// alike: EAX type and level, EBX ways, partitions and line size, ECX
// sets, each minus one). Intel SDM vol. 2A, CPUID leaf 04H; AMD APM
// vol. 3, CPUID Fn8000_001D.
func cpuidCache() (level int, bytes int64) {
	maxLeaf, b, c, d := cpuid(0, 0)
	vendor := string([]byte{
		byte(b), byte(b >> 8), byte(b >> 16), byte(b >> 24),
		byte(d), byte(d >> 8), byte(d >> 16), byte(d >> 24),
		byte(c), byte(c >> 8), byte(c >> 16), byte(c >> 24),
	})
	var leaf uint32
	switch vendor {
	case "GenuineIntel":
		if maxLeaf < 4 {
			return 0, 0
		}
		leaf = 4
	case "AuthenticAMD", "HygonGenuine":
		if maxExt, _, _, _ := cpuid(0x80000000, 0); maxExt < 0x8000001D {
			return 0, 0
		}
		leaf = 0x8000001D
	default:
		return 0, 0
	}
	for sub := uint32(0); sub < 16; sub++ {
		a, b, c, _ := cpuid(leaf, sub)
		typ := a & 0x1f
		if typ == 0 { // no more caches
			break
		}
		if typ != 1 && typ != 3 { // data or unified
			continue
		}
		l := int(a >> 5 & 7)
		size := int64(b>>22+1) * int64(b>>12&0x3ff+1) * int64(b&0xfff+1) * int64(c+1)
		if l > level || l == level && size > bytes {
			level, bytes = l, size
		}
	}
	return level, bytes
}
