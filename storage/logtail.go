package storage

import (
	"encoding/binary"
	"errors"
)

// bucketLogTail held the chats' tails before schema 10 (storage/chat.go).
var bucketLogTail = []byte("log_tail") // chat key → the chat's newest log entries, not yet in its log bucket

// A chat's newest log entries wait in its entry in bucketGames (chat.go),
// next to its record, and move into the chat's own log bucket together
// once they fill logTailMax. An update then rewrites the page its record
// is on anyway, instead of the chat's log leaf, the branch above it and
// the parent's leaf (BenchmarkDiskPerUpdate).
//
// The value is the first entry's sequence number, then each entry with its
// length, all uvarints: [first seq][len][entry][len][entry]...
const logTailMax = 1024

var errLogTail = errors.New("storage: unreadable log tail")

type logTail struct {
	first   uint64
	entries [][]byte // views into the value
}

func readTail(v []byte) (logTail, error) {
	var t logTail
	first, n := binary.Uvarint(v)
	if n <= 0 {
		return t, errLogTail
	}
	t.first, v = first, v[n:]
	for len(v) > 0 {
		l, n := binary.Uvarint(v)
		if n <= 0 || uint64(len(v)-n) < l {
			return t, errLogTail
		}
		t.entries = append(t.entries, v[n:n+int(l)])
		v = v[n+int(l):]
	}
	return t, nil
}

// appendLog adds entry to the chat's log and returns its sequence number.
func (t *Tx) appendLog(chat int64, entry []byte) (uint64, error) {
	e, err := t.entry(chat)
	if err != nil {
		return 0, err
	}
	seq, err := t.appendTail(chat, &e, entry)
	if err != nil {
		return 0, err
	}
	return seq, t.putEntry(chat, e)
}

// appendTail adds entry to the tail of e, the chat's entry, moving the
// tail into the chat's log bucket once it is full; the caller stores e.
func (t *Tx) appendTail(chat int64, e *chatEntry, entry []byte) (uint64, error) {
	var v []byte
	var seq uint64
	if e.tail != nil {
		tail, err := readTail(e.tail)
		if err != nil {
			return 0, err
		}
		seq = tail.first + uint64(len(tail.entries))
		v = append(make([]byte, 0, len(e.tail)+len(entry)+2), e.tail...)
	} else {
		if b := t.bucket(bucketLogs).Bucket(chatKey(chat)); b != nil {
			seq = b.Sequence() + 1
		} else {
			seq = 1
		}
		v = binary.AppendUvarint(nil, seq)
	}
	v = binary.AppendUvarint(v, uint64(len(entry)))
	v = append(v, entry...)
	if len(v) < logTailMax {
		e.tail = v
		return seq, nil
	}
	if err := t.flushTail(chat, v); err != nil {
		return 0, err
	}
	e.tail = nil
	return seq, nil
}

// flushTail moves the entries of tail value v into the chat's log bucket;
// the caller drops the tail.
func (t *Tx) flushTail(chat int64, v []byte) error {
	tail, err := readTail(v)
	if err != nil {
		return err
	}
	b, err := t.bucket(bucketLogs).CreateBucketIfNotExists(chatKey(chat))
	if err != nil {
		return err
	}
	b.FillPercent = 1 // keys only ever grow
	for i, e := range tail.entries {
		if err := b.Put(seqKey(tail.first+uint64(i)), clone(e)); err != nil {
			return err
		}
	}
	return b.SetSequence(tail.first + uint64(len(tail.entries)) - 1)
}

// walkTail calls fn for the tail's entries with seq ≥ fromSeq.
func (t *Tx) walkTail(chat int64, fromSeq uint64, fn func(uint64, []byte) error) error {
	e, err := t.entry(chat)
	if err != nil || e.tail == nil {
		return err
	}
	tail, err := readTail(e.tail)
	if err != nil {
		return err
	}
	for i, entry := range tail.entries {
		if seq := tail.first + uint64(i); seq >= fromSeq {
			if err := fn(seq, clone(entry)); err != nil {
				return err
			}
		}
	}
	return nil
}

func (t *Tx) hasTail(chat int64) bool {
	e, err := t.entry(chat)
	return err != nil || e.tail != nil // an unreadable entry: let the move report it
}

// dropTail forgets the chat's tail.
func (t *Tx) dropTail(chat int64) error {
	e, err := t.entry(chat)
	if err != nil || e.tail == nil {
		return err
	}
	e.tail = nil
	return t.putEntry(chat, e)
}

// moveTail gives to from's tail, replacing to's.
func (t *Tx) moveTail(from, to int64) error {
	src, err := t.entry(from)
	if err != nil || src.tail == nil {
		return err
	}
	dst, err := t.entry(to)
	if err != nil {
		return err
	}
	dst.tail = clone(src.tail) // src's view ends with the next write
	if err := t.putEntry(to, dst); err != nil {
		return err
	}
	return t.dropTail(from)
}
