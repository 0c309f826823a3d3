// Package jsonenc writes JSON strings exactly as encoding/json's Marshal
// does (HTML characters, U+2028 and U+2029 escaped, invalid UTF-8 as
// U+FFFD), for the encoders written by hand that store records byte for
// byte as json.Marshal did (engine/json.go, bot/kit's envelope and
// options, the board's state) without a call into encoding/json, and its
// allocations, for every name that is not plain ASCII: most players'
// names are Cyrillic.
package jsonenc
