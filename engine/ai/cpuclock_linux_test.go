package ai

import (
	"syscall"
	"time"
)

// threadCPU is the CPU time the calling OS thread has used (user and
// system): a decision's cost whatever else the machine runs. The caller
// locks its goroutine to the thread.
func threadCPU() (time.Duration, bool) {
	var ru syscall.Rusage
	if err := syscall.Getrusage(1 /* RUSAGE_THREAD */, &ru); err != nil {
		return 0, false
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), true
}
