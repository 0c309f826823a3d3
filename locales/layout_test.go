package locales

import (
	"regexp"
	"strings"
	"testing"
)

// nameThenValue is a name followed by nothing but a space and another
// value or a digit: "🤖 Комп'ютер 1 1 500 000 ₴" reads as 11 500 000.
var nameThenValue = regexp.MustCompile(`\{\{\.(Player|Other|Players|Name|Chat)\}\}\s+(\{\{\.|[0-9])`)

// TestTextsLeaveLayoutToTelegram: no text wraps a line by hand (a break
// and an indent look broken on every width but one), and no name runs
// into a number after it.
func TestTextsLeaveLayoutToTelegram(t *testing.T) {
	eachText(t, Languages, func(where, src string) {
		if strings.Contains(src, "\n ") {
			t.Errorf("%s indents a line by hand: %q", where, src)
		}
		if m := nameThenValue.FindString(src); m != "" {
			t.Errorf("%s puts a value right after a name (%q): add a colon, a dash or a word between", where, m)
		}
	})
}

// eachText calls check with every form of every message of langs, and
// where it stands ("file id.form").
func eachText(t *testing.T, langs []string, check func(where, src string)) {
	t.Helper()
	for _, lang := range langs {
		names, err := messageFiles(files, lang)
		if err != nil {
			t.Fatal(err)
		}
		for _, name := range names {
			file := topicFile(t, name)
			for _, id := range keys(file) {
				for form, src := range forms(t, lang, id, file[id]) {
					check(name+" "+id+"."+form, src)
				}
			}
		}
	}
}
