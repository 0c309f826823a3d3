package house

func bottom() int {
	if false {
		return helper()
	}
	return 3
}
