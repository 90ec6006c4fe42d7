package arrowcheck

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"

	"github.com/apache/arrow-go/v18/arrow/ipc"
	"github.com/apache/arrow-go/v18/arrow/memory"
)

// messageReader reads the messages of an IPC stream for arrow-go's
// stream reader (ipc.NewReaderFromMessageReader), in place of arrow-go's
// own message reader, which allocates a message's metadata and body at
// the lengths the input declares before reading them (a 2 KB input can
// ask for gigabytes) and decodes the metadata unchecked. Here each part
// is read as it arrives, memory growing with the bytes actually read,
// and the metadata is checked ([Message]) before arrow-go sees it.
type messageReader struct {
	r       io.Reader
	mem     memory.Allocator
	maxMeta int
	maxBody int64
	msg     *ipc.Message
	refs    int
	views   views // of the stream's schema, once read
}

// NewMessageReader returns an ipc.MessageReader of the stream r: messages
// whose metadata is at most maxMeta bytes and body at most maxBody bytes,
// each checked by [Message], bodies allocated from mem.
func NewMessageReader(r io.Reader, mem memory.Allocator, maxMeta int, maxBody int64) ipc.MessageReader {
	return &messageReader{r: r, mem: mem, maxMeta: maxMeta, maxBody: maxBody, refs: 1}
}

// Retain and Release count the reader's users, as arrow-go's do; the last
// Release gives up the current message.
func (m *messageReader) Retain() { m.refs++ }

// Release gives up one reference (see Retain).
func (m *messageReader) Release() {
	m.refs--
	if m.refs == 0 && m.msg != nil {
		m.msg.Release()
		m.msg = nil
	}
}

// Message reads the next message; io.EOF at the end-of-stream marker or
// the end of the input. The message is valid until the next call.
func (m *messageReader) Message() (*ipc.Message, error) {
	if m.msg != nil {
		m.msg.Release()
		m.msg = nil
	}
	var head [4]byte
	if _, err := io.ReadFull(m.r, head[:]); err != nil {
		if errors.Is(err, io.ErrUnexpectedEOF) {
			return nil, fmt.Errorf("message framing: %w", err)
		}
		return nil, err // io.EOF: the stream ends without a marker
	}
	size := binary.LittleEndian.Uint32(head[:])
	switch size {
	case 0:
		return nil, io.EOF
	case 0xFFFFFFFF:
		if _, err := io.ReadFull(m.r, head[:]); err != nil {
			return nil, fmt.Errorf("message length: %w", unexpected(err))
		}
		size = binary.LittleEndian.Uint32(head[:])
		if size == 0 {
			return nil, io.EOF
		}
	}
	if int32(size) < 4 || int(size) > m.maxMeta {
		return nil, fmt.Errorf("message metadata length %d outside 4..%d", int32(size), m.maxMeta)
	}
	meta, err := readGrowing(m.r, int64(size), memory.DefaultAllocator)
	if err != nil {
		return nil, fmt.Errorf("message metadata of %d bytes: %w", size, err)
	}
	defer meta.Release()
	body, err := message(meta.Bytes(), -1, &m.views)
	if err != nil {
		return nil, err
	}
	if body > m.maxBody {
		return nil, fmt.Errorf("message body of %d bytes exceeds the limit of %d", body, m.maxBody)
	}
	buf, err := readGrowing(m.r, body, m.mem)
	if err != nil {
		return nil, fmt.Errorf("message body of %d bytes: %w", body, err)
	}
	defer buf.Release()
	m.msg = ipc.NewMessage(meta, buf)
	return m.msg, nil
}

// readGrowing reads n bytes of r into a buffer of mem that grows as the
// bytes arrive (by doubling from 64 KiB), so that a corrupt length on a
// short input costs what the input holds, not what it declares.
func readGrowing(r io.Reader, n int64, mem memory.Allocator) (*memory.Buffer, error) {
	buf := memory.NewResizableBuffer(mem)
	have := int64(0)
	for have < n {
		next := min(n, max(2*have, 64<<10))
		buf.Resize(int(next))
		if _, err := io.ReadFull(r, buf.Bytes()[have:next]); err != nil {
			buf.Release()
			return nil, unexpected(err)
		}
		have = next
	}
	if n == 0 {
		buf.Resize(0)
	}
	return buf, nil
}

// unexpected turns the end of the input inside a message into
// io.ErrUnexpectedEOF.
func unexpected(err error) error {
	if errors.Is(err, io.EOF) {
		return io.ErrUnexpectedEOF
	}
	return err
}
