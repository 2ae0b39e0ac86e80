//go:build !unix

package probe

import "os/exec"

// ownGroup: away from Unix there are no process groups to start; on
// expiry the interpreter itself is killed.
func ownGroup(cmd *exec.Cmd) {}

// killGroup kills the interpreter.
func killGroup(cmd *exec.Cmd) error {
	if cmd.Process == nil {
		return nil
	}
	return cmd.Process.Kill()
}
