package kit

import "errors"

// ErrDuplicate is a change's answer to an update that was already applied
// (before a restart): nothing changed, nothing is shown.
var ErrDuplicate = errors.New("bot: update already applied")
