package storage

import (
	"encoding/binary"
	"errors"
	"fmt"

	bolt "go.etcd.io/bbolt"
)

// Bucket names. Every top-level bucket of the current layout is listed in
// currentBuckets, and Open refuses a file that lacks one after migrating, so
// adding a bucket here without a migration that creates it fails loudly in
// tests rather than as a nil bucket in production.
var (
	bucketMeta       = []byte("meta")        // schema version and global state (offset)
	bucketGames      = []byte("games")       // chat key → the chat's entry: last update id, log tail, game record (chat.go)
	bucketLogs       = []byte("logs")        // chat key → nested bucket: seq → log entry
	bucketSettings   = []byte("settings")    // chat key → settings record
	bucketLastUpdate = []byte("last_update") // chat key → highest applied update_id, before schema 10 (chat.go)
	bucketArchive    = []byte("archive")     // chat key → nested bucket: seq → game record
)

// Keys inside bucketMeta.
var (
	keySchemaVersion = []byte("schema_version")
	keyOffset        = []byte("offset")
)

var currentBuckets = [][]byte{
	bucketMeta, bucketGames, bucketLogs, bucketSettings, bucketLastUpdate, bucketArchive,
	bucketChatStats, bucketUserStats,
	bucketTimers,
	bucketRecent,
	bucketFlood,
	bucketSpool,
	bucketLogTail,
	bucketPending,
}

// migration moves a file from version to-1 to version to. It runs inside the
// single read-write transaction that Open uses for all pending steps, so a
// failing step leaves the file exactly as it was before Open.
type migration struct {
	to   uint64
	name string
	fn   func(tx *bolt.Tx) error
}

// migrations is the whole history of the file layout, oldest first. A fresh
// file starts at version 0 and runs all of them, so the layout is described
// in exactly one way (there is no separate "create latest" path that could
// drift from the upgrade path). Append only; never edit a released step.
var migrations = []migration{
	{to: 1, name: "initial layout", fn: func(tx *bolt.Tx) error {
		for _, name := range [][]byte{bucketMeta, bucketGames, bucketLogs, bucketSettings, bucketLastUpdate, bucketArchive} {
			if _, err := tx.CreateBucketIfNotExists(name); err != nil {
				return err
			}
		}
		return nil
	}},
	{to: 2, name: "player statistics (storage/stats.go)", fn: func(tx *bolt.Tx) error {
		for _, name := range [][]byte{bucketChatStats, bucketUserStats} {
			if _, err := tx.CreateBucketIfNotExists(name); err != nil {
				return err
			}
		}
		return nil
	}},
	{to: 3, name: "deadline index (storage/timers.go)", fn: func(tx *bolt.Tx) error {
		_, err := tx.CreateBucketIfNotExists(bucketTimers)
		return err
	}},
	{to: 4, name: "recently changed chats (storage/recent.go)", fn: func(tx *bolt.Tx) error {
		_, err := tx.CreateBucketIfNotExists(bucketRecent)
		return err
	}},
	{to: 5, name: "Telegram flood state (storage/flood.go)", fn: func(tx *bolt.Tx) error {
		_, err := tx.CreateBucketIfNotExists(bucketFlood)
		return err
	}},
	{to: 6, name: "spooled updates (storage/spool.go)", fn: func(tx *bolt.Tx) error {
		_, err := tx.CreateBucketIfNotExists(bucketSpool)
		return err
	}},
	// Old archives stay as they are and are read as before; the version
	// keeps older programs, which would take a compressed one for JSON, out.
	{to: 7, name: "compressed archives (storage/archive.go)", fn: func(*bolt.Tx) error { return nil }},
	// Logs written before stay where they are; new entries gather in a tail.
	{to: 8, name: "log tails (storage/logtail.go)", fn: func(tx *bolt.Tx) error {
		_, err := tx.CreateBucketIfNotExists(bucketLogTail)
		return err
	}},
	{to: 9, name: "messages owed to chats (storage/pending.go)", fn: func(tx *bolt.Tx) error {
		_, err := tx.CreateBucketIfNotExists(bucketPending)
		return err
	}},
	// Update ids and log tails move into the chats' entries as the chats
	// change; the version keeps older programs, which would take an entry
	// for a JSON record, out.
	{to: 10, name: "update id and log tail in the chat's entry (storage/chat.go)", fn: func(*bolt.Tx) error { return nil }},
	// Entries note their timer index moment as the chats' deadlines are
	// next set; the version keeps older programs, which would take such an
	// entry for a JSON record and move timers eagerly, out.
	{to: 11, name: "timer index kept lazily, its moment in the chat's entry (storage/timers.go)", fn: func(*bolt.Tx) error { return nil }},
}

// schema is what Open checks a file against. It is a value rather than
// package globals only so tests can open files with extra migrations.
type schema struct {
	migrations []migration
	buckets    [][]byte
}

var defaultSchema = schema{migrations: migrations, buckets: currentBuckets}

func (s schema) version() uint64 {
	if len(s.migrations) == 0 {
		return 0
	}
	return s.migrations[len(s.migrations)-1].to
}

// ErrSchemaTooNew is returned (wrapped) by Open when the file was written by
// a newer build. Running an older binary against it could silently drop
// whatever the newer layout added, so it is refused instead.
var ErrSchemaTooNew = errors.New("storage: database schema is newer than this program")

// ErrForeignFile is returned (wrapped) by Open for a bbolt file that has
// buckets but no schema version: most likely another program's database,
// which migrating would mix our buckets into.
var ErrForeignFile = errors.New("storage: not a monopoly-bot database")

// fileVersion reads the schema version; 0 means the file was never migrated.
func fileVersion(tx *bolt.Tx) (uint64, error) {
	meta := tx.Bucket(bucketMeta)
	if meta == nil {
		return 0, nil
	}
	v := meta.Get(keySchemaVersion)
	if v == nil {
		return 0, nil
	}
	if len(v) != 8 {
		return 0, fmt.Errorf("storage: corrupt schema version (%d bytes)", len(v))
	}
	return binary.BigEndian.Uint64(v), nil
}

func setFileVersion(tx *bolt.Tx, v uint64) error {
	meta, err := tx.CreateBucketIfNotExists(bucketMeta)
	if err != nil {
		return err
	}
	return meta.Put(keySchemaVersion, binary.BigEndian.AppendUint64(nil, v))
}

// migrate brings the file to s.version() inside tx. The version is written
// after each step so a step can rely on the version its predecessors left.
func (s schema) migrate(tx *bolt.Tx) error {
	have, err := fileVersion(tx)
	if err != nil {
		return err
	}
	want := s.version()
	if have > want {
		return fmt.Errorf("%w: file has version %d, this program knows up to %d", ErrSchemaTooNew, have, want)
	}
	if have == 0 {
		foreign := false
		_ = tx.ForEach(func(name []byte, _ *bolt.Bucket) error {
			foreign = true
			return nil
		})
		if foreign {
			return ErrForeignFile
		}
	}
	for _, m := range s.migrations {
		if m.to <= have {
			continue
		}
		if err := m.fn(tx); err != nil {
			return fmt.Errorf("storage: migration to version %d (%s): %w", m.to, m.name, err)
		}
		if err := setFileVersion(tx, m.to); err != nil {
			return fmt.Errorf("storage: record version %d: %w", m.to, err)
		}
	}
	for _, name := range s.buckets {
		if tx.Bucket(name) == nil {
			return fmt.Errorf("storage: schema version %d lacks bucket %q: a migration is missing", want, name)
		}
	}
	return nil
}
