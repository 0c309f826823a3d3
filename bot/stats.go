package bot

import (
	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/bot/registry"
	"github.com/monopoly-tg/monopoly-bot/bot/stats"
	"github.com/monopoly-tg/monopoly-bot/storage"
)

// PlayerStats is a person's statistics (bot/stats), by the name the kinds'
// tests read them with.
type PlayerStats = stats.PlayerStats

// statistics are the players' statistics (bot/stats) over the kinds this
// bot hosts.
func (b *Bot) statistics() *stats.Stats { return stats.New(b.cat, statsKinds{b}) }

// recordGameEnd adds a game that ends now to its players' statistics
// (stats.Stats.GameEnd), in the transaction that removes its record.
func (b *Bot) recordGameEnd(tx *storage.Tx, chat int64, rec *kit.Record, stopped bool) error {
	return b.statistics().GameEnd(tx, chat, rec, stopped)
}

// statsKinds are the kinds as statistics ask them (stats.Kinds): the
// default kind is the primary one, the others with a stats line
// (kindsStats) show apart.
type statsKinds struct{ b *Bot }

func (k statsKinds) Primary() string { return registry.DefaultKind() }

func (k statsKinds) Results(rec *kit.Record) []kit.SeatResult { return k.b.kinds.Of(rec).Results(rec) }

func (k statsKinds) SetName(lang, key string) (string, bool) {
	if s := k.b.kinds.Caps(k.b.kinds.First()).Sets; s != nil {
		return s.SetName(lang, key)
	}
	return "", false
}

func (k statsKinds) Lines() []stats.KindLine {
	var lines []stats.KindLine
	for _, name := range registry.Order() {
		if s := k.b.kinds.Caps(k.b.kinds.Named(name)).Stats; s != nil {
			lines = append(lines, stats.KindLine{Kind: name, Line: s.StatsLine})
		}
	}
	return lines
}
