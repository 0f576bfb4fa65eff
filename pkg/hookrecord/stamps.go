package hookrecord

import (
	"errors"
	"runtime"
	"strconv"
	"strings"
	"time"

	"github.com/symposium-dev/symposium-go/pkg/rawfile"
)

// FileStamp is one input file's identity. Size -1 means the file was absent.
type FileStamp struct {
	Path  string
	Size  int64
	MTime int64 // nanoseconds since the epoch
}

// Stamps is a list of stamps, stored one per line as "SIZE MTIME PATH".
type Stamps []FileStamp

func (s FileStamp) AppendTo(b []byte) []byte {
	b = strconv.AppendInt(b, s.Size, 10)
	b = append(b, ' ')
	b = strconv.AppendInt(b, s.MTime, 10)
	b = append(b, ' ')
	return append(b, field(s.Path)...)
}

func ParseStamp(l string) (FileStamp, error) {
	size, rest, ok1 := strings.Cut(l, " ")
	mtime, path, ok2 := strings.Cut(rest, " ")
	s, err1 := strconv.ParseInt(size, 10, 64)
	m, err2 := strconv.ParseInt(mtime, 10, 64)
	p, err3 := unfield(path)
	if !ok1 || !ok2 || err1 != nil || err2 != nil || err3 != nil || p == "" {
		return FileStamp{}, errors.New("stamp " + strconv.Quote(l) + ": want SIZE MTIME PATH")
	}
	return FileStamp{Path: p, Size: s, MTime: m}, nil
}

// Stamp stats every path, in order.
func Stamp(paths []string) Stamps {
	stamps := make(Stamps, len(paths))
	for i, p := range paths {
		stamps[i] = StampOf(p)
	}
	return stamps
}

func StampOf(p string) FileStamp {
	size, mtime, err := rawfile.SizeMTime(p)
	if err != nil {
		return FileStamp{Path: p, Size: -1}
	}
	return FileStamp{Path: p, Size: size, MTime: mtime}
}

// StampsFresh reports whether every stamp still describes its file. A
// long list (the sync record's) is split in two halves checked at once: a
// stat is mostly kernel time, which overlaps on two CPUs, and one extra
// goroutine costs little; more would spend what they save on scheduling.
func StampsFresh(stamps []FileStamp) bool {
	const parallelAbove = 256
	if len(stamps) <= parallelAbove || runtime.GOMAXPROCS(0) < 2 {
		return stampsFresh(stamps)
	}
	half := len(stamps) / 2
	other := make(chan bool, 1)
	go func() { other <- stampsFresh(stamps[half:]) }()
	mine := stampsFresh(stamps[:half])
	return <-other && mine
}

func stampsFresh(stamps []FileStamp) bool {
	for _, in := range stamps {
		size, mtime, err := rawfile.SizeMTime(in.Path)
		if err != nil {
			if in.Size != -1 {
				return false
			}
			continue
		}
		if in.Size != size || in.MTime != mtime {
			return false
		}
	}
	return true
}

// Trusted reports whether no stamped file changed within modTimeCutoff of
// now.
func Trusted(stamps []FileStamp, now time.Time) bool {
	cutoff := now.Add(-modTimeCutoff).UnixNano()
	for _, s := range stamps {
		if s.Size != -1 && s.MTime > cutoff {
			return false
		}
	}
	return true
}
