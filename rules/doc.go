// Package rules will embed bufferlog's Mangle Datalog rule files: alias and
// equivalence sets, read-after-write conflicts, non-writable buffers,
// critical aliases and dealloc positions. The rules are the source of
// truth for every decision; users can replace or extend them with --rules.
//
// Status: not implemented yet (the facts and engine issue).
package rules
