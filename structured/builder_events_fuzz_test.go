package structured

import (
	"errors"
	"fmt"
	"math"
	"testing"
	"time"
)

// Random event sequences: a Builder returns *Error values for events out
// of place, never panics, and what it finishes is valid, converts to Arrow
// and prints. The first byte picks the options (and for the Spec target,
// the Spec); the rest are events and their arguments.

var eventsSeeds = []struct {
	o    byte
	data []byte
}{
	{0, []byte{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16}},
	{6, []byte{0, 1, 3, 1, 4, 2, 0, 1, 3, 1, 9, 2, 16}},
	{5, []byte{0, 1, 0, 1, 1, 1, 3, 5, 3, 2, 16, 0, 1, 1, 0, 5, 2}},
}

// eventSpecs are the Specs FuzzBuilderSpecEvents builds against.
var eventSpecs = []string{
	"var * {a: ?int64, b: ?map<string, ?float64>, c: ?var * string, d: ?{a: int32, b: ?uint8}}",
	"var * {a: ?2 * int64, b: 3 * int64, key: ?decimal(10, 2), value: ?timestamp[ms], c: ?date32, d: ?float32}",
	"var * var * {a: ?map<string, ?{a: ?int64, b: var * binary}>, b: ?uint64, c: ?var * 2 * bool}",
	"var * {a: ?var * var * int64, b: ?{c: ?{d: ?int64}}, c: ?map<string, var * int64>}",
}

func FuzzBuilderEvents(f *testing.F) {
	for _, s := range eventsSeeds {
		f.Add(s.o, s.data)
	}
	f.Fuzz(func(t *testing.T, o byte, data []byte) { fuzzEvents(t, nil, o, data) })
}

func FuzzBuilderSpecEvents(f *testing.F) {
	for _, s := range eventsSeeds {
		f.Add(s.o, s.data)
	}
	f.Fuzz(func(t *testing.T, o byte, data []byte) {
		fuzzEvents(t, Must(ParseSpec(eventSpecs[int(o)%len(eventSpecs)])), o, data)
	})
}

func fuzzEvents(t *testing.T, spec *Spec, o byte, data []byte) {
	opts := fuzzOptions(o, int(o&3), float64(o>>5)/8)
	b, err0 := NewBuilder(spec, opts...)
	if err0 != nil {
		return
	}
	keys := []string{"a", "b", "c", "d", "", "key", "value"}
	var log []string
	defer func() {
		if r := recover(); r != nil {
			t.Fatalf("panic %v after %v", r, log)
		}
	}()
	for i := 0; i < len(data); i++ {
		op := data[i] % 20
		arg := byte(0)
		if i+1 < len(data) {
			arg = data[i+1]
		}
		var err error
		switch op {
		case 0:
			err = b.BeginRecord()
			log = append(log, "BeginRecord")
		case 1:
			k := keys[int(arg)%len(keys)]
			i++
			err = b.Key(k)
			log = append(log, "Key("+k+")")
		case 2:
			err = b.EndRecord()
			log = append(log, "EndRecord")
		case 3:
			err = b.BeginList()
			log = append(log, "BeginList")
		case 4:
			err = b.EndList()
			log = append(log, "EndList")
		case 5:
			i++
			err = b.Int(int64(arg) - 128)
			log = append(log, fmt.Sprintf("Int(%d)", int64(arg)-128))
		case 6:
			i++
			v := float64(arg) / 3
			if arg == 255 {
				v = math.NaN()
			}
			err = b.Float(v)
			log = append(log, fmt.Sprintf("Float(%v)", v))
		case 7:
			err = b.String("s")
			log = append(log, "String")
		case 8:
			err = b.Null()
			log = append(log, "Null")
		case 9:
			err = b.Bool(arg&1 == 1)
			log = append(log, "Bool")
		case 10:
			i++
			nums := []string{"1", "-2.5", "18446744073709551616", "1e400", "abc", "", "-", "99999999999999999999999999999999999999999", "0x10", "1.0", "9007199254740993", "-0", "NaN", "--1", "1e", ".5"}
			s := nums[int(arg)%len(nums)]
			err = b.Number([]byte(s))
			log = append(log, "Number("+s+")")
		case 11:
			i++
			err = b.Uint(uint64(arg) << 56)
			log = append(log, fmt.Sprintf("Uint(%d)", uint64(arg)<<56))
		case 12:
			err = b.Bytes([]byte{1, 2})
			log = append(log, "Bytes")
		case 13:
			err = b.Time(time.Unix(int64(arg), 0))
			log = append(log, "Time")
		case 14:
			err = b.Date(20000)
			log = append(log, "Date")
		case 15:
			k := keys[int(arg)%len(keys)]
			i++
			err = b.KeyBytes([]byte(k))
			log = append(log, "KeyBytes("+k+")")
		case 16:
			log = append(log, "Finish")
			st, err2 := b.Finish()
			err = err2
			if err == nil && st != nil {
				if e := st.Validate(); e != nil {
					t.Fatalf("Validate: %v after %v", e, log)
				}
				if st.NumRows() > 0 {
					arr, e := st.ToArrow()
					if e != nil {
						t.Fatalf("ToArrow %v after %v", e, log)
					}
					arr.Release()
				}
				_ = st.ToValue()
				_ = st.Spec().String()
			}
		case 17:
			b.Reserve(int(arg))
			log = append(log, "Reserve")
		case 18:
			err = b.StringBytes([]byte("x"))
			log = append(log, "StringBytes")
		case 19:
			i++
			err = b.Uint(uint64(arg))
			log = append(log, "Uint small")
		}
		if err != nil {
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("error type %T %v after %v", err, err, log)
			}
			return
		}
	}
}
