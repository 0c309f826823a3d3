// Package house is the layers command's test fixture: top uses middle and
// bottom, middle uses bottom, and bottom calls back up into top once.
package house

// Entry is where the walk starts.
func Entry() int { return middle() + bottom() }

func helper() int { return 1 }
