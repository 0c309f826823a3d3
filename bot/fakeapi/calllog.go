package fakeapi

import (
	"net/http"
	"strconv"
	"sync"
	"time"
)

// callLog is every call the fake received, with the status it answered,
// and the faults a test queued for the next calls (FailNext). Its state is
// guarded by the Server's one lock, mu points to it: the exported methods
// (the test API, promoted to Server) take it, the others expect it held.
type callLog struct {
	mu       *sync.Mutex
	bell     *changeBell // rung when a call begins and when it is answered
	requests []Request
	keep     int // see KeepRequests
	dropped  int // requests forgotten because of keep
	failures map[string][]*failure
}

type failure struct {
	left int
	resp ErrorResponse
}

func newCallLog(mu *sync.Mutex, bell *changeBell) *callLog {
	return &callLog{mu: mu, bell: bell, failures: map[string][]*failure{}}
}

// KeepRequests bounds the log of calls to about the newest n (0: all, the
// default), for a stand-in that runs for days (the playground). Requests,
// Calls and RequestsPerMinute then see only those.
func (cl *callLog) KeepRequests(n int) {
	cl.mu.Lock()
	defer cl.mu.Unlock()
	cl.keep = n
	cl.trim()
}

// Requests returns every call received so far, in arrival order.
func (cl *callLog) Requests() []Request {
	cl.mu.Lock()
	defer cl.mu.Unlock()
	out := make([]Request, len(cl.requests))
	for i, r := range cl.requests {
		r.Params = cloneMap(r.Params)
		out[i] = r
	}
	return out
}

// Calls returns the calls of one method, in arrival order.
func (cl *callLog) Calls(method string) []Request {
	var out []Request
	for _, r := range cl.Requests() {
		if r.Method == method {
			out = append(out, r)
		}
	}
	return out
}

// RequestsPerMinute counts, per chat, the calls that count towards
// Telegram's limits (sends and edits) answered in the last minute,
// refused ones included: what a bot should keep under 20 in a group.
func (cl *callLog) RequestsPerMinute() map[int64]int {
	cl.mu.Lock()
	defer cl.mu.Unlock()
	since := time.Now().Add(-time.Minute) // as Request.Time, whatever Limits.Now says
	out := map[int64]int{}
	for i := len(cl.requests) - 1; i >= 0 && cl.requests[i].Time.After(since); i-- {
		r := cl.requests[i]
		if !limitedMethods[r.Method] {
			continue
		}
		if chat, err := strconv.ParseInt(r.Params["chat_id"], 10, 64); err == nil && chat != 0 {
			out[chat]++
		}
	}
	return out
}

// FailNext makes the next n calls of method answer resp instead of doing
// anything. Several FailNext calls for one method queue up in order.
func (cl *callLog) FailNext(method string, n int, resp ErrorResponse) {
	if n <= 0 {
		return
	}
	if resp.Code == 0 && !resp.Hangup {
		resp.Code = http.StatusInternalServerError
	}
	if resp.Description == "" {
		resp.Description = defaultDescription(resp)
	}
	cl.mu.Lock()
	defer cl.mu.Unlock()
	cl.failures[method] = append(cl.failures[method], &failure{left: n, resp: resp})
}

// begin logs a call as it arrives and returns its number, for finish, and
// the fault queued for it (nil: none); mu must be held.
func (cl *callLog) begin(method string, params map[string]string, at time.Time) (int, *ErrorResponse) {
	cl.trim()
	n := cl.dropped + len(cl.requests) // counts every request, dropped ones too
	cl.requests = append(cl.requests, Request{Method: method, Params: params, Time: at})
	cl.bell.ring()
	q := cl.failures[method]
	if len(q) == 0 {
		return n, nil
	}
	resp := q[0].resp
	if q[0].left--; q[0].left == 0 {
		cl.failures[method] = q[1:]
	}
	return n, &resp
}

// finish notes the status call n was answered with, unless keep dropped
// it meanwhile; mu must be held.
func (cl *callLog) finish(n, status int) {
	cl.bell.ring()
	if i := n - cl.dropped; i >= 0 {
		cl.requests[i].Status = status
	}
}

// trim drops the oldest calls once the log holds twice keep, so trimming
// costs little per call; mu must be held.
func (cl *callLog) trim() {
	if cl.keep <= 0 || len(cl.requests) < 2*cl.keep {
		return
	}
	n := len(cl.requests) - cl.keep
	cl.requests = append([]Request(nil), cl.requests[n:]...)
	cl.dropped += n
}

func cloneMap(m map[string]string) map[string]string {
	out := make(map[string]string, len(m))
	for k, v := range m {
		out[k] = v
	}
	return out
}
