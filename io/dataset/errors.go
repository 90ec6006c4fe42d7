package dataset

import (
	"errors"
	"strings"

	"github.com/structframe/structframe/frame"
	"github.com/structframe/structframe/internal/sentinel"
	"github.com/structframe/structframe/structured"
)

// Sentinel errors, for errors.Is.
var (
	// ErrNoFiles: a glob matched no file, a list was empty, or a file
	// list named no file of the format.
	ErrNoFiles = errors.New("no files")
	// ErrConflict: two files give one field two types; a
	// structured.ErrSchema for errors.Is.
	ErrConflict = sentinel.New("schema conflict", structured.ErrSchema)
	// ErrPartition: a hive path or partition value that cannot be read, or
	// a partition column that cannot be written.
	ErrPartition = errors.New("partition")
	// ErrExists: Write into a directory that holds files, without
	// WithExisting saying what to do with them.
	ErrExists = errors.New("dataset exists")
	// ErrOption: an option out of range or options that contradict; a
	// frame.ErrArgument for errors.Is.
	ErrOption = sentinel.New("invalid option", frame.ErrArgument)
)

// Error is an error about one file or directory of a dataset: Op is what
// was done (Read, Open, Next, Write, Schema), Path the file, and Err the
// cause, the format reader's or writer's error as it said it. The message
// names the path once: after Op, unless the cause names it already (the
// format readers' errors do).
type Error struct {
	Op   string
	Path string
	Err  error
}

func (e *Error) Error() string {
	msg := e.Err.Error()
	if e.Path == "" || namesPath(msg, e.Path) {
		return "dataset: " + e.Op + ": " + msg
	}
	return "dataset: " + e.Op + " " + e.Path + ": " + msg
}

// namesPath reports whether msg names path whole: not as the start of a
// longer path (a directory's name before the name of a file in it).
func namesPath(msg, path string) bool {
	inPath := func(c byte) bool {
		return c == '/' || c == '\\' || c == '.' || c == '_' || c == '-' || c == '=' || c == '%' ||
			'0' <= c && c <= '9' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z'
	}
	for from := 0; ; {
		i := strings.Index(msg[from:], path)
		if i < 0 {
			return false
		}
		i += from
		end := i + len(path)
		if (i == 0 || !inPath(msg[i-1])) && (end == len(msg) || !inPath(msg[end]) || msg[end] == '.' && (end+1 == len(msg) || msg[end+1] == ' ')) {
			return true
		}
		from = i + 1
	}
}

// Unwrap returns the cause.
func (e *Error) Unwrap() error { return e.Err }
