//go:build !noremote

package main

// The command reads and writes URLs as well as paths: s3://, gs://,
// azblob://, file://, mem:// and, for reading, http(s)://.
import _ "github.com/structframe/structframe/io/remote"
