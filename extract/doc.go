// Package extract will lower ir to facts: values and their types, defs and
// uses, block and region nesting, block and region-branch edges, call
// edges, dominance in interval form, and the memory model of every op
// (which operands are read, written or only aliased, which results alias
// which operands, which values are not writable).
//
// Status: not implemented yet (the facts and engine issue).
package extract
