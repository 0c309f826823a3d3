package fakeapi

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"image"
	_ "image/jpeg" // sendPhoto takes JPEG and PNG, as Telegram's clients send
	_ "image/png"
	"io"
	"mime/multipart"
	"net/http"
	"sync"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"
)

// Telegram's limits on photos (a caption's is MaxCaptionLength).
const (
	MaxPhotoSize  = 10 << 20 // bytes of an upload
	MaxPhotoSides = 10000    // width + height
	MaxPhotoRatio = 20       // the longer side over the shorter
)

// photoStore is the photos the bot uploaded, by file_id: a photo sent again
// by its id is found here, and File serves it back. Its state is guarded by
// the Server's one lock, mu points to it: File (the test API, promoted to
// Server) takes it, the others expect it held.
type photoStore struct {
	mu    *sync.Mutex
	files map[string]storedFile
}

type storedFile struct {
	data          []byte
	contentType   string
	width, height int
}

type upload struct {
	name string
	data []byte
}

func newPhotoStore(mu *sync.Mutex) *photoStore {
	return &photoStore{mu: mu, files: map[string]storedFile{}}
}

// File returns a photo's bytes and content type by its file_id, as the
// Bot API's getFile and a download would.
func (ps *photoStore) File(fileID string) (data []byte, contentType string, ok bool) {
	ps.mu.Lock()
	defer ps.mu.Unlock()
	f, ok := ps.files[fileID]
	return f.data, f.contentType, ok
}

// keep stores an uploaded photo and returns its file_id: the same picture
// gets the same id. mu must be held.
func (ps *photoStore) keep(f storedFile) string {
	sum := sha256.Sum256(f.data)
	id := "AgAC" + hex.EncodeToString(sum[:12])
	ps.files[id] = f
	return id
}

// has reports whether a file_id names a stored photo; mu must be held.
func (ps *photoStore) has(id string) bool {
	_, ok := ps.files[id]
	return ok
}

// photoSizes is a sent photo as Telegram describes it (one size: the fake
// does not make thumbnails); mu must be held.
func (ps *photoStore) photoSizes(id string) []tgbotapi.PhotoSize {
	f := ps.files[id]
	return []tgbotapi.PhotoSize{{FileID: id, FileUniqueID: id[4:], Width: f.width, Height: f.height, FileSize: len(f.data)}}
}

// checkPhoto decodes an upload as Telegram would judge it: its size, its
// format (JPEG or PNG) and its sides.
func checkPhoto(data []byte) (storedFile, *ErrorResponse) {
	if len(data) > MaxPhotoSize {
		return storedFile{}, &ErrorResponse{Code: 413, Description: "Request Entity Too Large"}
	}
	cfg, format, err := image.DecodeConfig(bytes.NewReader(data))
	if err != nil {
		return storedFile{}, badRequest("IMAGE_PROCESS_FAILED")
	}
	w, h := cfg.Width, cfg.Height
	if w <= 0 || h <= 0 || w+h > MaxPhotoSides || w > h*MaxPhotoRatio || h > w*MaxPhotoRatio {
		return storedFile{}, badRequest("PHOTO_INVALID_DIMENSIONS")
	}
	return storedFile{data: data, contentType: "image/" + format, width: w, height: h}, nil
}

// readUploads reads the multipart form's files; ParseMultipartForm must
// have run.
func readUploads(r *http.Request) (map[string]upload, error) {
	if r.MultipartForm == nil {
		return nil, nil
	}
	out := map[string]upload{}
	for field, hs := range r.MultipartForm.File {
		if len(hs) == 0 {
			continue
		}
		data, err := readPart(hs[0])
		if err != nil {
			return nil, err
		}
		out[field] = upload{name: hs[0].Filename, data: data}
	}
	return out, nil
}

func readPart(h *multipart.FileHeader) ([]byte, error) {
	f, err := h.Open()
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return io.ReadAll(io.LimitReader(f, MaxPhotoSize+1))
}
