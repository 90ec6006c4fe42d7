//go:build !linux

package lazy

// physicalMemory is the machine's memory in bytes, 0 if unknown.
func physicalMemory() int64 { return 0 }
