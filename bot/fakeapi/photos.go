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
	"strconv"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"
)

// Telegram's limits on photos.
const (
	MaxPhotoSize     = 10 << 20 // bytes of an upload
	MaxPhotoSides    = 10000    // width + height
	MaxPhotoRatio    = 20       // the longer side over the shorter
	MaxCaptionLength = 1024     // UTF-16 code units after entity parsing
)

type upload struct {
	name string
	data []byte
}

type storedFile struct {
	data          []byte
	contentType   string
	width, height int
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

// sendPhoto takes a new picture (a multipart upload in the field "photo")
// or the file_id of one sent before. The fake does not fetch URLs:
// Telegram would, and a test should not depend on the network.
func (s *Server) sendPhoto(p map[string]string, files map[string]upload) (any, *ErrorResponse) {
	chatID, err := strconv.ParseInt(p["chat_id"], 10, 64)
	if err != nil || chatID == 0 {
		return nil, badRequest("chat_id is empty")
	}
	if e := checkCaption(p["caption"], p["parse_mode"]); e != nil {
		return nil, e
	}
	markup, e := parseMarkup(p["reply_markup"])
	if e != nil {
		return nil, e
	}
	var fresh *storedFile
	if up, ok := files["photo"]; ok {
		f, e := checkPhoto(up.data)
		if e != nil {
			return nil, e
		}
		fresh = &f
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	id := p["photo"]
	if fresh != nil {
		sum := sha256.Sum256(fresh.data)
		id = "AgAC" + hex.EncodeToString(sum[:12]) // the same picture, the same id
		s.files[id] = *fresh
	} else if _, ok := s.files[id]; !ok {
		return nil, badRequest("wrong file identifier/HTTP URL specified")
	}
	m := s.store(chatID, &storedMessage{text: p["caption"], parseMode: p["parse_mode"], photo: id, markup: markup})
	return s.apiMessage(chatID, m), nil
}

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

// File returns a photo's bytes and content type by its file_id, as the
// Bot API's getFile and a download would.
func (s *Server) File(fileID string) (data []byte, contentType string, ok bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	f, ok := s.files[fileID]
	return f.data, f.contentType, ok
}

// photoSizes is a sent photo as Telegram describes it (one size: the fake
// does not make thumbnails); mu must be held.
func (s *Server) photoSizes(id string) []tgbotapi.PhotoSize {
	f := s.files[id]
	return []tgbotapi.PhotoSize{{FileID: id, FileUniqueID: id[4:], Width: f.width, Height: f.height, FileSize: len(f.data)}}
}
