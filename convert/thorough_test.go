package convert

import "github.com/promote-dev/promote/convert/internal/sweep"

// thorough reports whether the slow, complete variants of the sweeps over
// wide sources were asked for (PROMOTE_EXHAUSTIVE=1, as for the 2^32 f32
// sweeps). By default those tests take a fixed sample (every 61st 16-bit
// pattern and the top 64, where the specials are; every 17th or 41st edge
// or random pattern), so that go test ./... stays within minutes on two
// cores; every assertion runs either way.
func thorough() bool { return sweep.Exhaustive() }
