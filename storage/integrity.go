package storage

import (
	"encoding/binary"
	"errors"
	"fmt"
	"hash/fnv"
	"io"
	"os"
)

// ErrCorrupt is returned (wrapped) by Open for a file that is not a whole
// database. Open refuses it without writing to it: bbolt maps the file into
// memory and would die of SIGBUS on a page past a truncated end, and would
// silently start a fresh database in an empty one, which is how games are
// lost without anyone noticing.
var ErrCorrupt = errors.New("storage: database file is damaged")

// corrupt wraps ErrCorrupt with what is wrong and how to recover.
func corrupt(path, why string) error {
	return fmt.Errorf("%w: %s: %s. Nothing was written to it. To restore a backup: stop the bot, "+
		"move the damaged file aside (keep it), copy the newest backup (from MONOPOLY_BACKUP_DIR or one made "+
		"with -backup) to %s, and start the bot again", ErrCorrupt, path, why, path)
}

// bbolt's file layout, as far as checking it needs: pages 0 and 1 are meta
// pages (a 16-byte page header, then the meta), the valid meta with the
// higher transaction id is current, and its high-water mark counts the
// pages the file must hold.
const (
	boltMagic      = 0xED0CDAED
	boltVersion    = 2
	boltPageHeader = 16
	boltMetaSum    = 56 // bytes of the meta that its checksum covers
	boltMetaSize   = boltMetaSum + 8
)

type boltMeta struct {
	pageSize uint32
	pgid     uint64 // high-water mark: pages in use
	txid     uint64
}

// readMeta decodes the meta at off, or reports it invalid. bbolt writes it
// in the machine's byte order; every platform Go builds the bot for here is
// little-endian.
func readMeta(f io.ReaderAt, off int64) (boltMeta, bool) {
	var b [boltMetaSize]byte
	if _, err := f.ReadAt(b[:], off+boltPageHeader); err != nil {
		return boltMeta{}, false
	}
	le := binary.LittleEndian
	if le.Uint32(b[0:]) != boltMagic || le.Uint32(b[4:]) != boltVersion {
		return boltMeta{}, false
	}
	h := fnv.New64a()
	h.Write(b[:boltMetaSum])
	if h.Sum64() != le.Uint64(b[boltMetaSum:]) {
		return boltMeta{}, false
	}
	return boltMeta{pageSize: le.Uint32(b[8:]), pgid: le.Uint64(b[40:]), txid: le.Uint64(b[48:])}, true
}

// checkFile refuses a file at path that bbolt could not open safely. A
// missing file is fine: Open creates it.
func checkFile(path string) error {
	f, err := os.Open(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("storage: open %s: %w", path, err)
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return fmt.Errorf("storage: open %s: %w", path, err)
	}
	size := info.Size()
	if size == 0 {
		return corrupt(path, "the file is empty (0 bytes) although it exists; a new database is never an empty file")
	}
	m0, ok0 := readMeta(f, 0)
	sizes := []int64{pageSize, int64(os.Getpagesize()), 2048, 4096, 8192, 16384, 32768, 65536}
	if ok0 {
		sizes = []int64{int64(m0.pageSize)}
	}
	var m1 boltMeta
	ok1 := false
	for _, ps := range sizes {
		if m1, ok1 = readMeta(f, ps); ok1 {
			break
		}
	}
	m := m0
	switch {
	case !ok0 && !ok1:
		return corrupt(path, fmt.Sprintf("neither header page is valid (%d bytes): not a database, or its start is overwritten", size))
	case !ok0 || (ok1 && m1.txid > m0.txid):
		m = m1
	}
	if m.pageSize == 0 {
		return corrupt(path, "the header gives a page size of 0")
	}
	if need := int64(m.pgid) * int64(m.pageSize); size < need {
		return corrupt(path, fmt.Sprintf("the file is truncated: %d bytes, its header says %d", size, need))
	}
	return nil
}
