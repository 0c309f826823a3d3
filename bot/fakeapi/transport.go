package fakeapi

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"strconv"
)

// Transport is an http.RoundTripper that reaches the fake with no socket:
// each request runs the fake's handler on the caller's goroutine and gets
// its answer back as a response. An http.Client with it is what a test
// inside a testing/synctest bubble gives the bot, where a real listener
// must not be touched: every wait of the fake (a long poll, a WaitFor) is
// then on the bubble's own channels and timers, so fake time jumps over
// Telegram's limits instead of sitting them out.
//
// The request's context is honoured: a long poll ends when it ends (the
// http.Client's timeout), and so does every long poll carried when
// Transport's polls context ends (the bot's run, since tgbotapi's
// requests carry no context of their own). A fault with Hangup fails the
// call with io.ErrUnexpectedEOF, as a connection closed unanswered does.
func (s *Server) Transport(polls context.Context) http.RoundTripper {
	return &transport{api: s.api, polls: polls}
}

type transport struct {
	api   *botAPI
	polls context.Context
}

func (t *transport) RoundTrip(req *http.Request) (*http.Response, error) {
	if req.Body != nil {
		// A RoundTripper closes the body, even on an error; tgbotapi's
		// uploads write it from a goroutine that ends only then.
		defer req.Body.Close()
	}
	if err := req.Context().Err(); err != nil {
		return nil, err
	}
	ctx := req.Context()
	if method, _ := parsePath(req.URL.Path); method == "getUpdates" {
		var cancel context.CancelFunc
		ctx, cancel = context.WithCancel(ctx)
		defer cancel()
		defer context.AfterFunc(t.polls, cancel)()
	}
	// The handler reads the form into the request: it gets its own copy,
	// as a RoundTripper must not change the caller's.
	r := req.Clone(ctx)
	r.Body = req.Body
	if r.Body == nil {
		r.Body = http.NoBody
	}
	rep := t.api.answer(r)
	if err := req.Context().Err(); err != nil {
		return nil, err // the caller gave up (its timeout) before the answer
	}
	if rep.hangup {
		return nil, io.ErrUnexpectedEOF
	}
	return &http.Response{
		Status:        strconv.Itoa(rep.status) + " " + http.StatusText(rep.status),
		StatusCode:    rep.status,
		Proto:         "HTTP/1.1",
		ProtoMajor:    1,
		ProtoMinor:    1,
		Header:        http.Header{"Content-Type": {"application/json"}},
		Body:          io.NopCloser(bytes.NewReader(rep.body)),
		ContentLength: int64(len(rep.body)),
		Request:       req,
	}, nil
}
