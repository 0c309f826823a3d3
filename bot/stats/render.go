package stats

import (
	"strconv"
	"strings"

	"github.com/monopoly-tg/monopoly-bot/bot/kit"
)

// Block renders one PlayerStats (the primary kind's games).
func (s *Stats) Block(lang string, p PlayerStats) string {
	set := s.cat.T(lang, "stats_no_set", nil)
	if ed, grp, ok := p.Favourite(); ok {
		if name, ok := s.kinds.SetName(lang, ed+":"+strconv.Itoa(grp)); ok {
			set = name
		}
	}
	return s.cat.T(lang, "stats_block", map[string]any{"Played": p.Played, "Won": p.Won, "Bankrupt": p.Bankrupt,
		"Best": s.bestWorth(lang, p.BestWorth), "Set": set})
}

// bestWorth is a best net worth in words: a person whose every game ended
// in bankruptcy has none to show, not "$0".
func (s *Stats) bestWorth(lang string, worth int) string {
	if worth <= 0 {
		return s.cat.T(lang, "stats_no_worth", nil)
	}
	return s.cat.Money(lang, worth)
}

// Render is the /stats answer for one person: in this chat (group) and
// overall.
func (s *Stats) Render(lang, name string, here, all PlayerStats, okHere, okAll, group bool) string {
	var sb strings.Builder
	sb.WriteString(s.cat.T(lang, "stats_title", map[string]any{"Player": kit.Name(name)}))
	if group {
		sb.WriteString(s.section(lang, "stats_here", here, okHere))
	}
	sb.WriteString(s.section(lang, "stats_all", all, okAll))
	sb.WriteString("\n\n" + s.cat.T(lang, "stats_wins_note", nil)) // what a win is (GameEnd)
	return sb.String()
}

// section is one block of /stats (in this chat, or overall) under its
// title: the primary kind's games, or none yet, then the other kinds'.
func (s *Stats) section(lang, title string, p PlayerStats, ok bool) string {
	text := "\n\n" + s.cat.T(lang, title, nil) + "\n"
	if ok && p.Played > 0 {
		text += s.Block(lang, p)
	} else {
		text += s.cat.T(lang, "stats_none", nil)
	}
	return text + s.kindLines(lang, p)
}

// kindLines are a person's games of other kinds (Monopoly Deal), one line
// each after the primary kind's block.
func (s *Stats) kindLines(lang string, p PlayerStats) string {
	var sb strings.Builder
	for _, k := range s.kinds.Lines() {
		if ks := p.Kinds[k.Kind]; ks != nil {
			sb.WriteString("\n" + k.Line(lang, ks.Played, ks.Won))
		}
	}
	return sb.String()
}

// RenderTop is the /top answer.
func (s *Stats) RenderTop(lang string, top []Ranked) string {
	if len(top) == 0 {
		return s.cat.T(lang, "top_empty", nil)
	}
	var sb strings.Builder
	sb.WriteString(s.cat.T(lang, "top_title", nil))
	for i, r := range top {
		sb.WriteString("\n" + s.cat.T(lang, "top_line", map[string]any{"Rank": i + 1, "Player": kit.Name(r.Name),
			"Won": r.Won, "Played": r.Played, "Best": s.bestWorth(lang, r.BestWorth)}))
	}
	return sb.String()
}
