// Package remote lets every reader, writer, scan and dataset of
// structframe take URLs as well as paths. Importing it registers:
//
//   - s3:// (Amazon S3 and the stores that speak its protocol: MinIO,
//     Ceph, Cloudflare R2, and Google Cloud Storage's interoperability
//     endpoint) through gocloud.dev/blob, one portable API over the
//     clouds' own SDKs;
//   - file:// and mem:// through the same code (mem:// buckets live as
//     long as the process, one per name);
//   - http:// and https:// for reading single files, by ranged GET
//     requests.
//
// gs:// (Google Cloud Storage) and azblob:// (Azure Blob Storage) are
// the modules github.com/structframe/structframe/io/remote/gcs and
// .../io/remote/azblob, imported the same way: each links its cloud's
// SDK, which a program reading S3 or local files does without. [Register]
// adds any other scheme gocloud.dev/blob has a driver for.
//
// Import it for its effect:
//
//	import _ "github.com/structframe/structframe/io/remote"
//
// then parquet.ReadFile("s3://bucket/events/x.parquet?region=eu-west-1")
// or dataset.Scan("s3://bucket/events/year=2025/**/*.parquet").
//
// A URL's query configures its store as gocloud.dev documents it:
// for s3, region, endpoint (an S3-compatible server), use_path_style,
// disable_https, profile, anonymous. Credentials come from the environment and the standard
// configuration files, as each cloud's SDK reads them, and never appear
// in messages. Two parameters are structframe's own and work for every
// scheme: request_timeout (each request's limit, or the longest wait for
// bytes of a streamed read; 30s by default) and max_attempts (requests
// made for one read before an error; 5 by default, with exponential
// backoff between them).
//
// What the readers do over a URL: a Parquet scan reads the footer (one
// request for the last 64 KiB) and then only the column chunks of the
// row groups its plan keeps, the close ones coalesced into one request,
// several requests at once; an Arrow file reads its footer and the
// batches it needs; CSV and NDJSON stream through one request, resumed
// where a connection broke. A dataset lists its prefix directory by
// directory, several at once, pruning hive partitions and hidden
// directories before they are listed, and opens no object a filter rules
// out. Writes upload in parts; a failed or cancelled write leaves nothing
// at the key.
//
// The package is separate so that programs reading local files link no
// cloud SDK.
package remote
