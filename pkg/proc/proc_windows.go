//go:build windows

package proc

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sync"
	"syscall"
	"weak"

	"golang.org/x/sys/windows"
)

// Windows has no process groups: a command and everything it starts are
// put in a job object of their own, and ending the job ends the tree.
// Start creates the process suspended, assigns it to the job and only then
// lets it run, so not even its first child escapes.

// job is one command's job object.
type job struct {
	h   windows.Handle
	key weak.Pointer[exec.Cmd]
}

var (
	jobsMu sync.Mutex
	jobs   = map[weak.Pointer[exec.Cmd]]*job{}
)

// OwnGroup gives cmd a job object, and makes cancellation (of a command
// made with exec.CommandContext) end the job (the whole tree) and then
// the process itself. The job is attached by
// Start or Run; a command started with cmd.Start/cmd.Run directly only has
// its own process killed, as without OwnGroup.
func OwnGroup(cmd *exec.Cmd) {
	h, err := windows.CreateJobObject(nil, nil)
	if err != nil {
		return // exec's default: the process alone is killed
	}
	j := &job{h: h, key: weak.Make(cmd)}
	jobsMu.Lock()
	jobs[j.key] = j
	jobsMu.Unlock()
	// The handle is closed once cmd is garbage: a caller need not call
	// KillGroup (git, cargo: what they leave running is theirs).
	runtime.AddCleanup(cmd, func(j *job) { j.close() }, j)
	if cmd.Cancel != nil { // exec refuses a Cancel without a context
		cmd.Cancel = func() error {
			_ = windows.TerminateJobObject(j.h, 1)
			return cmd.Process.Kill()
		}
	}
}

func (j *job) close() {
	jobsMu.Lock()
	defer jobsMu.Unlock()
	if jobs[j.key] == j {
		delete(jobs, j.key)
		windows.CloseHandle(j.h)
	}
}

func lookup(cmd *exec.Cmd) *job {
	jobsMu.Lock()
	defer jobsMu.Unlock()
	return jobs[weak.Make(cmd)]
}

// Start starts cmd; with DieWithParent's or OwnGroup's job, suspended,
// then assigned to the jobs, then resumed. The kill-on-close job comes
// first: OwnGroup's, still empty, then nests inside it (Windows 8 and
// later).
func Start(cmd *exec.Cmd) error {
	var hs []windows.Handle
	if h := parentJob(cmd); h != 0 {
		hs = append(hs, h)
	}
	if j := lookup(cmd); j != nil {
		hs = append(hs, j.h)
	}
	if len(hs) == 0 {
		return cmd.Start()
	}
	if cmd.SysProcAttr == nil {
		cmd.SysProcAttr = &syscall.SysProcAttr{}
	}
	cmd.SysProcAttr.CreationFlags |= windows.CREATE_SUSPENDED
	if err := cmd.Start(); err != nil {
		return err
	}
	ph, err := windows.OpenProcess(windows.PROCESS_SET_QUOTA|windows.PROCESS_TERMINATE|windows.PROCESS_SUSPEND_RESUME,
		false, uint32(cmd.Process.Pid))
	if err == nil {
		for _, h := range hs {
			_ = windows.AssignProcessToJobObject(h, ph) // failing, the process runs as without the job
		}
		err = resume(ph)
		windows.CloseHandle(ph)
	}
	if err != nil {
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
		return &os.SyscallError{Syscall: "NtResumeProcess", Err: err}
	}
	return nil
}

var ntResumeProcess = windows.NewLazySystemDLL("ntdll.dll").NewProc("NtResumeProcess")

// resume lets a process created suspended run (every thread of it: there
// is only the first).
func resume(ph windows.Handle) error {
	if err := ntResumeProcess.Find(); err != nil {
		return err
	}
	if st, _, _ := ntResumeProcess.Call(uintptr(ph)); st != 0 {
		return windows.NTStatus(st)
	}
	return nil
}

// KillGroup ends what is left of cmd's job after cmd itself has exited
// (children it started in the background).
func KillGroup(cmd *exec.Cmd) {
	if j := lookup(cmd); j != nil {
		_ = windows.TerminateJobObject(j.h, 1)
		j.close()
	}
}

// Shell is the sh that runs hook commands, predicates and install scripts:
// on Windows, Git for Windows' (the one Claude Code itself requires), from
// PATH, CLAUDE_CODE_GIT_BASH_PATH's directory, or Git's install directory.
// Without one, "sh": the command then fails to start with exec's "not
// found" error, which the caller reports.
func Shell() string {
	shellOnce.Do(func() { shell = findShell() })
	return shell
}

var (
	shellOnce sync.Once
	shell     string
)

func findShell() string {
	if p, err := exec.LookPath("sh"); err == nil {
		return p
	}
	var candidates []string
	if bash := os.Getenv("CLAUDE_CODE_GIT_BASH_PATH"); bash != "" {
		candidates = append(candidates, filepath.Join(filepath.Dir(bash), "sh.exe"))
	}
	for _, env := range []string{"ProgramFiles", "ProgramW6432", "LOCALAPPDATA"} {
		if dir := os.Getenv(env); dir != "" {
			sub := "Git"
			if env == "LOCALAPPDATA" {
				sub = filepath.Join("Programs", "Git")
			}
			candidates = append(candidates, filepath.Join(dir, sub, "bin", "sh.exe"), filepath.Join(dir, sub, "usr", "bin", "sh.exe"))
		}
	}
	for _, c := range candidates {
		if fi, err := os.Stat(c); err == nil && !fi.IsDir() {
			return c
		}
	}
	return "sh"
}
