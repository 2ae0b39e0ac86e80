package check

import (
	"fmt"
	"runtime"
	"sync"

	"github.com/promote-dev/promote"
)

// CheckAll checks every rule set, on as many goroutines as GOMAXPROCS
// allows, and returns the reports in the order of rs.
func CheckAll(rs []promote.Rules) []*Report {
	out := make([]*Report, len(rs))
	next := make(chan int)
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), len(rs)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				out[i] = Check(rs[i])
			}
		}()
	}
	for i := range rs {
		next <- i
	}
	close(next)
	wg.Wait()
	return out
}

// WithPresets builds each definition with its defaults and then with each
// of its presets, in order: the rows of the table across rule sets.
func WithPresets(defs []*promote.Def) ([]promote.Rules, error) {
	var out []promote.Rules
	for _, d := range defs {
		for _, kv := range append([][]string{nil}, d.Presets...) {
			r, err := d.Build(kv...)
			if err != nil {
				return nil, fmt.Errorf("check: %s preset %v: %w", d.Name, kv, err)
			}
			out = append(out, r)
		}
	}
	return out, nil
}
