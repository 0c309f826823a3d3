package main

import (
	"sync"
	"sync/atomic"
)

// playAll plays cfg.Games games on cfg.Workers goroutines and returns the
// sum of the workers' tallies. newWorker gives each goroutine its own tally
// and the function that plays game i into it; the first error stops every
// worker. Which worker plays which game does not matter: every game's seed
// comes from cfg.Seed and its number.
func playAll(cfg *Config, total *tally, newWorker func() (*tally, func(i int, t *tally) error)) error {
	workers := max(1, min(cfg.Workers, cfg.Games))
	var (
		next, done atomic.Int64
		mu         sync.Mutex // guards total, firstErr and Progress calls
		firstErr   error
		wg         sync.WaitGroup
	)
	for range workers {
		wg.Go(func() {
			t, play := newWorker()
			for i := int(next.Add(1) - 1); i < cfg.Games; i = int(next.Add(1) - 1) {
				if err := play(i, t); err != nil {
					mu.Lock()
					if firstErr == nil {
						firstErr = err
					}
					mu.Unlock()
					next.Store(int64(cfg.Games))
					break
				}
				if d := done.Add(1); cfg.Progress != nil && (d%256 == 0 || int(d) == cfg.Games) {
					mu.Lock()
					cfg.Progress(int(d))
					mu.Unlock()
				}
			}
			mu.Lock()
			total.add(t)
			mu.Unlock()
		})
	}
	wg.Wait()
	return firstErr
}
