package parquet

import (
	"io"

	"github.com/apache/arrow-go/v18/parquet/metadata"

	"github.com/structframe/structframe/internal/store"
)

// prefetchChunks asks a remote source for the column chunks of the row
// groups and leaf columns about to be read (of a leaf in pages, only its
// data pages listed there), all at once: the store
// coalesces neighbouring chunks into one request and makes the requests
// together, so that the page checks and the decoders that follow read
// from memory. A local source has nothing to do.
func prefetchChunks(src io.ReaderAt, fm *metadata.FileMetaData, groups, leaves []int, pages map[int][]pageSpan) error {
	if !store.Remote(src) {
		return nil
	}
	var ranges []store.Range
	for _, g := range groups {
		rg := fm.RowGroup(g)
		for _, i := range leaves {
			if spans, ok := pages[i]; ok {
				for _, sp := range spans {
					if !sp.dict {
						ranges = append(ranges, store.Range{Offset: sp.offset, Length: sp.size})
					}
				}
				continue
			}
			cc, err := rg.ColumnChunk(i)
			if err != nil {
				return nil // checkChunks says what is wrong
			}
			start, n := cc.DataPageOffset(), cc.TotalCompressedSize()
			if dict := cc.DictionaryPageOffset(); cc.HasDictionaryPage() && dict > 0 && dict < start {
				start = dict
			}
			if fm.WriterVersion().LessThan(metadata.Parquet816FixedVersion) {
				n += 100 // see checkChunks
			}
			ranges = append(ranges, store.Range{Offset: start, Length: n})
		}
	}
	return store.Prefetch(src, ranges)
}
