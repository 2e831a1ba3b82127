// Command proctime runs a command and writes its wall, user and system time
// in seconds, to the microsecond: what `/usr/bin/time -f '%e %U %S'` writes,
// but with the resolution of the kernel's accounting instead of GNU time's
// hundredths, which at the 50–150 ms of a parity run move a ratio by several
// percent. The command's output goes where proctime's goes; its exit status
// is not acted on (a finding exits 1).
//
//	proctime -o FILE -- COMMAND [ARG...]
package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"syscall"
	"time"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	out := ""
	if len(args) >= 2 && args[0] == "-o" {
		out, args = args[1], args[2:]
	}
	if len(args) > 0 && args[0] == "--" {
		args = args[1:]
	}
	if out == "" || len(args) == 0 {
		fmt.Fprintln(stderr, "usage: proctime -o FILE -- COMMAND [ARG...]")
		return 2
	}
	cmd := exec.Command(args[0], args[1:]...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, stdout, stderr
	start := time.Now()
	err := cmd.Run()
	wall := time.Since(start)
	var exit *exec.ExitError
	if err != nil && !errors.As(err, &exit) {
		fmt.Fprintf(stderr, "proctime: %v\n", err)
		return 2
	}
	ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage)
	if !ok {
		fmt.Fprintln(stderr, "proctime: no resource usage on this system")
		return 2
	}
	line := fmt.Sprintf("%.6f %.6f %.6f\n", wall.Seconds(), seconds(ru.Utime), seconds(ru.Stime))
	if err := os.WriteFile(out, []byte(line), 0o644); err != nil {
		fmt.Fprintf(stderr, "proctime: %v\n", err)
		return 2
	}
	return 0
}

func seconds(tv syscall.Timeval) float64 {
	return float64(tv.Sec) + float64(tv.Usec)/1e6
}
