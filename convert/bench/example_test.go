package bench_test

import (
	"fmt"

	"github.com/promote-dev/promote/convert"
	"github.com/promote-dev/promote/convert/bench"
	"github.com/promote-dev/promote/dtype"
)

// Measure f32 to f16 against a copy of the same traffic. With N left at
// 0 the buffers would be sized from the detected last-level cache.
func Example() {
	plan, err := bench.NewPlan(bench.Config{
		Pairs:   []bench.Pair{{Src: dtype.F32, Dst: dtype.F16}},
		N:       1 << 16,
		Threads: 1,
		Reps:    1,
		Policy:  convert.Default(),
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	err = plan.Run(func(r bench.Result) error {
		fmt.Printf("%v: %d elements, %d bytes moved, ratio to copy > 0: %v\n", r.Pair, r.N, r.Bytes, r.Ratio > 0)
		return nil
	})
	if err != nil {
		fmt.Println(err)
	}
	// Output: f32:f16: 65536 elements, 393216 bytes moved, ratio to copy > 0: true
}
