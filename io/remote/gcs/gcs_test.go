package gcs_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/structframe/structframe/internal/store"
	_ "github.com/structframe/structframe/io/remote/gcs"
)

// TestRegistered: gs:// URLs open through the gcsblob driver (here
// anonymously, on a machine whose requests to Google fail), not refused
// for want of a backend.
func TestRegistered(t *testing.T) {
	if !strings.Contains(strings.Join(store.Schemes(), " "), "gs") {
		t.Fatalf("schemes: %v", store.Schemes())
	}
	ctx, cancel := context.WithTimeout(context.Background(), 20e9)
	defer cancel()
	_, err := store.Open(ctx, "gs://structframe-no-such-bucket/x.parquet?anonymous=true&max_attempts=1&request_timeout=5s")
	if err == nil {
		t.Skip("the bucket answered: this machine reaches Google")
	}
	if errors.Is(err, store.ErrNoBackend) || !strings.Contains(err.Error(), "gs://structframe-no-such-bucket/x.parquet") {
		t.Fatalf("err = %v", err)
	}
}
