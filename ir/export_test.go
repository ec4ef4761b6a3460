package ir

import "strings"

// ParseCountingChunks is ParseWith that also returns how many blocks it
// parsed in chunks.
var ParseCountingChunks = parse

// SetChunkSizes sets the least sizes of a chunked block and of a chunk,
// and returns the function that restores them.
func SetChunkSizes(block, chunk int) (restore func()) {
	oldBlock, oldChunk := minChunkedBlock, minChunk
	minChunkedBlock, minChunk = block, chunk
	return func() { minChunkedBlock, minChunk = oldBlock, oldChunk }
}

// PrintRuns returns how many runs Print cuts ops into when it prints them
// on several goroutines; 0 if it prints them on one.
func PrintRuns(ops []*Operation) int { return len(printRuns(ops)) }

// KnownOps returns the names of the ops with a custom syntax that begin
// with prefix.
func KnownOps(prefix string) []string {
	var names []string
	for name := range syntaxes {
		if strings.HasPrefix(name, prefix) {
			names = append(names, name)
		}
	}
	return names
}
