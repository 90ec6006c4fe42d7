package temporal

import (
	"testing"
	"time"
)

func TestCivilRoundTrip(t *testing.T) {
	for d := int64(-800000); d <= 800000; d += 97 {
		y, m, dd := CivilFromDays(d)
		if got := DaysFromCivil(y, m, dd); got != d {
			t.Fatalf("day %d: %d-%d-%d back to %d", d, y, m, dd, got)
		}
		want := time.Unix(d*86400, 0).UTC()
		if int(y) != want.Year() || m != int(want.Month()) || dd != want.Day() {
			t.Fatalf("day %d: %d-%d-%d, want %s", d, y, m, dd, want)
		}
		if ISOWeekday(d) != (int(want.Weekday())+6)%7+1 {
			t.Fatalf("day %d: weekday %d, want %s", d, ISOWeekday(d), want.Weekday())
		}
		iy, iw := ISOWeek(d)
		wy, ww := want.ISOWeek()
		if int(iy) != wy || iw != ww {
			t.Fatalf("day %d: ISO week %d-%d, want %d-%d", d, iy, iw, wy, ww)
		}
		if OrdinalDay(d) != want.YearDay() {
			t.Fatalf("day %d: ordinal %d, want %d", d, OrdinalDay(d), want.YearDay())
		}
	}
}

func TestParseISO(t *testing.T) {
	tests := []struct {
		in   string
		ok   bool
		want string // RFC3339Nano of UTCNs
		off  bool
	}{
		{"2024-01-15", true, "2024-01-15T00:00:00Z", false},
		{"2024-02-29", true, "2024-02-29T00:00:00Z", false},
		{"2023-02-29", false, "", false},
		{"1969-12-31T23:59:59.5", true, "1969-12-31T23:59:59.5Z", false},
		{"2024-01-15 10:00", true, "2024-01-15T10:00:00Z", false},
		{"2024-01-15T10:00:00+01:00", true, "2024-01-15T09:00:00Z", true},
		{"2024-01-15T10:00:00-0530", true, "2024-01-15T15:30:00Z", true},
		{"2024-01-15T10:00:00.123456789Z", true, "2024-01-15T10:00:00.123456789Z", true},
		{"2024-01-15T25:00:00", false, "", false},
		{"2024-1-15", false, "", false},
		{"", false, "", false},
		{"2024-01-15T", false, "", false},
		{"2024-01-15X", false, "", false},
	}
	for _, tt := range tests {
		p, ok := ParseISO(tt.in)
		if ok != tt.ok {
			t.Errorf("%q: ok %v", tt.in, ok)
			continue
		}
		if !ok {
			continue
		}
		got := time.Unix(0, 0).UTC().Add(time.Duration(p.UTCNs())).Format(time.RFC3339Nano)
		if got != tt.want || p.HasOff != tt.off {
			t.Errorf("%q: %s off %v, want %s %v", tt.in, got, p.HasOff, tt.want, tt.off)
		}
	}
}

func TestFormat(t *testing.T) {
	days := DaysFromCivil(2024, 3, 10)
	x := Fields{Days: days, Ns: 14*NsPerH + 5*NsPerMin + 9*NsPerSec + 120_000_000, Off: -4 * 3600, Zone: "EDT", HasOff: true}
	tests := []struct{ f, want string }{
		{"%Y-%m-%d %H:%M:%S", "2024-03-10 14:05:09"},
		{"%F %T%.3f %z %:z %Z", "2024-03-10 14:05:09.120 -0400 -04:00 EDT"},
		{"%a %A %b %B %j %u %w %e", "Sun Sunday Mar March 070 7 0 10"},
		{"%I:%M %p %y %C", "02:05 PM 24 20"},
		{"%.f|%f|%6f|%%", ".120|120000000|120000|%"},
		{"%V %G", "10 2024"},
	}
	for _, tt := range tests {
		f, err := Compile(tt.f)
		if err != nil {
			t.Fatal(err)
		}
		if got := string(f.Append(nil, x)); got != tt.want {
			t.Errorf("%q: %q, want %q", tt.f, got, tt.want)
		}
	}
	if _, err := Compile("%Q"); err == nil {
		t.Error("%Q compiled")
	}
}

func TestParse(t *testing.T) {
	tests := []struct {
		f, in  string
		want   string // time as written
		off    int64
		reason bool
	}{
		{"%Y-%m-%d", "2024-01-15", "2024-01-15T00:00:00", 0, false},
		{"%d/%m/%Y %H:%M", "15/01/2024 10:30", "2024-01-15T10:30:00", 0, false},
		{"%d %b %Y", "5 Mar 1969", "1969-03-05T00:00:00", 0, false},
		{"%d %B %Y %I%p", "5 march 1969 12AM", "1969-03-05T00:00:00", 0, false},
		{"%Y-%m-%dT%H:%M:%S%.f%z", "2024-01-15T10:00:00.25+0100", "2024-01-15T10:00:00.25", 3600, false},
		{"%Y-%j", "2024-366", "2024-12-31T00:00:00", 0, false},
		{"%s", "86400", "1970-01-02T00:00:00", 0, false},
		{"%Y-%m-%d", "2024-02-30", "", 0, true},
		{"%Y-%m-%d", "2024-01-15 extra", "", 0, true},
		{"%Y-%m-%d", "x", "", 0, true},
	}
	for _, tt := range tests {
		f, err := Compile(tt.f)
		if err != nil {
			t.Fatal(err)
		}
		p, reason := f.Parse(tt.in)
		if (reason != "") != tt.reason {
			t.Errorf("%q %q: reason %q", tt.f, tt.in, reason)
			continue
		}
		if reason != "" {
			continue
		}
		got := time.Unix(0, 0).UTC().Add(time.Duration(p.LocalNs())).Format("2006-01-02T15:04:05.999999999")
		if got != tt.want || p.Off != tt.off {
			t.Errorf("%q %q: %s %d, want %s %d", tt.f, tt.in, got, p.Off, tt.want, tt.off)
		}
	}
}

