package bot

import (
	"cmp"
	"encoding/json"
	"slices"
	"strconv"
	"strings"

	"github.com/monopoly-tg/monopoly-bot/bot/kit"
	"github.com/monopoly-tg/monopoly-bot/storage"
)

// PlayerStats is one person's record, kept per chat and over all chats
// (storage/stats.go).
//
// A game counts when it started (a cancelled lobby does not) and ends in
// any way: game over, /endgame, or archiving an abandoned game. Won counts
// a winner the engine declared (the last player standing, three sets in
// Deal, or the leader of a game ended by agreement) and the leader of a
// game stopped by /endgame (SeatResult.Leader: first in its ranking, with
// no tie), as its players expect; an archived abandoned game has no
// winner. Bankrupt counts games the person ended bankrupt, resignations
// included. BestWorth is the highest engine.NetWorth at a game's end.
//
// The favourite colour set: at each game's end, every colour set (streets
// only, not ports or utilities) a person owns completely counts once; a
// person who owns no complete set but some streets counts the set of which
// they own the most streets (ties: the dearer set). The favourite is the set
// counted most often (ties: the dearer set). Sets are keyed
// "<edition>:<group>", so later editions keep their own colours.
type PlayerStats struct {
	Name      string         `json:"name,omitempty"` // as last seen, for /top
	Played    int            `json:"played"`
	Won       int            `json:"won"`
	Bankrupt  int            `json:"bankrupt"`
	BestWorth int            `json:"best_worth"`
	Sets      map[string]int `json:"sets,omitempty"`
	// Kinds count the games of other kinds than the board's (Monopoly
	// Deal), apart: the fields above, /top and the favourite set are the
	// board games'.
	Kinds map[string]*KindStats `json:"kinds,omitempty"`
}

// KindStats are a person's games and wins of one kind of game.
type KindStats struct {
	Played int `json:"played"`
	Won    int `json:"won"`
}

// addKind counts a game of a kind other than the board's.
func (s *PlayerStats) addKind(name, kind string, r SeatResult) {
	s.Name = name
	if s.Kinds == nil {
		s.Kinds = map[string]*KindStats{}
	}
	k := s.Kinds[kind]
	if k == nil {
		k = &KindStats{}
		s.Kinds[kind] = k
	}
	k.Played++
	if r.Won {
		k.Won++
	}
}

func (s *PlayerStats) add(name string, r SeatResult) {
	s.Name = name
	s.Played++
	if r.Won {
		s.Won++
	}
	if r.Bankrupt {
		s.Bankrupt++
	}
	s.BestWorth = max(s.BestWorth, r.Worth)
	for _, k := range r.Sets {
		if s.Sets == nil {
			s.Sets = map[string]int{}
		}
		s.Sets[k]++
	}
}

// Favourite returns the edition and group of the favourite colour set.
func (s *PlayerStats) Favourite() (edition string, group int, ok bool) {
	best, bestN := "", 0
	for k, n := range s.Sets {
		if n > bestN || n == bestN && setLess(best, k) {
			best, bestN = k, n
		}
	}
	ed, g, found := strings.Cut(best, ":")
	grp, err := strconv.Atoi(g)
	if !found || err != nil {
		return "", 0, false
	}
	return ed, grp, true
}

// setLess orders set keys so the dearer set (higher group, later on the
// board) wins a tie, deterministically.
func setLess(a, b string) bool {
	ea, ga, _ := strings.Cut(a, ":")
	eb, gb, _ := strings.Cut(b, ":")
	na, _ := strconv.Atoi(ga)
	nb, _ := strconv.Atoi(gb)
	return cmp.Or(cmp.Compare(ea, eb), cmp.Compare(na, nb)) < 0
}

// recordGameEnd adds a game that ends now to its players' statistics, in
// this chat and overall. Call it in the transaction that removes the
// game's record; Bot.change does so for every started game it removes
// (game over, /endgame), so only a removal outside change needs to call it.
// A lobby is not a game played.
func (b *Bot) recordGameEnd(tx *storage.Tx, chat int64, rec *Record, stopped bool) error {
	if rec == nil || rec.Status != StatusPlaying {
		return nil
	}
	for i, res := range b.kindOf(rec).Results(rec) {
		res.Won = res.Won || stopped && res.Leader
		seat := rec.Seats[i]
		if seat.User == 0 || seat.Computer { // /top ranks people
			continue
		}
		var cs, us PlayerStats
		if data, ok := tx.ChatStats(chat, seat.User); ok {
			_ = json.Unmarshal(data, &cs) // damaged: start again rather than lose the game
		}
		if data, ok := tx.UserStats(seat.User); ok {
			_ = json.Unmarshal(data, &us)
		}
		if rec.Kind != "" && rec.Kind != defaultKind() {
			cs.addKind(seat.Name, rec.Kind, res)
			us.addKind(seat.Name, rec.Kind, res)
		} else {
			cs.add(seat.Name, res)
			us.add(seat.Name, res)
		}
		data, err := json.Marshal(cs)
		if err != nil {
			return err
		}
		if err := tx.PutChatStats(chat, seat.User, data); err != nil {
			return err
		}
		if data, err = json.Marshal(us); err != nil {
			return err
		}
		if err := tx.PutUserStats(seat.User, data); err != nil {
			return err
		}
	}
	return nil
}

