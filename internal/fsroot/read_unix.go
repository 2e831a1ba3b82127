//go:build unix

package fsroot

import "syscall"

// readNoFollow reads the regular file real of at most max bytes with four
// kinds of system call and no more: open (O_NOFOLLOW: a symlink fails with
// ELOOP; O_NONBLOCK: a FIFO does not block), fstat of the open file (its
// kind and size), read until the end, close. It stays below os.File, which
// would also register the file with the runtime's poller (one more call per
// file, refused for a regular file). ok is false for a symlink, anything
// but a regular file, a file over max, and any error.
func readNoFollow(real string, max int64) (data []byte, ok bool) {
	fd, err := openNoFollow(real)
	if err != nil {
		return nil, false
	}
	defer func() { _ = syscall.Close(fd) }() // read-only: closing cannot lose data
	var st syscall.Stat_t
	if err := syscall.Fstat(fd, &st); err != nil || st.Mode&syscall.S_IFMT != syscall.S_IFREG || st.Size > max {
		return nil, false
	}
	// one byte more than the size: the read that fills it finds the end
	// (a file growing meanwhile is still read whole, up to the budget)
	buf := make([]byte, st.Size+1)
	n := 0
	for {
		if n == len(buf) {
			if int64(n) > max {
				return nil, false
			}
			buf = append(buf, make([]byte, len(buf))...)
		}
		m, err := syscall.Read(fd, buf[n:])
		switch {
		case err == syscall.EINTR:
			continue
		case err != nil:
			return nil, false
		case m == 0:
			if int64(n) > max {
				return nil, false
			}
			return buf[:n], true
		}
		n += m
	}
}

// openNoFollow opens real for reading without following its own name or blocking.
func openNoFollow(real string) (int, error) {
	for {
		fd, err := syscall.Open(real, syscall.O_RDONLY|syscall.O_NONBLOCK|syscall.O_NOFOLLOW|syscall.O_CLOEXEC, 0)
		if err != syscall.EINTR {
			return fd, err
		}
	}
}
