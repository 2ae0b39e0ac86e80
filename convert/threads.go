package convert

import "time"

// Why a kernel call measures before it spreads out: a slice kernel that
// already moves data at the speed of memory on one core gains nothing from
// a second goroutine, and on some machines loses (on the project's 2-core
// VM a plain copy moves 42 GB/s on one core and 36 on two; bf16 to f32 and
// the small-float decodes measured 0 to 8% slower on two threads). Which
// pairs those are depends on the machine: its cores, its memory, what else
// runs. So a large call converts a few pieces on the calling goroutine,
// then a few on every thread, and finishes with whichever moved more
// elements per second. The result is the same bytes either way; only the
// time differs.

const (
	// probePieces is how many pieces each probe converts per goroutine:
	// at 1 MiB a piece, a few hundred microseconds at memory speed,
	// long enough that the clock's resolution and a goroutine's start
	// are small beside it.
	probePieces = 4

	// probeMaxRounds is how many probes of each kind a call may take
	// when the first leaves the choice close (see settled); the probes
	// never take more than half the call.
	probeMaxRounds = 4

	// probeMinRounds is how many probes' worth of pieces a call must
	// have to be measured: below it the probes would be most of the
	// call, and a wrong choice would cost more than a right one saves.
	probeMinRounds = 4
)

// inPiecesMeasured runs f over [0, n) as inPieces does, for f that
// never refuses (the slice kernels), with threads > 1. A call of at
// least probeMinRounds probes' pieces first times probePieces pieces on
// the calling goroutine alone, then probePieces*threads pieces on threads
// goroutines, and repeats both while the times leave the choice close
// (up to probeMaxRounds each, within half the call: a pair at memory
// speed measures about the same either way, and one short probe let the
// noise choose two threads for pairs they made 5 to 9% slower), then
// converts the rest on one goroutine unless the threads were faster per
// element (spread). A clear choice costs one probe, as before.
func inPiecesMeasured(dst []byte, n, ds, ss, threads int, f func(lo, hi int)) {
	s := splitPieces(dst, n, ds, ss)
	g := func(lo, hi int) int { f(lo, hi); return -1 }
	round := probePieces * (1 + threads)
	if threads <= 1 || s.count < probeMinRounds*(1+round) {
		s.run(0, s.count, threads, g)
		return
	}
	s.run(0, 1, 1, g) // the head: a partial cache line, not timed
	at := 1
	var one, many time.Duration
	for r := 0; r == 0 || r < probeMaxRounds && !settled(one, many, threads) && at+round <= s.count/2; r++ {
		t0 := time.Now()
		s.run(at, at+probePieces, 1, g)
		one += time.Since(t0)
		at += probePieces
		t1 := time.Now()
		s.run(at, at+probePieces*threads, threads, g)
		many += time.Since(t1)
		at += probePieces * threads
	}
	s.run(at, s.count, spread(one, many, threads), g)
}

// settled reports whether the probes so far decide clearly: the threads
// moved at least a quarter more elements per second than one goroutine,
// or fewer. Between the two the call probes again.
func settled(one, many time.Duration, threads int) bool {
	speedup := float64(time.Duration(threads)*one) / float64(max(many, 1))
	return speedup >= 1.25 || speedup < 1
}

// spread decides how many goroutines finish a call: threads if converting
// threads times the pieces on threads goroutines moved at least a tenth
// more elements per second than converting them on one, else 1. The
// margin is there because a pair at memory speed measures about as fast
// either way, and a probe that let the noise choose sent such pairs to two
// threads about half the time, 5 to 9% slower. A clock that did not move
// decides nothing: threads.
func spread(one, many time.Duration, threads int) int {
	if one <= 0 || many <= 0 || 11*many < 10*time.Duration(threads)*one {
		return threads
	}
	return 1
}
