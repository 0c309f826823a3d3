// Package kit holds what the chat layer (package bot) and the kinds of
// game it hosts (bot/board, …) share: the callback codec, and the types and
// helpers a kind needs from its host.
package kit
