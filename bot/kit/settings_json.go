package kit

import (
	"strconv"

	"github.com/monopoly-tg/monopoly-bot/storage/jsonenc"
)

// AppendJSON appends s as it is stored, without reflection: the bytes
// json.Marshal wrote of the settings' members (the options written by
// ChatOptions.appendJSON, not re-scanned as a Marshaler's output), then
// each link as a member of its own (links.go). A change that changes a
// chat's settings stores them (bot/commit); TestSettingsAppendMatchesMarshal
// fills every field by reflection and compares with that encoding.
func (s *Settings) AppendJSON(b []byte) []byte {
	b = jsonenc.AppendString(append(b, `{"lang":`...), s.Lang)
	if s.AutoLang != "" {
		b = jsonenc.AppendString(append(b, `,"auto_lang":`...), s.AutoLang)
	}
	if s.Paused {
		b = append(b, `,"paused":true`...)
	}
	b = appendIntOmit(b, `,"menu":`, int64(s.Menu))
	b = s.Options.appendJSON(append(b, `,"options":`...)) // a struct: omitempty keeps it
	if s.OptionsRev != 0 {
		b = strconv.AppendUint(append(b, `,"options_rev":`...), s.OptionsRev, 10)
	}
	if n := s.Notify; n != nil {
		b = append(b, `,"notify":{`...)
		at := len(b)
		if len(n.People) > 0 {
			b = append(b, `"people":[`...)
			for i, p := range n.People {
				if i > 0 {
					b = append(b, ',')
				}
				b = strconv.AppendInt(append(b, `{"user":`...), p.User, 10)
				b = jsonenc.AppendString(append(b, `,"lang":`...), p.Lang)
				if p.Name != "" {
					b = jsonenc.AppendString(append(b, `,"name":`...), p.Name)
				}
				b = append(b, '}')
			}
			b = append(b, ']')
		}
		if n.Title != "" {
			b = jsonenc.AppendString(append(comma(b, at), `"title":`...), n.Title)
		}
		if n.Username != "" {
			b = jsonenc.AppendString(append(comma(b, at), `"username":`...), n.Username)
		}
		b = append(b, '}')
	}
	b = appendIntOmit(b, `,"moved":`, s.Moved)
	b = appendIntOmit(b, `,"moved_to":`, s.MovedTo)
	if r := s.Reach; r != nil {
		b = append(b, `,"reach":{`...)
		at := len(b)
		b = appendMemberOmit(b, at, `"refused":`, r.Refused)
		if len(r.Told) > 0 {
			b = append(comma(b, at), `"told":[`...)
			for i, g := range r.Told {
				if i > 0 {
					b = append(b, ',')
				}
				b = strconv.AppendInt(b, g, 10)
			}
			b = append(b, ']')
		}
		if r.Greeted {
			b = append(comma(b, at), `"greeted":true`...)
		}
		b = append(b, '}')
	}
	s.Links.each(func(key string, group int64) {
		b = jsonenc.AppendString(append(b, ','), key+linkSuffix)
		b = strconv.AppendInt(append(b, ':'), group, 10)
	})
	return append(b, '}')
}

// MarshalJSON stores each link as a member of its own beside the rest
// (AppendJSON).
func (s Settings) MarshalJSON() ([]byte, error) { return s.AppendJSON(make([]byte, 0, 256)), nil }
