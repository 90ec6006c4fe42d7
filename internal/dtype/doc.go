// Package dtype is the one table of Arrow type facts the module asks:
// for every Arrow type id, how its items sit in their buffers (layout and
// byte width), what they mean (class: bool, signed or unsigned integer,
// float, decimal, date, time, timestamp, duration, interval, string,
// binary, dictionary, nested), how they widen (rank within the class),
// what Go type stores them (storage) and, for the temporal classes, how
// many nanoseconds one stored unit is.
//
// Operations consult [Of] instead of switching on Arrow types each in
// its own way, so that every operation accepts the same set of types and a
// new type is one row of the table. Kernels that must run per storage type
// for speed are written once as generic functions over the storage's Go
// type; the switches that pick an instantiation for a storage are
// generated from the storage list in gen/main.go (`go generate`), so a
// new storage is one line there:
//
//	layout   classes                          storage
//	null     null                             none
//	bits     bool                             Bool (bit-packed)
//	fixed    signed, unsigned, float,         Int8..Uint64, Float16..Float64,
//	         date, time, timestamp, duration, Int32/Int64 (temporal, decimal32/64),
//	         interval, decimal, fixed binary  DayTime, MonthDayNano, Decimal128/256,
//	                                          FixedBytes
//	offsets  string, binary (large: 8-byte)   Offsets32, Offsets64
//	view     string, binary                   View
//	dict     the dictionary's value class     the index storage
//
// Readers turn any array of a class into one Go slice type
// ([Int64s], [Uint64s], [Float64s]) or item accessors ([Bytes],
// [Strings], [Getter]), and [Convert] casts numeric arrays between
// storages without losing a value. The package imports only arrow-go.
package dtype

//go:generate go run ./gen -out dispatch.gen.go
