package checkpoint

import "math/bits"

// nvCount tallies an NVFP4 table's codes without a per-byte histogram
// when the table's classes allow it: codes 0 and 8 (±0) share one class
// with no error, and the other fourteen codes share another (nearly
// every table: a global scale of 24 significant bits makes every nonzero
// product round). The counts then need only how many codes are ±0 (a
// nibble whose low three bits are clear), which a few word operations
// count in a group's eight bytes, and the largest relative error needs
// only which nonzero codes occur, found by a scan that stops at the
// first code with the table's largest error, usually within the first
// groups. A histogram increment per byte (into a 2 KiB table chosen by
// the group's scale) cost more than the conversion itself. The counts
// and the error are those the histogram gives
// (TestNVCountMatchesHistogram).
type nvCount struct {
	on           bool
	k, zk        class // the class of the nonzero codes, and of ±0
	top          uint16
	seen         uint16 // the codes seen, one bit each (until top is seen)
	codes, zeros int64
}

const (
	nibLow3   = 0x7777777777777777
	nibTop    = 0x8888888888888888
	zeroCodes = 1<<0 | 1<<8
)

// initCount turns the fast count on when t's classes allow it (see
// nvCount).
func (t *nvTable) initCount() {
	c := &t.fast
	*c = nvCount{}
	if t.cls[0] != t.cls[8] || t.rel[0] != 0 || t.rel[8] != 0 {
		return
	}
	var maxRel float64
	for k := range 16 {
		if zeroCodes&(1<<k) != 0 {
			continue
		}
		if t.cls[k] != t.cls[1] {
			return
		}
		maxRel = max(maxRel, t.rel[k])
	}
	c.on, c.k, c.zk = true, t.cls[1], t.cls[0]
	for k := range 16 {
		if zeroCodes&(1<<k) == 0 && t.rel[k] == maxRel {
			c.top |= 1 << k
		}
	}
}

// see counts the sixteen codes of one group, x its eight bytes as a
// little-endian word.
func (t *nvTable) see(x uint64) {
	c := &t.fast
	if !c.on {
		for i := 0; i < 64; i += 8 {
			t.nb[byte(x>>i)]++
		}
		return
	}
	// With the top bit of each nibble cleared, adding 7 carries into it
	// exactly when the rest is nonzero, and never into the next nibble.
	c.zeros += int64(16 - bits.OnesCount64(((x&nibLow3)+nibLow3)&nibTop))
	c.codes += 16
	if c.seen&c.top == 0 {
		for i := 0; i < 64; i += 4 {
			c.seen |= 1 << (x >> i & 15)
		}
	}
}

// foldCount adds t's counts to cc and clears them.
func (t *nvTable) foldCount(cc *Counts) {
	c := &t.fast
	if c.zeros > 0 {
		cc.tally(c.zk, c.zeros, 0)
	}
	if n := c.codes - c.zeros; n > 0 {
		var rel float64
		for k := range 16 {
			if c.seen&^zeroCodes&(1<<k) != 0 {
				rel = max(rel, t.rel[k])
			}
		}
		cc.tally(c.k, n, rel)
	}
	c.codes, c.zeros, c.seen = 0, 0, 0
}
