package main

import (
	"fmt"
	"io"
	"strings"
)

// printBalance prints the balance report: per ownable group, seats, game
// lengths, stakes.
func printBalance(w io.Writer, r *Result) {
	b := &r.Balance
	fmt.Fprintf(w, "\nbalance per group (money in the edition's units; turns are player-turns):\n")
	fmt.Fprintf(w, "  %-18s %6s %8s %7s %8s %9s %9s %6s %8s %9s  %s\n",
		"group", "price", "bought", "auction", "auction", "buildings", "rent/game", "ROI", "rent/", "payback", "held whole: games")
	fmt.Fprintf(w, "  %-18s %6s %8s %7s %8s %9s %9s %6s %8s %9s  %s\n",
		"", "", "", "", "/price", "paid/game", "", "", "deed-turn", "turns", "(all still in), turn")
	games := float64(max(1, r.Games))
	starred := false
	for _, g := range b.Groups {
		name := g.Name
		if g.Kind != "colour set" {
			name += " *"
			starred = true
		}
		fmt.Fprintf(w, "  %-18s %6d %8d %7d %8.2f %9.0f %9.0f %6.2f %8.2f %9.0f  %5.1f %% (%4.1f %%) %4.0f\n",
			clip(name, 18), g.Price, g.Bought, g.Auctioned, g.MeanAuctionShare, float64(g.BuildingsPaid)/games,
			g.RentPerGame, g.ROI, g.RentPerDeedTurn, g.PaybackTurns, 100*g.CompletedShare, 100*g.CompletedAllInShare, g.MeanCompletedTurn)
	}
	if starred {
		fmt.Fprintf(w, "  (* ports and utilities: no buildings)\n")
	}
	fmt.Fprintf(w, "  \"held whole\": one player held the whole group at some moment, in brackets before anyone\n")
	fmt.Fprintf(w, "  went bankrupt; turn: the mean turn of the first time.\n")
	fmt.Fprintf(w, "  ROI is rent over what was paid for the group's deeds and buildings; payback is what a deed\n")
	fmt.Fprintf(w, "  cost (with its share of buildings) over the rent it brought per player-turn owned.\n")

	fmt.Fprintf(w, "\nseat win rates (finished games, 95 %% confidence):\n")
	for _, s := range b.Seats {
		fmt.Fprintf(w, "  seat %d  %5.1f %%  [%5.1f, %5.1f]\n", s.Seat, 100*s.Rate, 100*s.Low, 100*s.High)
	}
	fmt.Fprintf(w, "\ngame length (finished games, player-turns): p10 %d, p50 %d, p90 %d; capped %.2f %% of games\n",
		b.P10, b.P50, b.P90, 100*b.CappedShare)

	if len(b.Stakes) > 0 {
		fmt.Fprintf(w, "\nstakes (return per unit staked; 1 = break-even):\n")
		for _, s := range b.Stakes {
			fmt.Fprintf(w, "  %-28s %9d bets  %9d staked  return %.3f", clip(fmt.Sprintf("%2d %s", s.Square, s.Name), 28), s.Bets, s.Staked, s.Return)
			if s.Expected > 0 {
				fmt.Fprintf(w, "  (computed %.3f)", s.Expected)
			}
			fmt.Fprintln(w)
		}
	}
}

// clip shortens s to n runes.
func clip(s string, n int) string {
	if r := []rune(s); len(r) > n {
		return strings.TrimSpace(string(r[:n-1])) + "…"
	}
	return s
}
