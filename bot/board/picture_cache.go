package board

import (
	"errors"
	"sync"
	"time"

	"github.com/monopoly-tg/monopoly-bot/bot/boardimg"
	"github.com/monopoly-tg/monopoly-bot/bot/kit"
)

// The board's picture cache: one picture per chat, drawn by bot/boardimg;
// the picture's messages are picture.go.

// maxPictures bounds the cache: one picture per chat, the oldest chats'
// forgotten first.
const maxPictures = 512

type pictureKey struct {
	game, version uint64
	lang          string
}

type picture struct {
	key    pictureKey
	fileID string    // "" until Telegram gave it one
	queued time.Time // when it was last queued for the chat
	seq    uint64    // to forget the oldest
}

// pictures draws boards and remembers each chat's last picture.
type pictures struct {
	draw *boardimg.Renderer

	mu     sync.Mutex
	byChat map[int64]picture
	seq    uint64
}

func newPictures(r *boardimg.Renderer) *pictures {
	return &pictures{draw: r, byChat: map[int64]picture{}}
}

// queue notes that chat's picture of key is being sent at now; it returns
// the picture's file_id if it was sent before, and whether it was queued
// less than pictureAgain ago (then nothing is noted).
func (p *pictures) queue(chat int64, key pictureKey, now time.Time) (fileID string, recent bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	pic, ok := p.byChat[chat]
	if ok && pic.key == key && now.Sub(pic.queued) < pictureAgain {
		return pic.fileID, true
	}
	if !ok || pic.key != key {
		pic = picture{key: key}
	}
	p.seq++
	pic.queued, pic.seq = now, p.seq
	p.byChat[chat] = pic
	if len(p.byChat) > maxPictures {
		oldest, first := int64(0), true
		for c, old := range p.byChat {
			if first || old.seq < p.byChat[oldest].seq {
				oldest, first = c, false
			}
		}
		delete(p.byChat, oldest)
	}
	return pic.fileID, false
}

// recent reports whether chat's picture of key was queued less than
// pictureAgain ago (queue would then send nothing).
func (p *pictures) recent(chat int64, key pictureKey, now time.Time) bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	pic, ok := p.byChat[chat]
	return ok && pic.key == key && now.Sub(pic.queued) < pictureAgain
}

// remember stores the file_id Telegram gave chat's picture of key.
func (p *pictures) remember(chat int64, key pictureKey, fileID string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if pic, ok := p.byChat[chat]; ok && pic.key == key {
		pic.fileID = fileID
		p.byChat[chat] = pic
	}
}

func (p *pictures) render(rec *kit.Record, lang string, names []string) ([]byte, error) {
	if p.draw == nil {
		return nil, errNoRenderer
	}
	return p.draw.Render(Of(rec).Game, lang, names)
}

// pictureAgain is how soon 🗺 sends the same picture again: within it the
// picture is still on screen, and a photo costs the chat's budget.
const pictureAgain = 30 * time.Second

var errNoRenderer = errors.New("board: no picture renderer")
