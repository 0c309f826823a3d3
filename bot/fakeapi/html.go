package fakeapi

import (
	"fmt"
	"html"
	"strings"
)

// The tags Telegram's HTML parse mode accepts. Anything else, such as an
// unescaped "<" in a player's name, makes Telegram refuse the message, and
// that is exactly the bug the fake should surface.
var htmlTags = map[string]bool{
	"b": true, "strong": true, "i": true, "em": true, "u": true, "ins": true,
	"s": true, "strike": true, "del": true, "a": true, "code": true, "pre": true,
	"tg-spoiler": true, "span": true, "blockquote": true, "tg-emoji": true,
}

// htmlPlain checks text the way Telegram's HTML parser does where it is
// cheap (known tags, properly nested) and returns the text without markup,
// which is what Telegram's length limit counts.
func htmlPlain(s string) (string, error) {
	var out strings.Builder
	var open []string
	for i := 0; i < len(s); {
		switch s[i] {
		case '<':
			end := strings.IndexByte(s[i:], '>')
			if end < 0 {
				return "", fmt.Errorf("unclosed start tag at byte offset %d", i)
			}
			tag := s[i+1 : i+end]
			closing := strings.HasPrefix(tag, "/")
			name := strings.TrimPrefix(tag, "/")
			if f := strings.Fields(name); len(f) > 0 {
				name = strings.ToLower(f[0])
			} else {
				name = ""
			}
			if !htmlTags[name] {
				return "", fmt.Errorf("Unsupported start tag %q at byte offset %d", name, i)
			}
			if closing {
				if len(open) == 0 || open[len(open)-1] != name {
					return "", fmt.Errorf("Unmatched end tag at byte offset %d, expected \"</%s>\", found \"</%s>\"", i, last(open), name)
				}
				open = open[:len(open)-1]
			} else {
				open = append(open, name)
			}
			i += end + 1
		case '&':
			// Named entities beyond these four and numeric ones stay literal.
			semi := strings.IndexByte(s[i:], ';')
			if semi > 1 && semi <= 10 {
				ent := s[i : i+semi+1]
				if ent == "&lt;" || ent == "&gt;" || ent == "&amp;" || ent == "&quot;" || strings.HasPrefix(ent, "&#") {
					out.WriteString(html.UnescapeString(ent))
					i += semi + 1
					continue
				}
			}
			out.WriteByte('&')
			i++
		default:
			out.WriteByte(s[i])
			i++
		}
	}
	if len(open) > 0 {
		return "", fmt.Errorf("Can't find end tag corresponding to start tag %q", open[len(open)-1])
	}
	return out.String(), nil
}

func last(s []string) string {
	if len(s) == 0 {
		return ""
	}
	return s[len(s)-1]
}
