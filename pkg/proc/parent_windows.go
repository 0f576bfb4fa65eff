package proc

import (
	"os/exec"
	"runtime"
	"sync"
	"unsafe"
	"weak"

	"golang.org/x/sys/windows"
)

// A stage dies with its orchestrator through one job object, made once per
// process with JOB_OBJECT_LIMIT_KILL_ON_JOB_CLOSE, whose only handle this
// process holds (not inheritable) and never closes: when this process
// ends, however it ends, the kernel closes the handle and kills every
// process in the job. Start puts a command in the job while it is still
// suspended, so the stage runs nothing outside it. What a stage leaves
// running in the background (its own children are in the job too) ends
// with the orchestrator as well.

var (
	stageJobOnce sync.Once
	stageJob     windows.Handle // 0: none could be made

	dyingMu sync.Mutex
	dying   = map[weak.Pointer[exec.Cmd]]bool{}
)

// DieWithParent marks cmd for the kill-on-close job, which Start puts it
// in.
func DieWithParent(cmd *exec.Cmd) {
	key := weak.Make(cmd)
	dyingMu.Lock()
	dying[key] = true
	dyingMu.Unlock()
	runtime.AddCleanup(cmd, func(k weak.Pointer[exec.Cmd]) {
		dyingMu.Lock()
		delete(dying, k)
		dyingMu.Unlock()
	}, key)
}

// WatchParent does nothing on Windows: DieWithParent's job already ends
// the stage.
func WatchParent(pid int) {}

// parentJob is the kill-on-close job when cmd was marked by DieWithParent
// (0 when not, or when the job could not be made: the stage then runs as
// without it).
func parentJob(cmd *exec.Cmd) windows.Handle {
	dyingMu.Lock()
	marked := dying[weak.Make(cmd)]
	dyingMu.Unlock()
	if !marked {
		return 0
	}
	stageJobOnce.Do(func() { stageJob = newKillOnCloseJob() })
	return stageJob
}

func newKillOnCloseJob() windows.Handle {
	h, err := windows.CreateJobObject(nil, nil) // nil attributes: not inherited
	if err != nil {
		return 0
	}
	var info windows.JOBOBJECT_EXTENDED_LIMIT_INFORMATION
	info.BasicLimitInformation.LimitFlags = windows.JOB_OBJECT_LIMIT_KILL_ON_JOB_CLOSE
	if _, err := windows.SetInformationJobObject(h, windows.JobObjectExtendedLimitInformation,
		uintptr(unsafe.Pointer(&info)), uint32(unsafe.Sizeof(info))); err != nil {
		windows.CloseHandle(h)
		return 0
	}
	return h
}
