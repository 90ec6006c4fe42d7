//go:build !unix

package display

// terminalWidth is 80 where the terminal cannot be asked.
func terminalWidth() int { return fallbackWidth }
