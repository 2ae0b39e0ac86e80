//go:build !linux

package oracle

import "fmt"

// enter refuses: the chroot oracles need Linux (chroot, a /proc mount and
// flock), so away from it only the host's Python answers.
func (p *Python) enter() (func(), error) {
	return nil, fmt.Errorf("oracle %s: chroot oracles need Linux", p.Name)
}
