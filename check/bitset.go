package check

import "math/bits"

// words is the number of 64-bit words a set of elements takes.
const words = (maxElems + 63) / 64

// bitset is a set of element indices.
type bitset [words]uint64

func (s *bitset) add(i int)          { s[i/64] |= 1 << (i % 64) }
func (s bitset) has(i int) bool      { return s[i/64]&(1<<(i%64)) != 0 }
func (s bitset) and(t bitset) bitset { return s.op(t, func(x, y uint64) uint64 { return x & y }) }

func (s bitset) op(t bitset, f func(x, y uint64) uint64) bitset {
	var out bitset
	for w := range s {
		out[w] = f(s[w], t[w])
	}
	return out
}

// subset reports whether s ⊆ t.
func (s bitset) subset(t bitset) bool {
	for w := range s {
		if s[w]&^t[w] != 0 {
			return false
		}
	}
	return true
}

// each calls f for every member, in increasing order.
func (s bitset) each(f func(i int)) {
	for w, x := range s {
		for ; x != 0; x &= x - 1 {
			f(w*64 + bits.TrailingZeros64(x))
		}
	}
}

// first returns the smallest member that is not in t, or -1.
func (s bitset) firstNotIn(t bitset) int {
	for w := range s {
		if x := s[w] &^ t[w]; x != 0 {
			return w*64 + bits.TrailingZeros64(x)
		}
	}
	return -1
}
