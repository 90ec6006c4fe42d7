//go:build unix

package display

import (
	"os"

	"golang.org/x/sys/unix"
)

// terminalWidth is the width of the terminal on standard output: COLUMNS
// when it is set (also through a pipe, as `COLUMNS=150 cmd | less`), else
// the terminal's own size, else 80 (a pipe, a file, or a test: see
// underTest).
func terminalWidth() int {
	if underTest() {
		return fallbackWidth
	}
	if w, ok := columnsEnv(); ok {
		return w
	}
	ws, err := unix.IoctlGetWinsize(int(os.Stdout.Fd()), unix.TIOCGWINSZ)
	if err != nil || ws.Col == 0 {
		return fallbackWidth
	}
	return int(ws.Col)
}
