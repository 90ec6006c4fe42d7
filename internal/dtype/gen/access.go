package main

// accessTmpl is the part of dispatch.gen.go that gives item accessors and
// sort keys per numeric storage; Generate appends it to tmpl.
const accessTmpl = `
// Int64At returns the accessor of item i as int64 for an array of a
// numeric storage (a dictionary's: its indices), converted as Int64s
// converts; ok is false for other storages. The type is resolved once:
// an item costs a call and a load.
func Int64At(a arrow.ArrayData) (at func(i int) int64, ok bool) {
	switch Of(a.DataType()).Storage {
{{- range .}}
	case Storage{{.Name}}:
		vals := Values[{{.Go}}](a)
{{- if .Float16}}
		return func(i int) int64 { return int64(vals[i].Float32()) }, true
{{- else}}
		return func(i int) int64 { return int64(vals[i]) }, true
{{- end}}
{{- end}}
	}
	return nil, false
}

// Uint64At is Int64At for uint64: negative items wrap.
func Uint64At(a arrow.ArrayData) (at func(i int) uint64, ok bool) {
	switch Of(a.DataType()).Storage {
{{- range .}}
	case Storage{{.Name}}:
		vals := Values[{{.Go}}](a)
{{- if .Float16}}
		return func(i int) uint64 { return uint64(vals[i].Float32()) }, true
{{- else}}
		return func(i int) uint64 { return uint64(vals[i]) }, true
{{- end}}
{{- end}}
	}
	return nil, false
}

// Float64At is Int64At for float64: integers above 2^53 round.
func Float64At(a arrow.ArrayData) (at func(i int) float64, ok bool) {
	switch Of(a.DataType()).Storage {
{{- range .}}
	case Storage{{.Name}}:
		vals := Values[{{.Go}}](a)
{{- if .Float16}}
		return func(i int) float64 { return float64(vals[i].Float32()) }, true
{{- else}}
		return func(i int) float64 { return float64(vals[i]) }, true
{{- end}}
{{- end}}
	}
	return nil, false
}

// SortKeys returns the items of a, an array of a numeric storage, as
// uint64 sort keys (see sortkey.go): the array's own slice for uint64,
// else keys written into dst (grown as needed). ok is false for other
// storages.
func SortKeys(a arrow.ArrayData, dst []uint64) (keys []uint64, ok bool) {
	switch Of(a.DataType()).Storage {
{{- range .}}
	case Storage{{.Name}}:
{{- if .Float16}}
		return sortKeysFloat16(Values[float16.Num](a), dst), true
{{- else}}
		return sortKeys(Values[{{.Go}}](a), dst), true
{{- end}}
{{- end}}
	}
	return nil, false
}
`
