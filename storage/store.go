package storage

import (
	"errors"
	"fmt"
	"io"
	"time"

	bolt "go.etcd.io/bbolt"
)

// ErrLocked means another process (or another Store in this one) has the
// file open. bbolt holds an exclusive flock for the life of the DB; two bots
// on one file would both poll Telegram and corrupt each other's view of the
// offset, so the second one must fail fast instead of waiting forever.
var ErrLocked = errors.New("storage: database file is locked by another process")

// Options tune Open. The zero value is what production should use.
type Options struct {
	// LockTimeout bounds the wait for the file lock; 0 means 3s.
	LockTimeout time.Duration
	// NoSync skips fdatasync on commit. Only for tests: a crash may then lose
	// or corrupt committed transactions.
	NoSync bool
	// OnCommit, if set, is called after each group commit (Batch) with the
	// number of changes it carried and how long its transaction took, the
	// disk sync included: what the disk adds to every change's latency.
	// A batch that wrote nothing commits nothing and is not reported.
	// It runs on the commit loop, so it must be quick.
	OnCommit func(changes int, took time.Duration)
	// OnRepage, if set, is told when Open converted a file made with larger
	// pages (from: their size) to pageSize pages, or could not (err; the
	// file is then used as it was).
	OnRepage func(from int, err error)
}

const defaultLockTimeout = 3 * time.Second

// initialMmapSize maps the file ahead of its growth. bbolt remaps it as it
// grows, and a remap waits for every open read transaction and holds up
// new ones: a stall for every chat at once. The mapping is address space,
// not memory; past it, remaps double the size.
const initialMmapSize = 256 << 20

// Store is an open database. It is safe for concurrent use; bbolt serialises
// writers and lets readers run alongside them.
type Store struct {
	db    *bolt.DB
	path  string
	batch batcher // group commit for Batch

	onCommit func(changes int, took time.Duration)
}

// Open opens or creates the database at path, migrates it to the current
// schema in one transaction and returns it ready for use. A damaged file is
// refused with ErrCorrupt and left untouched.
func Open(path string, opt Options) (*Store, error) {
	return open(path, opt, defaultSchema)
}

func open(path string, opt Options, sc schema) (*Store, error) {
	timeout := opt.LockTimeout
	if timeout <= 0 {
		timeout = defaultLockTimeout
	}
	if err := checkFile(path); err != nil {
		return nil, err
	}
	if err := repage(path, timeout, opt.NoSync, opt.OnRepage); err != nil {
		return nil, err
	}
	db, err := bolt.Open(path, 0o600, &bolt.Options{Timeout: timeout, NoSync: opt.NoSync, InitialMmapSize: initialMmapSize, PageSize: pageSize})
	if err != nil {
		if errors.Is(err, bolt.ErrTimeout) {
			return nil, fmt.Errorf("%w: %s (waited %v)", ErrLocked, path, timeout)
		}
		return nil, fmt.Errorf("storage: open %s: %w", path, err)
	}
	if err := db.Update(sc.migrate); err != nil {
		_ = db.Close()
		return nil, fmt.Errorf("storage: %s: %w", path, err)
	}
	return &Store{db: db, path: path, onCommit: opt.OnCommit}, nil
}

// Close releases the file and its lock. It waits for running transactions.
func (s *Store) Close() error { return s.db.Close() }

// Path is the file the store was opened from.
func (s *Store) Path() string { return s.path }

// Update runs fn in one read-write transaction and commits it durably
// (unless Options.NoSync). An error from fn, or a panic, rolls everything
// back. fn must not keep tx, and must not talk to the network: the single
// bbolt writer lock is held for its whole duration.
func (s *Store) Update(fn func(tx *Tx) error) error {
	var fnErr error
	err := s.db.Update(func(btx *bolt.Tx) error {
		fnErr = fn(&Tx{tx: btx})
		return fnErr
	})
	return notSaved(err, fnErr)
}

// ErrNotSaved is wrapped by the errors of Update and Batch when the
// database could not take the change (a full disk, an I/O error, a closed
// store) rather than fn refusing it. Nothing of the change is stored, the
// file is as it was, and the same change may succeed later: a caller tells
// the person "the bot could not save; try again" and logs it as an error.
var ErrNotSaved = errors.New("storage: the change was not saved")

// notSaved marks err as ErrNotSaved unless it is fn's own error.
func notSaved(err, fnErr error) error {
	if err == nil || (fnErr != nil && errors.Is(err, fnErr)) {
		return err
	}
	return fmt.Errorf("%w: %w", ErrNotSaved, err)
}

// View runs fn in a read-only transaction with a consistent snapshot.
// Long views keep old pages alive and make the file grow, so keep them short.
func (s *Store) View(fn func(tx *Tx) error) error {
	return s.db.View(func(btx *bolt.Tx) error { return fn(&Tx{tx: btx}) })
}

// Backup writes a consistent copy of the whole database to w while the bot
// keeps running, and returns the number of bytes written. The copy is a
// regular bbolt file that Open accepts.
func (s *Store) Backup(w io.Writer) (int64, error) {
	var n int64
	err := s.db.View(func(btx *bolt.Tx) error {
		var err error
		n, err = btx.WriteTo(w)
		return err
	})
	return n, err
}