func TestEvery(t *testing.T) {
	at := func(s string) int64 {
		p, ok := ParseISO(s)
		if !ok {
			t.Fatalf("bad %q", s)
		}
		return p.LocalNs()
	}
	show := func(ns int64) string {
		return time.Unix(0, 0).UTC().Add(time.Duration(ns)).Format("2006-01-02T15:04:05")
	}
	tests := []struct {
		every, in, trunc, round string
	}{
		{"1mo", "2024-02-20T10:00:00", "2024-02-01T00:00:00", "2024-03-01T00:00:00"},
		{"1q", "2024-05-20T10:00:00", "2024-04-01T00:00:00", "2024-07-01T00:00:00"},
		{"1y", "1969-05-20T10:00:00", "1969-01-01T00:00:00", "1969-01-01T00:00:00"},
		{"1w", "2024-01-17T10:00:00", "2024-01-15T00:00:00", "2024-01-15T00:00:00"},
		{"1d", "1969-12-31T13:00:00", "1969-12-31T00:00:00", "1970-01-01T00:00:00"},
		{"15m", "2024-01-15T10:07:30", "2024-01-15T10:00:00", "2024-01-15T10:15:00"},
		{"3d12h", "1970-01-05T00:00:00", "1970-01-04T12:00:00", "1970-01-04T12:00:00"},
		{"2h30m", "1970-01-01T04:00:00", "1970-01-01T02:30:00", "1970-01-01T05:00:00"},
	}
	for _, tt := range tests {
		e, err := ParseEvery(tt.every)
		if err != nil {
			t.Fatal(err)
		}
		if err := e.CheckWindow(); err != nil {
			t.Fatal(err)
		}
		if got := show(e.Truncate(at(tt.in))); got != tt.trunc {
			t.Errorf("%s truncate %s: %s, want %s", tt.every, tt.in, got, tt.trunc)
		}
		if got := show(e.Round(at(tt.in))); got != tt.round {
			t.Errorf("%s round %s: %s, want %s", tt.every, tt.in, got, tt.round)
		}
	}
	for _, bad := range []string{"", "1x", "mo", "-", "1mo1d"} {
		e, err := ParseEvery(bad)
		if err == nil {
			err = e.CheckWindow()
		}
		if err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
	e, _ := ParseEvery("1mo")
	if got := show(e.Add(at("2024-01-31T08:00:00"), 1)); got != "2024-02-29T08:00:00" {
		t.Errorf("Jan 31 + 1mo = %s", got)
	}
}

func TestZoneFromLocal(t *testing.T) {
	loc, err := LoadLocation("America/New_York")
	if err != nil {
		t.Fatal(err)
	}
	z := NewZone(loc)
	local := func(s string) int64 {
		p, _ := ParseISO(s)
		return p.LocalNs() / NsPerSec
	}
	tests := []struct {
		in     string
		policy Ambiguous
		status int
		utc    string
	}{
		{"2024-03-10T01:30:00", Raise, LocalOK, "2024-03-10T06:30:00Z"},
		{"2024-03-10T02:30:00", Raise, LocalNonExistent, ""},
		{"2024-03-10T03:30:00", Raise, LocalOK, "2024-03-10T07:30:00Z"},
		{"2024-11-03T01:30:00", Raise, LocalAmbiguous, ""},
		{"2024-11-03T01:30:00", Earliest, LocalOK, "2024-11-03T05:30:00Z"},
		{"2024-11-03T01:30:00", Latest, LocalOK, "2024-11-03T06:30:00Z"},
		{"1950-06-01T12:00:00", Raise, LocalOK, "1950-06-01T16:00:00Z"},
	}
	for _, tt := range tests {
		sec, status := z.FromLocal(local(tt.in), tt.policy)
		if status != tt.status {
			t.Errorf("%s: status %d, want %d", tt.in, status, tt.status)
			continue
		}
		if status == LocalOK {
			if got := time.Unix(sec, 0).UTC().Format(time.RFC3339); got != tt.utc {
				t.Errorf("%s: %s, want %s", tt.in, got, tt.utc)
			}
		}
	}
	if _, err := LoadLocation("Mars/Olympus"); err == nil {
		t.Error("unknown zone loaded")
	}
	if l, err := LoadLocation("+05:30"); err != nil || NewZone(l).Offset(0) != 19800 {
		t.Errorf("+05:30: %v", err)
	}
}

func TestCivilFastMatchesSlow(t *testing.T) {
	for _, d := range []int64{fastMin, fastMin + 1, -719468, -1, 0, 1, 59, 60, 365, 11016, 19782, fastMax - 1} {
		y1, m1, d1 := civilFast(d)
		y2, m2, d2 := civilSlow(d)
		if y1 != y2 || m1 != m2 || d1 != d2 {
			t.Errorf("day %d: fast %d-%d-%d, slow %d-%d-%d", d, y1, m1, d1, y2, m2, d2)
		}
	}
	for d := int64(fastMin); d < fastMax; d += 7919 {
		y1, m1, d1 := civilFast(d)
		y2, m2, d2 := civilSlow(d)
		if y1 != y2 || m1 != m2 || d1 != d2 {
			t.Fatalf("day %d: fast %d-%d-%d, slow %d-%d-%d", d, y1, m1, d1, y2, m2, d2)
		}
	}
}
