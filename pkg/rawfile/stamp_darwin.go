package rawfile

import "syscall"

// mtimeNano is st's modification time, in nanoseconds since the epoch.
func mtimeNano(st *syscall.Stat_t) int64 { return st.Mtimespec.Nano() }
