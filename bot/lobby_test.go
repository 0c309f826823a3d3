package bot

import "github.com/monopoly-tg/monopoly-bot/bot/fakeapi"

// cancelLobby cancels the open lobby as u: Cancel, then the confirmation.
func (h *harness) cancelLobby(u fakeapi.User) {
	h.t.Helper()
	h.mustPress(u, OpCancel)
	h.mustPress(u, OpCancelYes)
}
