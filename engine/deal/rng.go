package deal

// RNG is a splitmix64 generator (as in the board engine). Its whole state
// is one exported word, so a game serializes and replays exactly.
type RNG struct {
	State uint64 `json:"state"`
}

func (r *RNG) next() uint64 {
	r.State += 0x9e3779b97f4a7c15
	z := r.State
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// intn returns a uniform number in [0, n) (Lemire's multiply-shift; the
// bias for n ≤ 106 is below 2^-25, irrelevant for shuffling).
func (r *RNG) intn(n int) int {
	hi := (r.next() >> 32) * uint64(n)
	return int(hi >> 32)
}
