package proc

import (
	"os"
	"os/exec"
	"syscall"
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
// pid once the parent is gone, shows. The standard library's syscall has
// all it takes, so the hook path (which links this package) links no
// golang.org/x/sys/unix for it.
func WatchParent(pid int) {
	kq, err := syscall.Kqueue()
	if err != nil {
		return // unwatched: as without the watch
	}
	var ev syscall.Kevent_t
	syscall.SetKevent(&ev, pid, syscall.EVFILT_PROC, syscall.EV_ADD|syscall.EV_ONESHOT)
	ev.Fflags = syscall.NOTE_EXIT
	if _, err := syscall.Kevent(kq, []syscall.Kevent_t{ev}, nil, nil); err != nil {
		if err == syscall.ESRCH {
			os.Exit(1)
		}
		syscall.Close(kq)
		return
	}
	if os.Getppid() != pid {
		os.Exit(1)
	}
	go func() {
		out := make([]syscall.Kevent_t, 1)
		for {
			n, err := syscall.Kevent(kq, nil, out, nil)
			if err == syscall.EINTR {
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
