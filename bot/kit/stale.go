package kit

// StaleID is the message id of the refusal of a press on a message the
// game has left behind, by which way it was left: no game any more,
// another game since, a lobby that changed, or the game moved on.
func StaleID(rec *Record, p Press) string {
	switch {
	case rec == nil:
		return "alert_stale_no_game"
	case rec.ID != p.Game:
		return "alert_stale_other_game"
	case rec.Status == StatusLobby:
		return "alert_stale_lobby"
	}
	return "alert_stale_moved"
}
