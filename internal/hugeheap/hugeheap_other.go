//go:build !linux

package hugeheap

// Reserve does nothing where the kernel's transparent huge pages are not
// known: it reports false.
func Reserve(n int) bool { return false }
