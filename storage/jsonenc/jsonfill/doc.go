// Package jsonfill fills values with random data for the tests of the
// hand-written JSON encoders (engine/json.go, the board's record state):
// they compare their bytes with json.Marshal's over every field the types
// have, so a field added to a type without adding it to its encoder fails
// a test. It is a test helper only; nothing outside tests imports it.
package jsonfill
