// Package gcs lets structframe's readers, writers, scans and datasets
// take gs:// URLs (Google Cloud Storage) through gocloud.dev/blob's
// gcsblob driver. Import it for its effect, beside io/remote:
//
//	import _ "github.com/structframe/structframe/io/remote/gcs"
//
// then parquet.ReadFile("gs://bucket/events/x.parquet"). Credentials are
// Google's Application Default Credentials (GOOGLE_APPLICATION_CREDENTIALS,
// gcloud's, or the metadata server's); the URL's query takes gocloud's
// parameters (access_id, private_key_path, anonymous). Ranged reads,
// retries, timeouts, uploads and listings are io/remote's, as for s3://.
//
// It is a module of its own so that a program or a build of structframe
// that reads no gs:// URL links none of the Google SDK (its gRPC, xDS and
// OpenTelemetry packages double the command's start-up work).
package gcs

import (
	_ "gocloud.dev/blob/gcsblob" // gs://

	"github.com/structframe/structframe/io/remote"
)

func init() { remote.Register("gs") }
