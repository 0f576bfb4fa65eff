package term

import (
	"os"
	"syscall"
	"unsafe"
)

// isTerminal asks for the terminal attributes (TCGETS). The standard
// library's syscall package has the ioctl and its types here, so the
// binary every hook call starts links no golang.org/x/sys/unix for it.
func isTerminal(f *os.File) bool {
	var t syscall.Termios
	_, _, errno := syscall.Syscall(syscall.SYS_IOCTL, f.Fd(), syscall.TCGETS, uintptr(unsafe.Pointer(&t)))
	return errno == 0
}
