// Package rewrite will apply the derived decisions to the IR: tensors
// become memrefs, out-of-place operands get an allocation and a copy, and
// deallocations are inserted where the rules place them.
//
// Status: not implemented yet (the rewrite issue).
package rewrite
