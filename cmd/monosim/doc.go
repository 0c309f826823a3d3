// Command monosim plays many Monopoly games between computer players
// (package engine/ai) and prints statistics: games, turns, throughput,
// the distribution of game lengths (games that reach -max-turns are
// counted apart as capped), win rate by seat, and where player-turns end,
// square by square, with "in jail" counted apart from "just visiting".
// Then a balance report: per ownable group what was paid for deeds (bought
// and at auction) and buildings, the rent collected, the return on
// investment and the payback in turns, how often one player held the
// whole group; each seat's win rate with a 95 % confidence interval; and,
// for squares with a stake, the measured return per unit staked.
// -warmup N leaves each seat's first N turns of a game out of the landing
// statistics (tokens start on the start square; the first laps are not
// the steady state); -plot FILE.png draws the landing shares and the
// return per group, with the square and group names of -lang en|ru|uk.
//
// Usage:
//
//	monosim [-edition classic|deal] [-players 4] [-games 10000] [-seed 1]
//	        [-max-turns 1000] [-jail short|long] [-workers 1]
//	        [-seats hard,normal] [-rotate=true]
//	        [-json] [-progress] [-cpuprofile file]
//
// -seats seats computer players of levels easy, normal and hard, one per
// seat (levels.go), and reports each one's win rate with its 95 %
// interval; -rotate (the default) moves every level one seat on per game,
// so that the order of play does not bias a head-to-head result.
//
// Every game's seed is derived from -seed and the game's number, so a run
// gives the same figures whatever -workers is. With -json the result is
// one JSON object on stdout; "landing.end_of_turn" (40 fractions, index 10
// = just visiting) plus "landing.in_jail" sum to 1. A progress bar goes to
// stderr when stderr is a terminal, or with -progress.
//
// -edition deal plays Monopoly Deal, the card game, between
// engine/deal/dealai players instead (deal.go): games, turns, turns/s,
// game lengths, win rate by seat with 95 % intervals and the share of games
// won by three complete sets; -jail does not apply.
package main
