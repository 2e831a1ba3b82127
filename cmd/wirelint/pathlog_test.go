package main

import (
	"strings"
	"sync"
)

// pathLog records the paths a test server is asked for: its handler runs on
// the server's goroutines while the script under test runs, the test reads
// it once the script has exited.
type pathLog struct {
	mu    sync.Mutex
	paths []string
}

func (l *pathLog) add(path string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.paths = append(l.paths, path)
}

func (l *pathLog) reset() {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.paths = nil
}

// String returns the paths asked for since the last reset, space-separated.
func (l *pathLog) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return strings.Join(l.paths, " ")
}
