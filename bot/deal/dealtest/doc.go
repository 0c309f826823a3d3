// Package dealtest plays Monopoly Deal through the end-to-end harness
// (bot/bottest) as people would: it opens a Deal lobby, opens each hand in
// its private chat and presses the hand's buttons. Only tests import it:
// Deal's own (bot/deal) and the chat layer's that need a Deal game
// (rematch, pace).
package dealtest
