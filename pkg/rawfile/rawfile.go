// Package rawfile opens and reads files in plain system calls. os.Open and
// os.ReadFile register every file with the runtime's poller, which a
// regular file refuses: on Unix that is an fcntl to non-blocking, an
// epoll_ctl and an fcntl back, and for the first file the poller itself
// (an epoll instance, an eventfd, a thread to wake). The hook opens one
// file per agent tool call, sym-match reads the SKILL.md of every skill of
// a catalogue it has not seen, and sym-install every file of every
// matched skill: thousands. Elsewhere than Unix these are os.Open and
// os.ReadFile.
package rawfile
