package rng

// RNG is a splitmix64 generator.
type RNG struct {
	State uint64 `json:"state"`
}

// Next returns the next 64 random bits.
func (r *RNG) Next() uint64 {
	r.State += 0x9e3779b97f4a7c15
	z := r.State
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// Intn returns a uniform number in [0, n) for n > 0 (Lemire's
// multiply-shift on 32 bits; the bias for the n the games use, at most a
// deck of 106, is below 2^-25, irrelevant for dice and shuffles).
func (r *RNG) Intn(n int) int {
	hi := (r.Next() >> 32) * uint64(n)
	return int(hi >> 32)
}
