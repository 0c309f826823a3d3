package storage

import "encoding/binary"

// chatKey encodes a chat id so that bbolt's byte order is numeric order.
// Group and supergroup ids are negative, so plain big-endian two's
// complement would sort them after every private chat and in reverse;
// flipping the sign bit maps math.MinInt64…math.MaxInt64 onto 0…MaxUint64.
func chatKey(id int64) []byte {
	return binary.BigEndian.AppendUint64(make([]byte, 0, 8), uint64(id)^(1<<63))
}

func chatFromKey(k []byte) int64 {
	return int64(binary.BigEndian.Uint64(k) ^ (1 << 63))
}

// seqKey encodes a log or archive sequence number; sequences start at 1 and
// are unsigned, so plain big-endian already sorts numerically.
func seqKey(seq uint64) []byte {
	return binary.BigEndian.AppendUint64(make([]byte, 0, 8), seq)
}

func u64(v uint64) []byte { return binary.BigEndian.AppendUint64(make([]byte, 0, 8), v) }

// readU64 returns 0 for a missing or malformed value; the callers use it for
// counters where "never set" and 0 mean the same thing.
func readU64(v []byte) uint64 {
	if len(v) != 8 {
		return 0
	}
	return binary.BigEndian.Uint64(v)
}

// clone copies b out of (or into) bbolt's memory. It never returns nil, even
// for an empty slice, because a nil value reads back from bbolt as "absent".
func clone(b []byte) []byte {
	c := make([]byte, len(b))
	copy(c, b)
	return c
}
