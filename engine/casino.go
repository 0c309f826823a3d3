package engine

// The casino square of the lux edition. The player stakes any part of
// their cash (ActStake, as on the business gamble square) or nothing, then
// rolls one die per reel: the reel's pointer climbs its column from the
// bottom by the points rolled, so a reel stops on CasinoReels[r][die-1].
// The three symbols are paid by the pay table: three alike or a pair pay
// a multiple of the stake from the bank on top of the stake, which the
// player keeps; every other result loses the stake to the jackpot in the
// centre. Three stars also win the jackpot, up to CasinoJackpotCap stakes
// of it, so that no stake can make the casino an income (LUX.md has the
// odds of every combination and the expected return).

// Symbols on the reels, the most valuable first.
const (
	SymbolStar = iota
	SymbolSeven
	SymbolBell
	SymbolCherry
	SymbolLemon
	symbols
)

// CasinoReels are the three columns of the slot machine, bottom to top:
// the reel of die r that rolled d stops on CasinoReels[r][d-1]. Each reel
// has one star and one seven at its top; bells, cherries and lemons share
// the rest, unevenly, so that each three-alike has its own odds.
var CasinoReels = [3][6]int{
	{SymbolLemon, SymbolCherry, SymbolBell, SymbolLemon, SymbolSeven, SymbolStar},
	{SymbolCherry, SymbolLemon, SymbolBell, SymbolCherry, SymbolSeven, SymbolStar},
	{SymbolLemon, SymbolBell, SymbolCherry, SymbolLemon, SymbolSeven, SymbolStar},
}

// CasinoLost marks a result that loses the stake in the pay tables.
const CasinoLost = -1

// CasinoThree and CasinoPair are the pay table, by symbol: the multiple of
// the stake the bank pays on top of the stake for three alike and for
// exactly two alike (0: the stake comes back; CasinoLost: it is lost).
// Three stars pay ×20, the rule book's one example.
var (
	CasinoThree = [symbols]int{SymbolStar: 20, SymbolSeven: 10, SymbolBell: 6, SymbolCherry: 4, SymbolLemon: 3}
	CasinoPair  = [symbols]int{SymbolStar: 3, SymbolSeven: 1, SymbolBell: 0, SymbolCherry: 0, SymbolLemon: CasinoLost}
)

// CasinoJackpotCap bounds the jackpot won with three stars to this many
// stakes: with it the casino's best expected return stays below 100 %
// however small the stake and large the jackpot.
const CasinoJackpotCap = 20

// CasinoCombination names the result of three reels: the symbol shown
// three or two times and that count, or count 0 when all three differ.
func CasinoCombination(reels [3]int) (symbol, count int) {
	a, b, c := reels[0], reels[1], reels[2]
	switch {
	case a == b && b == c:
		return a, 3
	case a == b || a == c:
		return a, 2
	case b == c:
		return b, 2
	}
	return 0, 0
}

// CasinoWin is the multiple of the stake the bank pays on top of it for a
// combination, or CasinoLost.
func CasinoWin(symbol, count int) int {
	switch count {
	case 3:
		return CasinoThree[symbol]
	case 2:
		return CasinoPair[symbol]
	}
	return CasinoLost
}

// offerCasino lets p stake something, if p has any cash. Cost carries the
// jackpot for the offer's message.
func (g *Game) offerCasino(p PlayerID) {
	g.offerStake(Event{Kind: EvCasinoOffered, Player: p, Cost: g.Jackpot})
}

// spinCasino rolls the three reels for stake and settles it.
func (g *Game) spinCasino(p PlayerID, stake int) {
	var reels [3]int
	for r := range reels {
		die := g.die()
		reels[r] = CasinoReels[r][die-1]
		*g.event() = Event{Kind: EvReelStopped, Player: p, Deck: r, Amount: die, Card: reels[r]}
	}
	g.Step = StepTurnEnd
	symbol, count := CasinoCombination(reels)
	win := CasinoWin(symbol, count)
	if win == CasinoLost {
		g.Players[p].Cash -= stake
		g.Jackpot += stake
		*g.event() = Event{Kind: EvCasinoLost, Player: p, Amount: stake, Card: symbol, Deck: count, Cost: g.Jackpot}
		return
	}
	if win == 0 {
		*g.event() = Event{Kind: EvCasinoPush, Player: p, Amount: stake, Card: symbol, Deck: count}
		return
	}
	g.bankPays(p, win*stake)
	*g.event() = Event{Kind: EvCasinoWon, Player: p, Amount: stake, Cost: win * stake, Card: symbol, Deck: count}
	if symbol == SymbolStar && count == 3 && g.Jackpot > 0 {
		won := min(g.Jackpot, CasinoJackpotCap*stake)
		g.Jackpot -= won
		g.Players[p].Cash += won
		*g.event() = Event{Kind: EvCasinoJackpot, Player: p, Amount: won, Cost: g.Jackpot}
	}
}

// CasinoReturn is the expected return per unit staked, without the
// jackpot: every die roll of the three reels is equally likely.
func CasinoReturn() float64 {
	returned := 0
	for d0 := range 6 {
		for d1 := range 6 {
			for d2 := range 6 {
				s, n := CasinoCombination([3]int{CasinoReels[0][d0], CasinoReels[1][d1], CasinoReels[2][d2]})
				if w := CasinoWin(s, n); w != CasinoLost {
					returned += 1 + w
				}
			}
		}
	}
	return float64(returned) / 216
}
