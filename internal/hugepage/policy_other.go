//go:build !linux

package hugepage

// Wanted reports whether the package asks for huge pages: only Linux has
// them to ask for.
func Wanted() bool { return false }
