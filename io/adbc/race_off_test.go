//go:build !race

package adbc

// raceEnabled: the tests run under the race detector.
const raceEnabled = false
