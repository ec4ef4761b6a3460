// Package facts will own bufferlog's relational database: the schema that
// declares every extensional and derived predicate, dense integer ids for
// ops, values, blocks, regions and functions with a symbol table back to
// SSA names and source locations, and column-wise relation storage with
// roaring-bitmap indexes.
//
// Data flow: extract fills a fact database from ir; solve evaluates the
// rules over it; rewrite and the explain commands read derived relations
// back through the id symbol table.
//
// Status: not implemented yet (the facts and engine issue); this file
// fixes the package's place in the layout.
package facts
