package safetensors

import "unsafe"

// nameBlockMax is the largest block a nameArena allocates for names
// shorter than it.
const nameBlockMax = 1 << 20

// nameArena holds a header's tensor names in a few blocks, each name a
// string over its bytes, rather than one heap object a name: a million
// names of 35 bytes take 35 MB in 1 MiB blocks, not 48 MB in a million
// 48-byte objects. A block's bytes are never written again once a string
// covers them. Any one name keeps its block alive, which a caller keeping
// a few names of a large header pays for (a block, not the header).
type nameArena struct {
	block []byte
	next  int // the capacity of the next block
}

// add returns a string of b's bytes.
func (a *nameArena) add(b []byte) string {
	if len(b) == 0 {
		return ""
	}
	if len(b) > cap(a.block)-len(a.block) {
		a.next = min(max(2*a.next, 256), nameBlockMax)
		a.block = make([]byte, 0, max(a.next, len(b)))
	}
	start := len(a.block)
	a.block = append(a.block, b...)
	return unsafe.String(&a.block[start], len(b))
}

// mapMinHeader is the smallest header parsed from a mapping of the file
// rather than from a copy on the heap: below it the copy costs little.
const mapMinHeader = 1 << 20
