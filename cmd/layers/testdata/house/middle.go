package house

func middle() int { return bottom() * 2 }
