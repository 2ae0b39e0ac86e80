package safeout

import (
	"context"
	"os"
	"slices"
	"sync"
)

// Pending lists the temporary files of the Files created under a context
// from WithPending that are neither committed nor aborted. A command frame
// that gives up waiting for a run a signal stopped (the run is stuck in a
// system call) removes them with RemoveAll before it exits, since the
// run's own deferred Abort will never come. It is safe for concurrent use.
type Pending struct {
	mu    sync.Mutex
	paths map[string]struct{}
}

type pendingKey struct{}

// WithPending returns a context carrying a new Pending: every File that
// Create makes under it is listed there until Commit, CommitAll or Abort.
func WithPending(parent context.Context) (context.Context, *Pending) {
	p := &Pending{paths: map[string]struct{}{}}
	return context.WithValue(parent, pendingKey{}, p), p
}

func pendingOf(ctx context.Context) *Pending {
	p, _ := ctx.Value(pendingKey{}).(*Pending)
	return p
}

func (p *Pending) add(path string) {
	if p != nil {
		p.mu.Lock()
		p.paths[path] = struct{}{}
		p.mu.Unlock()
	}
}

func (p *Pending) drop(path string) {
	if p != nil {
		p.mu.Lock()
		delete(p.paths, path)
		p.mu.Unlock()
	}
}

// RemoveAll removes the temporary files still listed and returns the
// names of those it removed. A File whose Commit runs meanwhile either
// renames its temporary file first (then it is not removed, and the
// target is whole and new) or finds it gone (then the Commit fails and
// the target is as it was).
func (p *Pending) RemoveAll() []string {
	p.mu.Lock()
	defer p.mu.Unlock()
	var removed []string
	for path := range p.paths {
		if os.Remove(path) == nil {
			removed = append(removed, path)
		}
		delete(p.paths, path)
	}
	slices.Sort(removed)
	return removed
}
