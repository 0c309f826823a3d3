package main

import (
	"flag"
	"fmt"
	"os"
	"strings"
)

func main() {
	entry := flag.String("entry", "", "the function the walk starts from, as go/types names it, e.g. '(*github.com/monopoly-tg/monopoly-bot/bot.Bot).Handle'")
	verbose := flag.Bool("v", false, "list the arrows that run back up and the calls that climb back")
	flag.Parse()
	h, err := measure(flag.Args(), *entry)
	if err != nil {
		fmt.Fprintln(os.Stderr, "layers:", err)
		os.Exit(1)
	}
	for _, p := range h.Packages {
		fmt.Printf("%-60s files %3d  arrows %4d  back %3d (names %3d)  floors %2d\n",
			p.Path, p.Files, p.Arrows, len(p.Back), p.BackNames, p.Floors)
		if *verbose {
			for _, a := range p.Back {
				fmt.Printf("    %s -> %s (%s)\n", a.From, a.To, strings.Join(a.Names, ", "))
			}
		}
	}
	fmt.Printf("total: arrows %d, back %d\n", h.Arrows(), h.BackArrows())
	for i, r := range h.Receivers {
		if i == 8 {
			break
		}
		fmt.Printf("receiver %-60s methods %d\n", r.Type, r.Methods)
	}
	if h.Walk != nil {
		w := h.Walk
		fmt.Printf("walk from %s: functions %d, calls %d, climbing back %d\n", w.Entry, w.Functions, w.Calls, len(w.Climbs))
		if *verbose {
			for _, c := range w.Climbs {
				fmt.Printf("    %s (%s) -> %s (%s)\n", c.From, c.FromFile, c.To, c.ToFile)
			}
		}
	}
}
