// Package azblob lets structframe's readers, writers, scans and datasets
// take azblob:// URLs (Azure Blob Storage) through gocloud.dev/blob's
// azureblob driver. Import it for its effect, beside io/remote:
//
//	import _ "github.com/structframe/structframe/io/remote/azblob"
//
// then parquet.ReadFile("azblob://container/events/x.parquet").
// Credentials come from the environment as the Azure SDK reads them
// (AZURE_STORAGE_ACCOUNT with AZURE_STORAGE_KEY or a SAS token, or
// Azure's default credential chain); the URL's query takes gocloud's
// parameters (domain, protocol, localemu for Azurite). Ranged reads,
// retries, timeouts, uploads and listings are io/remote's, as for s3://.
//
// It is a module of its own so that a program or a build of structframe
// that reads no azblob:// URL links none of the Azure SDK.
package azblob

import (
	_ "gocloud.dev/blob/azureblob" // azblob://

	"github.com/structframe/structframe/io/remote"
)

func init() { remote.Register("azblob") }
