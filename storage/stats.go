package storage

import (
	"bytes"
	"fmt"
)

// Player statistics. Storage keeps them as opaque values (the bot encodes
// them) under two keys:
//
//   - bucketChatStats: chat key ‖ user key → one person's record in one chat;
//     the chat prefix makes a chat's leaderboard one cursor range.
//   - bucketUserStats: user key → the same person's record over all chats.
//
// Users are keyed like chats (sign-flipped big-endian), so both are numeric
// order.
var (
	bucketChatStats = []byte("chat_stats")
	bucketUserStats = []byte("user_stats")
)

func chatUserKey(chatID, userID int64) []byte {
	return append(chatKey(chatID), chatKey(userID)...)
}

// ChatStats returns a copy of a person's statistics in one chat.
func (t *Tx) ChatStats(chatID, userID int64) ([]byte, bool) {
	v := t.bucket(bucketChatStats).Get(chatUserKey(chatID, userID))
	if v == nil {
		return nil, false
	}
	return clone(v), true
}

// PutChatStats replaces a person's statistics in one chat.
func (t *Tx) PutChatStats(chatID, userID int64, data []byte) error {
	if err := t.bucket(bucketChatStats).Put(chatUserKey(chatID, userID), clone(data)); err != nil {
		return fmt.Errorf("storage: put stats %d/%d: %w", chatID, userID, err)
	}
	return nil
}

// ForEachChatStats calls fn for every person with statistics in the chat,
// in ascending user id order; fn gets copies and must not write stats.
func (t *Tx) ForEachChatStats(chatID int64, fn func(userID int64, data []byte) error) error {
	prefix := chatKey(chatID)
	c := t.bucket(bucketChatStats).Cursor()
	for k, v := c.Seek(prefix); k != nil && bytes.HasPrefix(k, prefix); k, v = c.Next() {
		if len(k) != 16 {
			continue
		}
		if err := fn(chatFromKey(k[8:]), clone(v)); err != nil {
			return err
		}
	}
	return nil
}

// UserStats returns a copy of a person's statistics over all chats.
func (t *Tx) UserStats(userID int64) ([]byte, bool) { return t.get(bucketUserStats, userID) }

// PutUserStats replaces a person's statistics over all chats.
func (t *Tx) PutUserStats(userID int64, data []byte) error {
	if err := t.put(bucketUserStats, userID, data); err != nil {
		return fmt.Errorf("storage: put user stats %d: %w", userID, err)
	}
	return nil
}

// moveChatStats moves a chat's per-person statistics to the chat it became
// (MoveChat). A person with statistics under both ids keeps the newer
// chat's record: the old group has played there since the upgrade only if
// something went wrong, and merging is the bot's business, not storage's.
func (t *Tx) moveChatStats(from, to int64) error {
	b := t.bucket(bucketChatStats)
	prefix := chatKey(from)
	type kv struct{ user, data []byte }
	var moving []kv
	c := b.Cursor()
	for k, v := c.Seek(prefix); k != nil && bytes.HasPrefix(k, prefix); k, v = c.Next() {
		if len(k) == 16 {
			moving = append(moving, kv{clone(k[8:]), clone(v)})
		}
	}
	for _, m := range moving {
		nk := append(chatKey(to), m.user...)
		if b.Get(nk) == nil {
			if err := b.Put(nk, m.data); err != nil {
				return err
			}
		}
		if err := b.Delete(append(chatKey(from), m.user...)); err != nil {
			return err
		}
	}
	return nil
}
