package storage

import (
	"errors"
	"fmt"
	"runtime"
	"sync"
	"time"

	bolt "go.etcd.io/bbolt"
)

// Batch runs fn in a read-write transaction shared with other concurrent
// Batch calls, and returns once that transaction is durably committed (or
// fn's own error). It is group commit: while one commit waits for the disk,
// the calls arriving meanwhile queue up and the next commit takes them all,
// so N concurrent writers pay for about one fsync instead of N.
//
// Like bbolt's DB.Batch, fn may run more than once: when another fn of the
// same batch fails, the whole transaction rolls back and the others run
// again; a failing fn is then run alone to get its own answer. So fn must be
// idempotent: build every per-attempt value inside fn, and keep side
// effects (network calls, channel sends) for after Batch returns.
//
// Unlike DB.Batch there is no timer: a lone caller commits at once, and a
// commit starts as soon as the previous one ends. (DB.Batch waits
// MaxBatchDelay first, and its windows queue up behind the writer lock when
// that delay is shorter than a commit, which on a slow disk is 1–2 ms.)
// A panic in fn rolls the batch back and is returned as fn's error. A
// batch that wrote nothing is not committed (no disk sync, no bytes
// written), so fn may decide inside it that there is nothing to store.
func (s *Store) Batch(fn func(tx *Tx) error) error {
	c := &batchCall{fn: fn, done: make(chan error, 1)}
	s.batch.mu.Lock()
	s.batch.pending = append(s.batch.pending, c)
	if !s.batch.running {
		s.batch.running = true
		go s.commitLoop()
	}
	s.batch.mu.Unlock()
	return <-c.done
}

// maxBatch bounds one transaction: a huge batch holds its callers longer.
const maxBatch = 512

type batchCall struct {
	fn   func(tx *Tx) error
	done chan error
}

type batcher struct {
	mu      sync.Mutex
	pending []*batchCall
	running bool
}

func (s *Store) commitLoop() {
	for {
		s.batch.mu.Lock()
		calls := s.batch.pending
		if len(calls) > maxBatch {
			calls = calls[:maxBatch:maxBatch]
			s.batch.pending = s.batch.pending[maxBatch:]
		} else {
			s.batch.pending = nil
		}
		if len(calls) == 0 {
			s.batch.running = false
			s.batch.mu.Unlock()
			return
		}
		s.batch.mu.Unlock()
		start := time.Now()
		if s.commitBatch(calls) && s.onCommit != nil {
			s.onCommit(len(calls), time.Since(start))
		}
		// The callers just woken are queued on this goroutine's processor.
		// Yield it to them: the next commit would hold it through the disk
		// sync, where the runtime may take milliseconds to hand the
		// processor over, and they would wait for that commit too.
		runtime.Gosched()
	}
}

// errNothingWritten rolls back a batch that wrote nothing: its commit
// would only write a meta page and the freelist, and wait for the disk.
var errNothingWritten = errors.New("storage: nothing written")

// commitBatch runs calls in one transaction and answers them; it reports
// whether a transaction was committed.
func (s *Store) commitBatch(calls []*batchCall) (committed bool) {
	for len(calls) > 0 {
		failed := -1
		err := s.db.Update(func(btx *bolt.Tx) error {
			tx := &Tx{tx: btx}
			for i, c := range calls {
				if err := safeCall(c.fn, tx); err != nil {
					failed = i
					return err
				}
			}
			// bbolt materializes a node for every page a write touches,
			// and only then.
			if stats := btx.Stats(); stats.GetNodeCount() == 0 {
				return errNothingWritten
			}
			return nil
		})
		if failed < 0 {
			if errors.Is(err, errNothingWritten) {
				err = nil
			} else {
				err = notSaved(err, nil)
				committed = err == nil
			}
			for _, c := range calls {
				c.done <- err
			}
			return committed
		}
		// Roll back, answer the failing call on its own, retry the rest.
		c := calls[failed]
		calls = append(calls[:failed:failed], calls[failed+1:]...)
		c.done <- s.Update(func(tx *Tx) error { return safeCall(c.fn, tx) })
		committed = true
	}
	return committed
}

func safeCall(fn func(*Tx) error, tx *Tx) (err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("storage: batch function panicked: %v", p)
		}
	}()
	return fn(tx)
}
