package kit

import "time"

// maxComputerPause is the longest a computer seat waits before it acts.
const maxComputerPause = 3 * time.Second

// ComputerPause is how long a computer seat waits before each of its
// moves, so that the chat can follow: a sixtieth of the decision time, at
// most a few seconds (two in the live pace), and none when a decision may
// take an hour or more (relaxed and async games, where nobody watches
// move by move).
func (p Pace) ComputerPause() time.Duration {
	if p.Decision <= 0 || p.Decision >= time.Hour {
		return 0
	}
	return min(p.Decision/60, maxComputerPause)
}
