package bot

import (
	"testing"

	"github.com/monopoly-tg/monopoly-bot/bot/bottest"
)

// TestMain runs this package's tests bottest.Parallel at a time: they
// mostly wait, not compute.
func TestMain(m *testing.M) { bottest.Main(m) }
