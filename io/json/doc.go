// Package json reads JSON (one document, an array of records, or NDJSON)
// into structframe Tensors: a hand-written tokenizer drives the streaming
// structured.Builder token by token, so no record is ever decoded into a
// map[string]any. Malformed input is a *SyntaxError naming the line, the
// column and the byte offset.
package json
