//go:build unix

package display

import (
	"os"
	"testing"

	"golang.org/x/sys/unix"
)

// terminalWidth is the width of the terminal on standard output, or 80
// when standard output is not a terminal (a pipe, a file) or the program
// is a test (go test in a package directory runs tests on the terminal;
// golden outputs must not depend on its width).
func terminalWidth() int {
	if testing.Testing() {
		return fallbackWidth
	}
	ws, err := unix.IoctlGetWinsize(int(os.Stdout.Fd()), unix.TIOCGWINSZ)
	if err != nil || ws.Col == 0 {
		return fallbackWidth
	}
	return int(ws.Col)
}
