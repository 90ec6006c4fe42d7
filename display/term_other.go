//go:build !unix

package display

// terminalWidth is COLUMNS when it is set, else 80: the terminal cannot
// be asked here.
func terminalWidth() int {
	if w, ok := columnsEnv(); ok && !underTest() {
		return w
	}
	return fallbackWidth
}
