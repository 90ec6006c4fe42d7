package main

import (
	"os"
	"os/signal"
	"sync"
	"syscall"
)

// temps are the temporary files being written, removed if the command
// is interrupted (Ctrl-C) or terminated before it renames them: a
// deferred removal does not run when a signal ends the process.
var temps struct {
	sync.Mutex
	paths   map[string]bool
	watched bool
}

// removeOnSignal registers a temporary file for removal on an interrupt
// or termination signal, and returns the function that forgets it (once
// it is renamed or removed).
func removeOnSignal(path string) (forget func()) {
	temps.Lock()
	defer temps.Unlock()
	if temps.paths == nil {
		temps.paths = map[string]bool{}
	}
	temps.paths[path] = true
	if !temps.watched {
		temps.watched = true
		ch := make(chan os.Signal, 1)
		signal.Notify(ch, os.Interrupt, syscall.SIGTERM)
		go func() { onSignal(<-ch) }()
	}
	return func() {
		temps.Lock()
		delete(temps.paths, path)
		temps.Unlock()
	}
}

// exitOnSignal ends the process after a signal; a test replaces it.
var exitOnSignal = os.Exit

// onSignal removes the temporary files and exits as a shell reports a
// process killed by the signal: 128 + its number.
func onSignal(sig os.Signal) {
	temps.Lock()
	for path := range temps.paths {
		os.Remove(path)
	}
	temps.paths = nil
	temps.Unlock()
	code := 130 // SIGINT
	if sig == syscall.SIGTERM {
		code = 143
	}
	exitOnSignal(code)
}
