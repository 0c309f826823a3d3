package storage

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"time"

	bolt "go.etcd.io/bbolt"
)

// pageSize is the page size of the files Open creates. Each commit rewrites
// every page on the path from the root to what it changed, a meta page and
// the freelist, whole: with bbolt's default 4 KB pages a quiet bot's lone
// update wrote 29 KB, with 1 KB pages it writes about 14 KB, and a busy
// bot's share per update falls too (BenchmarkDiskPerUpdate; figures in
// docs/measurements.md). Records larger than a page take overflow pages
// either way, so nothing is stored twice.
const pageSize = 1 << 10

// repageTxSize bounds one transaction of the copy, so that converting a
// large file does not hold all of it in memory at once.
const repageTxSize = 16 << 20

// repage rewrites a file made with larger pages (by a version before
// pageSize was set) into one with pageSize pages, once, at start: copied
// key by key into path+".repage", synced, then renamed over path, so a kill
// at any moment leaves either the old file or the whole new one (a leftover
// copy is removed at the next start). It is best effort: when the copy
// cannot be made (a full disk, say), the old file is used as it is and the
// error is reported to onRepage. Only a lock held by another process stops
// Open, as it would without the conversion.
func repage(path string, timeout time.Duration, noSync bool, onRepage func(from int, err error)) error {
	tmp := path + ".repage"
	_ = os.Remove(tmp)
	from, ok := filePageSize(path)
	if !ok || from <= pageSize {
		return nil
	}
	err := copyRepaged(path, tmp, timeout, noSync)
	if errors.Is(err, bolt.ErrTimeout) {
		_ = os.Remove(tmp)
		return fmt.Errorf("%w: %s (waited %v)", ErrLocked, path, timeout)
	}
	if err == nil {
		err = os.Rename(tmp, path)
	}
	if err == nil && !noSync {
		err = syncDir(filepath.Dir(path))
	}
	if err != nil {
		_ = os.Remove(tmp)
	}
	if onRepage != nil {
		onRepage(from, err)
	}
	return nil
}

func copyRepaged(path, tmp string, timeout time.Duration, noSync bool) error {
	src, err := bolt.Open(path, 0o600, &bolt.Options{Timeout: timeout})
	if err != nil {
		return err
	}
	defer src.Close()
	dst, err := bolt.Open(tmp, 0o600, &bolt.Options{PageSize: pageSize, NoSync: noSync})
	if err != nil {
		return err
	}
	if err := bolt.Compact(dst, src, repageTxSize); err != nil {
		_ = dst.Close()
		return err
	}
	return dst.Close()
}

// filePageSize reads the page size from a file's first meta page. A file
// whose first meta page is invalid is left alone here: bbolt opens it from
// the second, and rewrites the first at its next commit.
func filePageSize(path string) (int, bool) {
	f, err := os.Open(path)
	if err != nil {
		return 0, false
	}
	defer f.Close()
	m, ok := readMeta(f, 0)
	return int(m.pageSize), ok
}

func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	defer d.Close()
	return d.Sync()
}
