// Command layers draws the packages under a path as a house: each file a
// room, each use of a name defined in another file of the same package an
// arrow, files ordered so that as few arrows as possible run back up (a file
// stands above what it uses). It prints per package the files, floors and
// back arrows, and the walk from an entry function: the calls reachable from
// it that climb back up.
//
// usage: layers [-entry 'bot.(*Bot).Handle'] [-v] ./bot/...
package main
