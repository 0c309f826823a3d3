// Package migrate owns a group becoming a supergroup: the move of its
// game, settings and timer entry in one transaction (Move, MoveStored),
// the private chats that remember the group pointed at the supergroup, the
// show there of what was live (Reshow), and the answer to a press on the
// old group's messages (PressInMoved).
//
// It comes from either service message (the group's migrate_to_chat_id,
// the supergroup's migrate_from_chat_id: each chat's lane runs apart, and
// the supergroup's own updates must find the game already moved) or from
// a 400 answer carrying migrate_to_chat_id, whichever is first; the
// others find nothing left to move. The move and the show are two
// changes; Settings.Moved, stored with the move and cleared by the show,
// makes a start after a crash in between show it (package bot's
// restoreChat calls Reshow), and a later call find it still owed.
//
// It reaches the rest through Host, implemented by package bot: the
// chat's lock and change (bot/commit), the outbox's queue, the timer
// entry, and what the kind of the game shows again.
package migrate
