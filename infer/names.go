package infer

// nameTable maps the names of a program to their nodes. It replaces a
// map[string]NodeID because a generated program of a million bindings
// makes every lookup a cache miss: here a name of up to 8 bytes is packed
// into the slot itself, so a lookup touches one slot and never the
// source text; longer names are compared against the source.
type nameTable struct {
	slots []nameSlot
	n     int
	src   string
	// recent is a small direct-mapped cache of short names in front of
	// slots: programs mostly use names bound a few lines before, and these
	// then cost no cache miss.
	recent [recentSize]recentSlot
}

const recentSize = 1024

type recentSlot struct {
	key  uint64
	node NodeID
}

// nameSlot is 16 bytes, so that a table of two million slots stays as
// small as it can. A name starts with a letter, so a packed short name is
// never 0 and determines its own length.
type nameSlot struct {
	key  uint64 // the packed name (len <= 8) or its hash; 0: empty
	off  int32  // long names: offset of the name in src; short: -1
	node NodeID
}

func newNameTable(src string, hint int) *nameTable {
	size := 64
	for size < 2*hint {
		size *= 2
	}
	return &nameTable{slots: make([]nameSlot, size), src: src}
}

// keyOf packs a short name or hashes a long one (FNV-1a).
func keyOf(s string) uint64 {
	if len(s) <= 8 {
		// A name never starts with a 0 byte, so this is never 0.
		var k uint64
		for i := 0; i < len(s); i++ {
			k = k<<8 | uint64(s[i])
		}
		return k
	}
	h := uint64(14695981039346656037)
	for i := 0; i < len(s); i++ {
		h ^= uint64(s[i])
		h *= 1099511628211
	}
	if h == 0 {
		h = 1
	}
	return h
}

func mix(k uint64) uint64 {
	k ^= k >> 33
	k *= 0xff51afd7ed558ccd
	k ^= k >> 33
	return k
}

// find returns the slot index for name (at offset off of src when it
// must be stored), and whether it holds the name.
func (t *nameTable) find(name string, k uint64) (int, bool) {
	mask := len(t.slots) - 1
	for i := int(mix(k)) & mask; ; i = (i + 1) & mask {
		s := &t.slots[i]
		if s.key == 0 {
			return i, false
		}
		if s.key == k && (s.off < 0 && len(name) <= 8 || s.off >= 0 && len(name) > 8 && t.src[s.off:int(s.off)+len(name)] == name) {
			return i, true
		}
	}
}

// get returns the node bound to name.
func (t *nameTable) get(name string) (NodeID, bool) {
	k := keyOf(name)
	if len(name) <= 8 {
		if r := &t.recent[mix(k)&(recentSize-1)]; r.key == k {
			return r.node, true
		}
	}
	i, ok := t.find(name, k)
	if !ok {
		return NoNode, false
	}
	return t.slots[i].node, true
}

// set binds name, a substring of src at offset off, to id.
func (t *nameTable) set(name string, off int, id NodeID) {
	k := keyOf(name)
	if len(name) <= 8 {
		t.recent[mix(k)&(recentSize-1)] = recentSlot{key: k, node: id}
	}
	i, ok := t.find(name, k)
	if ok {
		t.slots[i].node = id
		return
	}
	if k == 0 {
		k = 1 // a long name whose hash is 0
	}
	o := int32(-1)
	if len(name) > 8 {
		o = int32(off)
	}
	t.slots[i] = nameSlot{key: k, off: o, node: id}
	t.n++
	if 2*t.n > len(t.slots) {
		old := t.slots
		t.slots = make([]nameSlot, 2*len(old))
		mask := len(t.slots) - 1
		for _, s := range old {
			if s.key != 0 {
				j := int(mix(s.key)) & mask
				for t.slots[j].key != 0 {
					j = (j + 1) & mask
				}
				t.slots[j] = s
			}
		}
	}
}
