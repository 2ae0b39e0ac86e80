package oracle

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"syscall"
)

// enter takes the chroot's lock and mounts /proc in it; the returned func
// unmounts it and releases the lock.
func (p *Python) enter() (func(), error) {
	lock, err := os.OpenFile(filepath.Join(p.root, ".promote-lock"), os.O_CREATE|os.O_RDWR, 0o600)
	if err != nil {
		return nil, fmt.Errorf("oracle %s: %w", p.Name, err)
	}
	if err := syscall.Flock(int(lock.Fd()), syscall.LOCK_EX); err != nil {
		lock.Close()
		return nil, fmt.Errorf("oracle %s: lock: %w", p.Name, err)
	}
	proc := filepath.Join(p.root, "proc")
	mounted := false
	if _, err := os.Stat(filepath.Join(proc, "self")); errors.Is(err, os.ErrNotExist) {
		if err := syscall.Mount("proc", proc, "proc", 0, ""); err != nil {
			syscall.Flock(int(lock.Fd()), syscall.LOCK_UN)
			lock.Close()
			return nil, fmt.Errorf("oracle %s: mount /proc: %w", p.Name, err)
		}
		mounted = true
	}
	return func() {
		if mounted {
			syscall.Unmount(proc, 0)
		}
		syscall.Flock(int(lock.Fd()), syscall.LOCK_UN)
		lock.Close()
	}, nil
}