// loadStats reads a person's statistics in a chat and overall.
func loadStats(tx *storage.Tx, chat, user int64) (here, all PlayerStats, okHere, okAll bool) {
	if data, ok := tx.ChatStats(chat, user); ok {
		okHere = json.Unmarshal(data, &here) == nil
	}
	if data, ok := tx.UserStats(user); ok {
		okAll = json.Unmarshal(data, &all) == nil
	}
	return
}

// topSize is how many people /top lists.
const topSize = 10

type ranked struct {
	user int64
	PlayerStats
}

// chatTop is the chat's leaderboard: most wins, then the best net worth,
// then the most games, then the user id (stable).
func chatTop(tx *storage.Tx, chat int64) []ranked {
	var all []ranked
	_ = tx.ForEachChatStats(chat, func(user int64, data []byte) error {
		var s PlayerStats
		if json.Unmarshal(data, &s) == nil && s.Played > 0 {
			all = append(all, ranked{user, s})
		}
		return nil
	})
	slices.SortFunc(all, func(a, b ranked) int {
		return cmp.Or(-cmp.Compare(a.Won, b.Won), -cmp.Compare(a.BestWorth, b.BestWorth),
			-cmp.Compare(a.Played, b.Played), cmp.Compare(a.user, b.user))
	})
	return all[:min(len(all), topSize)]
}

// statsBlock renders one PlayerStats (the board games').
func (b *Bot) statsBlock(lang string, s PlayerStats) string {
	set := b.cat.T(lang, "stats_no_set", nil)
	if ed, grp, ok := s.Favourite(); ok {
		if name, ok := b.capsOf(b.kinds[defaultKind()]).sets.SetName(lang, ed+":"+strconv.Itoa(grp)); ok {
			set = name
		}
	}
	return b.cat.T(lang, "stats_block", map[string]any{"Played": s.Played, "Won": s.Won, "Bankrupt": s.Bankrupt,
		"Best": b.bestWorth(lang, s.BestWorth), "Set": set})
}

// bestWorth is a best net worth in words: a person whose every game ended
// in bankruptcy has none to show, not "$0".
func (b *Bot) bestWorth(lang string, worth int) string {
	if worth <= 0 {
		return b.cat.T(lang, "stats_no_worth", nil)
	}
	return b.cat.Money(lang, worth)
}

// renderStats is the /stats answer for one person.
func (b *Bot) renderStats(lang, name string, here, all PlayerStats, okHere, okAll, group bool) string {
	var sb strings.Builder
	sb.WriteString(b.cat.T(lang, "stats_title", map[string]any{"Player": kit.Name(name)}))
	if group {
		sb.WriteString("\n\n" + b.cat.T(lang, "stats_here", nil) + "\n")
		if okHere && here.Played > 0 {
			sb.WriteString(b.statsBlock(lang, here))
		} else {
			sb.WriteString(b.cat.T(lang, "stats_none", nil))
		}
		sb.WriteString(b.kindLines(lang, here))
	}
	sb.WriteString("\n\n" + b.cat.T(lang, "stats_all", nil) + "\n")
	if okAll && all.Played > 0 {
		sb.WriteString(b.statsBlock(lang, all))
	} else {
		sb.WriteString(b.cat.T(lang, "stats_none", nil))
	}
	sb.WriteString(b.kindLines(lang, all))
	sb.WriteString("\n\n" + b.cat.T(lang, "stats_wins_note", nil)) // what a win is (recordGameEnd)
	return sb.String()
}

// kindLines are a person's games of other kinds (Monopoly Deal), one line
// each after the board games' block.
func (b *Bot) kindLines(lang string, s PlayerStats) string {
	var sb strings.Builder
	for _, name := range kindOrder {
		k := b.capsOf(b.kinds[name]).stats
		if ks := s.Kinds[name]; k != nil && ks != nil {
			sb.WriteString("\n" + k.StatsLine(lang, ks.Played, ks.Won))
		}
	}
	return sb.String()
}

// renderTop is the /top answer.
func (b *Bot) renderTop(lang string, top []ranked) string {
	if len(top) == 0 {
		return b.cat.T(lang, "top_empty", nil)
	}
	var sb strings.Builder
	sb.WriteString(b.cat.T(lang, "top_title", nil))
	for i, r := range top {
		sb.WriteString("\n" + b.cat.T(lang, "top_line", map[string]any{"Rank": i + 1, "Player": kit.Name(r.Name),
			"Won": r.Won, "Played": r.Played, "Best": b.bestWorth(lang, r.BestWorth)}))
	}
	return sb.String()
}
