//go:build !linux

package dealai

import "time"

// threadCPU is not measured off Linux: the benchmark reports wall time.
func threadCPU() (time.Duration, bool) { return 0, false }
