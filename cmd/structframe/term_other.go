//go:build !unix

package main

import "os"

// isTerminal reports false where the terminal cannot be asked: no
// progress bar is drawn.
func isTerminal(*os.File) bool { return false }
