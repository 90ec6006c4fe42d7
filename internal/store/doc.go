// Package store is the one seam between the readers and writers and the
// places files live: local paths, and objects behind URLs (s3://, gs://,
// azblob://, file://, mem://, http(s)://).
//
// A local path is opened with the os package, as it always was, so that
// readers keep their memory mappings. A URL is opened through the
// [Backend] registered for its scheme; the package registers none itself,
// so that a program reading local files links no cloud SDK. Package
// io/remote registers the gocloud.dev/blob backends and plain HTTP.
//
// What a backend gives is small (a ranged read, the size, a writer, a
// listing); this package adds what every reader needs on top of it:
//
//   - [File]: random access (ReadAt, split into ranges fetched at once),
//     sequential reading (one streamed request, resumed where it broke),
//     a speculative read of the tail (Parquet and Arrow footers), and
//     [File.Prefetch] of many ranges coalesced into few requests;
//   - retries with exponential backoff of throttling, 5xx answers and
//     broken connections, a per-request timeout, and cancellation through
//     the context;
//   - errors that name the URL (credentials removed), the object and the
//     byte range;
//   - [WriteFile]: an object appears at its key only when complete;
//   - [Walk]: a listing paged by the backend, prefixes listed
//     concurrently, directories pruned by the caller before they are
//     listed.
package store
