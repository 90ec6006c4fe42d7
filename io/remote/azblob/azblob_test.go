package azblob_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/structframe/structframe/internal/store"
	_ "github.com/structframe/structframe/io/remote/azblob"
)

// TestRegistered: azblob:// URLs open through the azureblob driver (here
// an emulator's address where nothing listens), not refused for want of
// a backend.
func TestRegistered(t *testing.T) {
	t.Setenv("AZURE_STORAGE_ACCOUNT", "devstoreaccount1")
	t.Setenv("AZURE_STORAGE_KEY", "Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==")
	ctx, cancel := context.WithTimeout(context.Background(), 20e9)
	defer cancel()
	_, err := store.Open(ctx, "azblob://c/x.parquet?localemu=true&domain=127.0.0.1:1&protocol=http&max_attempts=1&request_timeout=1s")
	if err == nil || errors.Is(err, store.ErrNoBackend) || !strings.Contains(err.Error(), "azblob://c/x.parquet") {
		t.Fatalf("err = %v", err)
	}
	t.Log(err)
}
