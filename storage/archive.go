package storage

import (
	"bytes"
	"compress/flate"
	"fmt"
	"io"
)

// Archived records are stored compressed: a finished game's record with its
// action log is 40–180 KB of JSON that flate brings to a tenth or less,
// and archives are written once and rarely read. A stored value starts with
// a format byte; values from before schema 7 have none (the bot's JSON
// starts with '{', never with a format byte) and are read as they are.
const (
	archiveRaw   byte = 0x00 // the record as given: compressing did not help
	archiveFlate byte = 0x01 // the record, flate-compressed
)

// archiveLevel trades the commit loop's time for bytes: an archive is
// written inside a write transaction, which every chat waits for. At
// BestSpeed a 60 KB game takes about a third of a millisecond.
const archiveLevel = flate.BestSpeed

func packArchive(data []byte) ([]byte, error) {
	var buf bytes.Buffer
	buf.Grow(len(data)/8 + 64)
	buf.WriteByte(archiveFlate)
	w, err := flate.NewWriter(&buf, archiveLevel)
	if err != nil {
		return nil, err
	}
	if _, err := w.Write(data); err != nil {
		return nil, err
	}
	if err := w.Close(); err != nil {
		return nil, err
	}
	if buf.Len() > len(data) {
		return append([]byte{archiveRaw}, data...), nil
	}
	return buf.Bytes(), nil
}

// unpackArchive reads a stored value; v is the caller's copy.
func unpackArchive(v []byte) ([]byte, error) {
	if len(v) == 0 {
		return v, nil
	}
	switch v[0] {
	case archiveRaw:
		return v[1:], nil
	case archiveFlate:
		out, err := io.ReadAll(flate.NewReader(bytes.NewReader(v[1:])))
		if err != nil {
			return nil, fmt.Errorf("storage: archived record unreadable: %w", err)
		}
		return out, nil
	}
	return v, nil // written before schema 7
}
