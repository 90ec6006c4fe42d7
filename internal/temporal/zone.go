package temporal

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"time"
	_ "time/tzdata" // IANA zones on machines without a zone database
)

// ErrZone reports a time zone name that is neither an IANA zone nor a
// fixed offset.
var ErrZone = errors.New("unknown time zone")

var zones sync.Map // name -> *time.Location

// LoadLocation is the location of a time zone name: an IANA name
// ("America/New_York"), "UTC" (or "" for none), or a fixed offset
// ("+05:30", "-0800", "Z"). Locations are loaded once per name.
func LoadLocation(name string) (*time.Location, error) {
	if name == "" || name == "UTC" || name == "Z" || name == "Etc/UTC" {
		return time.UTC, nil
	}
	if l, ok := zones.Load(name); ok {
		return l.(*time.Location), nil
	}
	var loc *time.Location
	if off, ok := ParseOffset(name); ok {
		loc = time.FixedZone(name, off)
	} else {
		var err error
		if loc, err = time.LoadLocation(name); err != nil {
			return nil, fmt.Errorf("%w %q", ErrZone, name)
		}
	}
	zones.Store(name, loc)
	return loc, nil
}

// ParseOffset reads a fixed UTC offset, "+hh:mm", "+hhmm", "+hh" or "Z",
// as seconds east of UTC.
func ParseOffset(s string) (int, bool) {
	if s == "Z" {
		return 0, true
	}
	if len(s) < 3 || (s[0] != '+' && s[0] != '-') {
		return 0, false
	}
	body := strings.ReplaceAll(s[1:], ":", "")
	if len(body) != 2 && len(body) != 4 {
		return 0, false
	}
	n, err := strconv.Atoi(body)
	if err != nil {
		return 0, false
	}
	h, m := n, 0
	if len(body) == 4 {
		h, m = n/100, n%100
	}
	if h > 23 || m > 59 {
		return 0, false
	}
	off := h*3600 + m*60
	if s[0] == '-' {
		off = -off
	}
	return off, true
}

// Zone looks up a location's UTC offsets, remembering the periods
// (between two changes of offset) it has met: the last one is tried
// first (a column's instants mostly fall in one period), then the others
// by a binary search, and only an instant in a period not met yet asks
// the time package. A Zone is used by one goroutine.
type Zone struct {
	loc     *time.Location
	utc     bool
	periods []zonePeriod // sorted by start, not overlapping
	last    int          // index of the period of the last lookup
}

// zonePeriod is a span of Unix seconds [start, end) of one offset.
type zonePeriod struct {
	start, end int64
	off        int64 // seconds east of UTC
	name       string
}

// NewZone is a Zone of loc (nil: UTC).
func NewZone(loc *time.Location) *Zone {
	return &Zone{loc: loc, utc: loc == nil || loc == time.UTC}
}

// UTC reports a zone without offsets.
func (z *Zone) UTC() bool { return z.utc }

// Offset is the offset east of UTC, in seconds, at the instant sec (Unix
// seconds).
func (z *Zone) Offset(sec int64) int64 {
	if z.utc {
		return 0
	}
	return z.period(sec).off
}

// period is the period holding the instant sec.
func (z *Zone) period(sec int64) *zonePeriod {
	if z.last < len(z.periods) {
		if p := &z.periods[z.last]; sec >= p.start && sec < p.end {
			return p
		}
	}
	lo, hi := 0, len(z.periods)
	for lo < hi {
		mid := (lo + hi) / 2
		if z.periods[mid].end <= sec {
			lo = mid + 1
		} else {
			hi = mid
		}
	}
	if lo < len(z.periods) && sec >= z.periods[lo].start {
		z.last = lo
		return &z.periods[lo]
	}
	t := time.Unix(sec, 0).In(z.loc)
	name, off := t.Zone()
	start, end := t.ZoneBounds()
	p := zonePeriod{start: int64(-1) << 62, end: int64(1) << 62, off: int64(off), name: name}
	if !start.IsZero() {
		p.start = start.Unix()
	}
	if !end.IsZero() {
		p.end = end.Unix()
	}
	z.periods = append(z.periods, zonePeriod{})
	copy(z.periods[lo+1:], z.periods[lo:])
	z.periods[lo] = p
	z.last = lo
	return &z.periods[lo]
}

// Abbrev is the zone's abbreviation at the instant sec ("EST", "CET").
func (z *Zone) Abbrev(sec int64) string {
	if z.utc {
		return "UTC"
	}
	return z.period(sec).name
}

// Ambiguous says which instant a local time that occurs twice (when the
// clocks go back) stands for, and what a local time that does not occur
// (when they go forward) gives: Polars' ambiguous and non_existent.
type Ambiguous uint8

// The policies.
const (
	// Raise makes an ambiguous or non-existent local time an error.
	Raise Ambiguous = iota
	// Earliest takes the first of the two instants (the one before the
	// clocks go back); a non-existent time is an error.
	Earliest
	// Latest takes the second instant; a non-existent time is an error.
	Latest
	// Null makes ambiguous and non-existent local times null.
	Null
)

// Local outcomes of FromLocal.
const (
	LocalOK          = iota // one instant
	LocalAmbiguous          // two instants, none chosen (Raise or Null)
	LocalNonExistent        // no instant
)

// FromLocal is the instant (Unix seconds) of a local time in the zone,
// given as seconds since 1970-01-01 00:00 local; status says whether the
// time is ambiguous or does not exist (then sec is meaningless unless
// policy chose one of two instants).
func (z *Zone) FromLocal(local int64, policy Ambiguous) (sec int64, status int) {
	if z.utc {
		return local, LocalOK
	}
	// The offsets a day before and after: a local time is one of the
	// instants local - off for which off is the offset then.
	o1 := z.Offset(local - 86400)
	o2 := z.Offset(local + 86400)
	if o1 == o2 {
		if z.Offset(local-o1) == o1 {
			return local - o1, LocalOK
		}
		// A change and its reverse within two days: ask the period itself.
		o := z.Offset(local - o1)
		if z.Offset(local-o) == o {
			return local - o, LocalOK
		}
		return 0, LocalNonExistent
	}
	u1, u2 := local-o1, local-o2
	ok1, ok2 := z.Offset(u1) == o1, z.Offset(u2) == o2
	switch {
	case ok1 && ok2:
		if u2 < u1 {
			u1, u2 = u2, u1
		}
		switch policy {
		case Earliest:
			return u1, LocalOK
		case Latest:
			return u2, LocalOK
		}
		return 0, LocalAmbiguous
	case ok1:
		return u1, LocalOK
	case ok2:
		return u2, LocalOK
	}
	return 0, LocalNonExistent
}
