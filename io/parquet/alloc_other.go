//go:build !linux

package parquet

import "github.com/apache/arrow-go/v18/arrow/memory"

func newReadAllocator() memory.Allocator { return memory.DefaultAllocator }
