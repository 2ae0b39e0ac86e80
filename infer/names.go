package infer

// nameTable maps the names of a program to their nodes. It replaces a
// map[string]NodeID because a generated program of a million bindings
// makes every lookup a cache miss: here a name of up to 8 bytes is packed
// into the slot itself, so a lookup touches one slot and never the
// source text; longer names are compared against the source.
//
// Bindings go first to a small young table that stays in cache, and move
// to the old table in batches: a binding's slot in the old table is a
// cache miss wherever it falls, and in a batch loop with nothing else to
// do the processor overlaps many of them, where one per program line
// would each stall the parse. A lookup asks the young table, then the
// old one.
type nameTable struct {
	old  []nameSlot
	oldN int
	// young holds the bindings since the last move, at most half full.
	young  []nameSlot
	youngN int
	src    string
	// recent is a small direct-mapped cache of short names in front of
	// both: programs mostly use names bound a few lines before, and these
	// then cost no lookup at all.
	recent [recentSize]recentSlot
}

const (
	recentSize = 1024
	youngSize  = 1 << 13 // slots; 128 KiB
)

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
	return &nameTable{old: make([]nameSlot, size), young: make([]nameSlot, youngSize), src: src}
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

// nameAt is the name of a long-name slot: the identifier at its offset.
func (t *nameTable) nameAt(off int32) string {
	e := int(off)
	for e < len(t.src) && (isLetter(t.src[e]) || isDigit(t.src[e])) {
		e++
	}
	return t.src[off:e]
}

// find returns the index in slots of name (key k), or of the empty slot
// where it would go, and whether it is there.
func (t *nameTable) find(slots []nameSlot, name string, k uint64) (int, bool) {
	mask := len(slots) - 1
	for i := int(mix(k)) & mask; ; i = (i + 1) & mask {
		s := &slots[i]
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
	if i, ok := t.find(t.young, name, k); ok {
		return t.young[i].node, true
	}
	if i, ok := t.find(t.old, name, k); ok {
		return t.old[i].node, true
	}
	return NoNode, false
}

// set binds name, a substring of src at offset off, to id.
func (t *nameTable) set(name string, off int, id NodeID) {
	k := keyOf(name)
	if len(name) <= 8 {
		t.recent[mix(k)&(recentSize-1)] = recentSlot{key: k, node: id}
	}
	i, ok := t.find(t.young, name, k)
	if ok {
		t.young[i].node = id
		return
	}
	o := int32(-1)
	if len(name) > 8 {
		o = int32(off)
	}
	t.young[i] = nameSlot{key: k, off: o, node: id}
	t.youngN++
	if 2*t.youngN > len(t.young) {
		t.age()
	}
}

// age moves the young bindings to the old table, replacing older
// bindings of the same names, and empties the young table.
func (t *nameTable) age() {
	if 2*(t.oldN+t.youngN) > len(t.old) {
		t.grow()
	}
	for i := range t.young {
		s := t.young[i]
		if s.key == 0 {
			continue
		}
		name := ""
		if s.off >= 0 {
			name = t.nameAt(s.off)
		}
		j, ok := t.findSlot(t.old, s, name)
		if !ok {
			t.oldN++
		}
		t.old[j] = s
	}
	clear(t.young)
	t.youngN = 0
}

// findSlot is find for a slot's own name (name is "" for a short one).
func (t *nameTable) findSlot(slots []nameSlot, s nameSlot, name string) (int, bool) {
	if s.off < 0 {
		// A short name is its key: compare keys alone.
		mask := len(slots) - 1
		for i := int(mix(s.key)) & mask; ; i = (i + 1) & mask {
			o := &slots[i]
			if o.key == 0 {
				return i, false
			}
			if o.key == s.key && o.off < 0 {
				return i, true
			}
		}
	}
	return t.find(slots, name, s.key)
}

// grow doubles the old table until it is at most half full with the
// young bindings added.
func (t *nameTable) grow() {
	size := len(t.old)
	for 2*(t.oldN+t.youngN) > size {
		size *= 2
	}
	old := t.old
	t.old = make([]nameSlot, size)
	mask := size - 1
	for _, s := range old {
		if s.key != 0 {
			j := int(mix(s.key)) & mask
			for t.old[j].key != 0 {
				j = (j + 1) & mask
			}
			t.old[j] = s
		}
	}
}
