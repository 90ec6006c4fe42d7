package display

import (
	"flag"
	"os"
	"strconv"
)

// columnsEnv is the width the COLUMNS environment variable gives, if it
// holds a positive number.
func columnsEnv() (int, bool) {
	w, err := strconv.Atoi(os.Getenv("COLUMNS"))
	return w, err == nil && w > 0
}

// underTest reports whether the program is a go test binary (its flags
// are registered): tables then print at 80 cells whatever the terminal,
// so that golden outputs do not depend on where the tests run (go test in
// a package directory writes to the terminal). It asks the flag set
// rather than testing.Testing so that the package does not import
// testing.
func underTest() bool { return flag.Lookup("test.v") != nil }
