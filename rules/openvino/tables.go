package openvino

import (
	"sync"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/kit"
)

// Two ranked tensors never meet R7, so pytorch_scalar_promotion does not
// change the pair table; promote_unsafe does, and so does
// u64_integer_promotion_target, but only when promote_unsafe is true (in
// safe mode R8 refuses u64 with a signed integer before reading it). So
// there is one safe table and one unsafe table per target, each compiled
// the first time a rule set needs it.
var (
	safeTable   lazyTable
	unsafeTable [dtype.Count]lazyTable // indexed by u64_integer_promotion_target
)

type lazyTable struct {
	once sync.Once
	t    *kit.PairTable
}

// tableFor returns the compiled pair table for the attributes.
func tableFor(unsafe bool, tgt64 dtype.DType) *kit.PairTable {
	lt := &safeTable
	if unsafe {
		lt = &unsafeTable[tgt64]
	}
	lt.once.Do(func() {
		a := attrs{unsafe: unsafe, tgt64: tgt64}
		lt.t = kit.NewPairTable(name, func(x, y dtype.DType) kit.Decision {
			return infer(a, x, promote.RankPositive, y, promote.RankPositive)
		})
	})
	return lt.t
}
