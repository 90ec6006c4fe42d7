package frame

import (
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/structframe/structframe/internal/temporal"
)

// dtBenchFrame has 1M timestamps[us] (UTC, and zoned in New York) over
// about 30 years, and the same days as ISO strings.
func dtBenchFrame(b *testing.B) *Frame {
	b.Helper()
	const n = 1 << 20
	mem := memory.DefaultAllocator
	tb := array.NewTimestampBuilder(mem, &arrow.TimestampType{Unit: arrow.Microsecond})
	zb := array.NewTimestampBuilder(mem, &arrow.TimestampType{Unit: arrow.Microsecond, TimeZone: "America/New_York"})
	sb := array.NewStringBuilder(mem)
	f, _ := temporal.Compile("%Y-%m-%d")
	var buf []byte
	x := int64(7)
	for i := 0; i < n; i++ {
		x = x*6364136223846793005 + 1442695040888963407
		us := (x>>20)%(30*365*86400_000_000) + 631152000_000_000 // from 1990
		if us < 0 {
			us = -us
		}
		tb.Append(arrow.Timestamp(us))
		zb.Append(arrow.Timestamp(us))
		buf = f.Append(buf[:0], temporal.Fields{Days: us / 86400_000_000})
		sb.Append(string(buf))
	}
	fr := FromColumns([]string{"t", "z", "s"}, tb.NewArray(), zb.NewArray(), sb.NewArray())
	if err := fr.Err(); err != nil {
		b.Fatal(err)
	}
	return fr
}

func BenchmarkExprDt(b *testing.B) {
	f := dtBenchFrame(b)
	for _, bm := range []struct {
		name string
		e    Expr
	}{
		{"Year", Col("t").Dt().Year()},
		{"Month", Col("t").Dt().Month()},
		{"YearZoned", Col("z").Dt().Year()},
		{"Truncate1mo", Col("t").Dt().Truncate("1mo")},
		{"ToDate", Col("s").Str().ToDate("")},
		{"ToDateFormat", Col("s").Str().ToDate("%Y-%m-%d")},
		{"Strftime", Col("t").Dt().Strftime("%Y-%m-%d %H:%M:%S")},
	} {
		b.Run(bm.name, func(b *testing.B) {
			for b.Loop() {
				if err := f.SelectExprs(bm.e).Err(); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
