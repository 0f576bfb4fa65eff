package proc

import (
	"os"
	"os/exec"

	"golang.org/x/sys/unix"
)

// DieWithParent hands cmd this process's pid (EnvParentPID): macOS has no
// parent-death signal, so the stage watches its orchestrator itself
// (WatchParent, which the stage binaries call at start-up).
func DieWithParent(cmd *exec.Cmd) { parentEnv(cmd, os.Getpid()) }

// WatchParent exits this process, at once and with status 1, when process
// pid (the orchestrator, this process's parent) exits: a kqueue
// EVFILT_PROC NOTE_EXIT event, waited for in a goroutine. The parent may
// have died before the watch was registered: then registering fails
// (ESRCH), or succeeds on a pid already reused, which getppid, no longer
// pid once the parent is gone, shows.
func WatchParent(pid int) {
	kq, err := unix.Kqueue()
	if err != nil {
		return // unwatched: as without the watch
	}
	var ev unix.Kevent_t
	unix.SetKevent(&ev, pid, unix.EVFILT_PROC, unix.EV_ADD|unix.EV_ONESHOT)
	ev.Fflags = unix.NOTE_EXIT
	if _, err := unix.Kevent(kq, []unix.Kevent_t{ev}, nil, nil); err != nil {
		if err == unix.ESRCH {
			os.Exit(1)
		}
		unix.Close(kq)
		return
	}
	if os.Getppid() != pid {
		os.Exit(1)
	}
	go func() {
		out := make([]unix.Kevent_t, 1)
		for {
			n, err := unix.Kevent(kq, nil, out, nil)
			if err == unix.EINTR {
				continue
			}
			if err != nil {
				return
			}
			if n > 0 {
				os.Exit(1)
			}
		}
	}()
}
