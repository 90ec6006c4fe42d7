//go:build !noremote

package main

// The command reads and writes URLs as well as paths: s3:// (Google Cloud
// Storage too, through its S3 interoperability endpoint), file://, mem://
// and, for reading, http(s)://. gs:// and azblob:// are the modules
// io/remote/gcs and io/remote/azblob, which a program of its own imports.
import _ "github.com/structframe/structframe/io/remote"
