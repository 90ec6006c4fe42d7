package ipc

// WithValidate(false) makes the readers trust the input's layout, for
// data from a trusted source (files this program wrote). By default
// (WithValidate(true)) every batch's layout is checked in full before it
// is handed out, at every depth: buffers as long as their arrays need,
// offsets of strings, binaries and lists never decreasing and within
// their data, struct children as long as their parent, dictionary
// indices within their dictionary, bitmaps and null counts agreeing
// (structured.Tensor.Validate). A file that fails is an error naming the
// file, the column (its field path) and the record batch. The bytes of
// strings are not read (UTF-8 is not checked, as Go strings do not
// need it), so the check costs a pass over the offsets and dictionary
// indices, O(rows), never over the values. Without it a read costs
// O(buffers), and a corrupt offset surfaces later as a wrong value or an
// out-of-range panic wherever the column is read. Reading.
func WithValidate(on bool) Option { return func(c *config) { c.noValidate = !on } }
