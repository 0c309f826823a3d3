package publish

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/monopoly-tg/monopoly-bot/bot/commit"
	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/storage"
)

// pending is the chat messages the store keeps, as "chat #seq".
func pending(t *testing.T, store *storage.Store) []string {
	t.Helper()
	var out []string
	err := store.View(func(tx *storage.Tx) error {
		return tx.ForEachPending(func(chat int64, seq uint64, _ []byte) error {
			out = append(out, fmt.Sprintf("%d #%d", chat, seq))
			return nil
		})
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// keep stores what st owes, as the commit path does with the change
// (commit.Options.Owed, then commit.Keep), and hands st the kept numbers.
func keep(t *testing.T, p *Publisher, store *storage.Store, st *kit.Change) []kit.Kept {
	t.Helper()
	owed, err := p.Owed(st)
	if err != nil {
		t.Fatal(err)
	}
	err = store.Update(func(tx *storage.Tx) error {
		st.Kept, err = commit.Keep(tx, st.Chat, owed)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return st.Kept
}

// gameOver is a change that ends game 7 with a reply and a closing
// message; the kind's Show adds the standings (fakeHost.Show).
func gameOver() *kit.Change {
	return &kit.Change{Chat: chat, Rec: &kit.Record{ID: 7, Status: kit.StatusPlaying}, GameOver: true,
		Replies: []kit.Reply{{Text: "reply"}}, Closing: []kit.Reply{{Text: "Game over"}}}
}

// TestKeptMessageIsForgottenOnceAccepted: a change that ends a game keeps,
// before it is stored, its reply, its closing message and the standings
// the kind's Show adds after the commit, the last with the rematch button;
// Finish queues them under their kept numbers, in that order. Once
// Telegram accepted one (the outbox's OnKept, Forget), only that one is
// deleted, and a restart (ResendKept) queues what is left, as it was kept.
func TestKeptMessageIsForgottenOnceAccepted(t *testing.T) {
	t.Parallel()
	h := &fakeHost{}
	h.compose = func(c *kit.Change) { h.Show(c, "") }
	p, out, _, store := newFake(t, h)
	st := gameOver()
	kept := keep(t, p, store, st)
	if len(kept) != 3 || kept[0].Text != "reply" || kept[1].Text != "Game over" || kept[2].Text != "🏆 standings" {
		t.Fatalf("kept %+v, want the reply, the closing message and the standings", kept)
	}
	if h.shows != 1 || len(st.Closing) != 1 {
		t.Fatalf("the kind's Show was asked %d times, the change's closing messages are %+v: "+
			"the standings were to be asked of a copy", h.shows, st.Closing)
	}
	p.Finish(context.Background(), st, nil, "")
	sameLines(t, out.lines(), []string{
		fmt.Sprintf(`kept -100 #%d "reply" -`, kept[0].Seq),
		fmt.Sprintf(`kept -100 #%d "Game over" -`, kept[1].Seq),
		fmt.Sprintf(`kept -100 #%d "🏆 standings" [rematch:7]`, kept[2].Seq),
	})

	p.Forget(chat, kept[0].Seq)
	p.Forget(chat, kept[1].Seq)
	left := fmt.Sprintf("%d #%d", int64(chat), kept[2].Seq)
	if got := pending(t, store); strings.Join(got, ",") != left {
		t.Fatalf("kept after two were accepted: %q, want %q", got, left)
	}

	restarted := &fakeOutbox{}
	again := New(h, Options{Out: restarted, Commit: commit.New(store, commit.Options{}), Store: store})
	if err := again.ResendKept(); err != nil {
		t.Fatal(err)
	}
	sameLines(t, restarted.lines(), []string{fmt.Sprintf(`kept -100 #%d "🏆 standings" [rematch:7]`, kept[2].Seq)})
}

// TestUnclaimedKeptMessageIsSentAsStored: a kind whose Show gives fewer
// closing messages after the commit than before it leaves a kept message
// Finish did not send itself; it is owed all the same and goes as stored.
func TestUnclaimedKeptMessageIsSentAsStored(t *testing.T) {
	t.Parallel()
	h := &fakeHost{}
	p, out, _, store := newFake(t, h)
	st := gameOver()
	kept := keep(t, p, store, st)
	p.Finish(context.Background(), st, nil, "") // compose adds no standings
	sameLines(t, out.lines(), []string{
		fmt.Sprintf(`kept -100 #%d "reply" -`, kept[0].Seq),
		fmt.Sprintf(`kept -100 #%d "Game over" [rematch:7]`, kept[1].Seq),
		fmt.Sprintf(`kept -100 #%d "🏆 standings" -`, kept[2].Seq),
	})
}
