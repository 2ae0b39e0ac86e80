//go:build !unix

package python

import "time"

func cpuTime() time.Duration { return 0 }
