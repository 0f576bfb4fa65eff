package proc

import "os/exec"

// Run is cmd.Run for a command prepared with OwnGroup: Start (which on
// Windows puts it in its job object before it runs), then Wait.
func Run(cmd *exec.Cmd) error {
	if err := Start(cmd); err != nil {
		return err
	}
	return cmd.Wait()
}
