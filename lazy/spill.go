package lazy

import (
	"errors"
	"fmt"
	"io"
	"iter"
	"os"

	aipc "github.com/apache/arrow-go/v18/arrow/ipc"
	"github.com/structframe/structframe/frame"
)

// spillFile is a temporary file of frames written one after another,
// each an Arrow IPC stream of its own (so that frames of different
// nullability or dictionaries follow each other), read back in order.
//
// Where the system allows it (not Windows), the file is unlinked as soon
// as it is made: it is read and written through its descriptor only, no
// other program sees it, and its space is freed when it is closed. A
// query that stops early, a goroutine still spilling after Stream has
// returned, a process killed mid-sort: none leaves a file behind.
type spillFile struct {
	f        *os.File
	unlinked bool    // the name was removed at once
	ends     []int64 // where each frame's stream ends
	stats    *Stats
}

// newSpillFile makes a temporary file in the run's directory.
func newSpillFile(c *runConfig) (*spillFile, error) {
	f, err := os.CreateTemp(c.tempDir, "structframe-spill-*.arrows")
	if err != nil {
		return nil, fmt.Errorf("spilling to disk: %w", err)
	}
	c.stats.SpillFiles.Add(1)
	unlinked := os.Remove(f.Name()) == nil
	return &spillFile{f: f, unlinked: unlinked, stats: c.stats}, nil
}

// write appends fr.
func (s *spillFile) write(fr *frame.Frame) error {
	rec, err := fr.ToRecordBatch()
	if err != nil {
		return err
	}
	defer rec.Release()
	w := aipc.NewWriter(s.f, aipc.WithSchema(rec.Schema()))
	err = errors.Join(w.Write(rec), w.Close())
	end, serr := s.f.Seek(0, io.SeekCurrent)
	if err = errors.Join(err, serr); err != nil {
		return fmt.Errorf("spilling to %s: %w", s.f.Name(), err)
	}
	start := int64(0)
	if len(s.ends) > 0 {
		start = s.ends[len(s.ends)-1]
	}
	s.stats.SpilledBytes.Add(end - start)
	s.ends = append(s.ends, end)
	return nil
}

// frames reads the frames back, in the order written.
func (s *spillFile) frames() iter.Seq2[*frame.Frame, error] {
	return func(yield func(*frame.Frame, error) bool) {
		start := int64(0)
		for _, end := range s.ends {
			r, err := aipc.NewReader(io.NewSectionReader(s.f, start, end-start))
			if err != nil {
				yield(nil, fmt.Errorf("reading back %s: %w", s.f.Name(), err))
				return
			}
			for r.Next() {
				f := frame.FromRecordBatch(r.RecordBatch())
				if err := f.Err(); err != nil {
					r.Release()
					yield(nil, err)
					return
				}
				if !yield(f, nil) {
					r.Release()
					return
				}
			}
			err = r.Err()
			r.Release()
			if err != nil {
				yield(nil, fmt.Errorf("reading back %s: %w", s.f.Name(), err))
				return
			}
			start = end
		}
	}
}

// size is the bytes written.
func (s *spillFile) size() int64 {
	if len(s.ends) == 0 {
		return 0
	}
	return s.ends[len(s.ends)-1]
}

// remove closes and deletes the file (again: nothing).
func (s *spillFile) remove() {
	if s.f == nil {
		return
	}
	name := s.f.Name()
	s.f.Close()
	if !s.unlinked {
		os.Remove(name)
	}
	s.f = nil
}
