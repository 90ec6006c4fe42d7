package dtype

import (
	"time"

	"github.com/apache/arrow-go/v18/arrow"
)

// TimeUnit returns the arrow.TimeUnit one stored unit of the type is
// (f.Unit): the unit of a time, timestamp or duration type, and the
// millisecond of date64. ok is false when Unit is none of the four
// (date32 counts days; the other classes have no unit).
func (f Facts) TimeUnit() (u arrow.TimeUnit, ok bool) {
	switch f.Unit {
	case time.Second:
		return arrow.Second, true
	case time.Millisecond:
		return arrow.Millisecond, true
	case time.Microsecond:
		return arrow.Microsecond, true
	case time.Nanosecond:
		return arrow.Nanosecond, true
	}
	return 0, false
}
