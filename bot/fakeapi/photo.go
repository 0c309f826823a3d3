package fakeapi

import (
	"bytes"
	"fmt"
	"image/png"
	"io"
	"net/http"
	"strconv"
	"strings"
	"time"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"
)

// Photos: sendPhoto with an uploaded file (multipart) or a file_id the
// fake handed out before, as Telegram accepts them. An upload gets a new
// file_id; a file_id nobody uploaded is refused.

// uploadPrefix marks a parameter that was a file part of a multipart
// request; the rest is the index of its bytes in the upload list.
const uploadPrefix = "\x00upload:"

// Photo is a photo the bot sent.
type Photo struct {
	MsgID    int
	FileID   string
	Uploaded bool // sent as a file, not by file_id
	Size     int  // bytes of the upload (0 when sent by file_id)
	Width    int  // of the uploaded PNG
	Height   int
	Caption  string
}

type photoStore struct {
	uploads [][]byte          // file parts of multipart requests, by index
	files   map[string][]byte // file_id → bytes
	sent    map[int64][]Photo // by chat
}

// readUploads adds the file parts of a parsed multipart request to out.
// The fake keeps their bytes; the parameter names them by index.
func (s *Server) readUploads(r *http.Request, out map[string]string) error {
	if r.MultipartForm == nil {
		return nil
	}
	for k, fhs := range r.MultipartForm.File {
		f, err := fhs[0].Open()
		if err != nil {
			return err
		}
		data, err := io.ReadAll(f)
		f.Close()
		if err != nil {
			return err
		}
		s.mu.Lock()
		s.photos.uploads = append(s.photos.uploads, data)
		out[k] = uploadPrefix + strconv.Itoa(len(s.photos.uploads)-1)
		s.mu.Unlock()
	}
	return nil
}

func (s *Server) sendPhoto(p map[string]string) (any, *ErrorResponse) {
	chatID, err := strconv.ParseInt(p["chat_id"], 10, 64)
	if err != nil || chatID == 0 {
		return nil, badRequest("chat_id is empty")
	}
	if len([]rune(p["caption"])) > 1024 {
		return nil, badRequest("message caption is too long")
	}
	markup, e := parseMarkup(p["reply_markup"])
	if e != nil {
		return nil, e
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	ph := Photo{Caption: p["caption"]}
	var data []byte
	if idx, ok := cutUpload(p["photo"]); ok {
		if idx < 0 || idx >= len(s.photos.uploads) {
			return nil, badRequest("there is no photo in the request")
		}
		data = s.photos.uploads[idx]
		cfg, err := png.DecodeConfig(bytes.NewReader(data))
		switch {
		case len(data) > 10<<20:
			return nil, &ErrorResponse{Code: 413, Description: "Request Entity Too Large"}
		case err != nil:
			return nil, badRequest("IMAGE_PROCESS_FAILED")
		case cfg.Width+cfg.Height > 10000:
			return nil, badRequest("PHOTO_INVALID_DIMENSIONS")
		}
		if s.photos.files == nil {
			s.photos.files = map[string][]byte{}
		}
		ph.FileID = fmt.Sprintf("photo-%d", len(s.photos.files)+1)
		ph.Uploaded, ph.Size, ph.Width, ph.Height = true, len(data), cfg.Width, cfg.Height
		s.photos.files[ph.FileID] = data
	} else {
		ph.FileID = p["photo"]
		if _, known := s.photos.files[ph.FileID]; !known {
			return nil, badRequest("wrong file identifier/HTTP URL specified")
		}
	}
	c := s.chat(chatID)
	c.lastID++
	m := &storedMessage{id: c.lastID, text: ph.Caption, markup: markup, date: int(time.Now().Unix()), photo: ph.FileID}
	c.msgs = append(c.msgs, m)
	ph.MsgID = m.id
	if s.photos.sent == nil {
		s.photos.sent = map[int64][]Photo{}
	}
	s.photos.sent[chatID] = append(s.photos.sent[chatID], ph)
	out := s.apiMessage(chatID, m)
	out.Text, out.Caption = "", ph.Caption
	out.Photo = []tgbotapi.PhotoSize{{FileID: ph.FileID, FileUniqueID: ph.FileID, Width: ph.Width, Height: ph.Height, FileSize: ph.Size}}
	return out, nil
}

func cutUpload(v string) (int, bool) {
	rest, ok := strings.CutPrefix(v, uploadPrefix)
	if !ok {
		return 0, false
	}
	n, err := strconv.Atoi(rest)
	if err != nil {
		return -1, true
	}
	return n, true
}

// Photos returns the photos the bot sent to a chat, in order.
func (s *Server) Photos(chatID int64) []Photo {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Photo(nil), s.photos.sent[chatID]...)
}
