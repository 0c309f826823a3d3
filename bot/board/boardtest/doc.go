// Package boardtest plays the board games through the end-to-end harness
// (bot/bottest) as people would, pressing only the buttons on screen, and
// checks a finished game against its archive. Only tests import it: the
// board's own (bot/board) and the chat layer's that need a running game.
package boardtest
