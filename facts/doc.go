// Package facts stores bufferlog's relations: interned values, tuples
// and the indexes the rule engine joins through, and declares the IR
// schema, the extensional predicates that extract fills and the rules
// read.
//
// # Schema
//
// schema.go is the one place that declares every extensional predicate: a
// Pred names it, its Predicate gives its columns, each with a Kind (op,
// value, block or region id, number, string, name), and a sentence saying
// what one fact means. Ids are dense numbers per kind in walk order, so
// they are stored as numbers; the column kind says which table an id
// belongs to. The predicates fall in six groups: structure (op,
// op_in_block, block_in_region, region_of, parent_op, op_last as a
// pre-order interval, func, func_arg,
// func_external, arg_access), values (value_type, unranked, memref_type,
// alloc_alignment, result, block_arg, use), control flow (successor,
// forward, region_entry, yield_to_arg, yield_to_result, call,
// return_op, region_branch, trip_count_unknown), dominance as intervals
// (block_dom, block_postdom: linear size, no pair tables), the memory
// model of MLIR's BufferizableOpInterface (reads, writes, must_inplace,
// read_through, aliases, maybe_alias, allocates, uninitialized,
// not_writable, repetitive, parallel, unknown_op, elementwise, subset),
// and that of memref IR, for the checker (memref_effect, memref_view,
// global_ref, constant_global, arg_not_writable).
// The predicates with one fact per id (op, op_in_block, result, use, ...)
// declare their keys, the columns no two of their facts share (an op's
// id; a block and a position in it): a relation extract fills says so
// (Relation.DeclareKeys), and the join planner takes a lookup on a key
// for one row instead of measuring it.
// Three predicates relate two functions, or a function and the module:
// call, and op_in_block and parent_op for top-level ops. They are marked
// CrossFunction; rules that read none of them, directly or through other
// rules, can be evaluated one function at a time. Decls renders the
// schema as Mangle declarations (Decl ... descr [doc(...), arg(...),
// extensional()] bound [...], with cross_function() among the
// descriptors of those three) for rule files to be compiled with;
// WriteTable renders it for people.
//
// # Values
//
// A Value is one Mangle constant in 64 bits. Numbers are stored as
// themselves, so the engine adds and compares them without decoding;
// they are limited to 63 bits ([MinNumber, MaxNumber]) so that the top
// two bits stay free for a tag. Names (/v/3) and strings carry the tag 01
// and an id issued by a Symbols table, which maps ids back to text. Two
// Values are equal exactly when the constants are, so joins and
// deduplication compare integers only.
//
// # Relations
//
// A Relation is an append-only set of tuples of one predicate, stored
// row-flat: the arity's values per row, one after the other. While every
// value a relation is given fits in 32 bits (a number in [0, 2^31), or a
// name or string whose symbol id is below 2^30), its rows hold 32-bit
// values, and 64-bit ones from the first that does not (rows.go): facts
// are mostly ids and positions, and packed rows take half the memory.
// Readers get values back as Values (At, AppendRow), never the storage.
// The engine
// reads and writes whole tuples (probe a key, bind every column, add a
// head tuple), so one contiguous row is one cache line or less, and a
// row id (its insertion index) is all a reader needs to keep; a column
// layout would only help scans of single columns, which we do not do.
// Row ids are dense and never change, which the engine relies on: the
// rows added in a round are a range of ids, the delta of semi-naive
// evaluation.
//
// Duplicates are rejected by an open-addressing hash set of row ids (a
// slot is 8 bytes: 32 hash bits and the row id), with no allocation per
// tuple. An Index on a list of columns maps each key to its newest row,
// and chains the rows of one key newest-first through a []uint32 indexed
// by row id; it is built on first request and updated by every Add. The
// newest-first order lets a reader that wants only rows below some id
// skip the newer ones and stop at the older ones. The chains (and each
// row's depth in its chain, which counts a key's rows) are stored only
// once some key has two rows: most indexes are on ids whose keys never
// repeat, and a row that is its key's only one needs no link.
//
// Roaring bitmaps were the suggested posting lists. With a handful of
// rows per key, as most keys hold, a bitmap per key is an allocation and
// a container per key, and took about twice the time of the chains
// (BenchmarkPostingLists; the figures are in docs/benchmarks.md). Bitmaps pay off for large sets of ids that are
// intersected or stored compactly; the solve benchmarks use one for the
// hand-written closure.
//
// # Ownership and data flow
//
// A DB owns its relations and shares one Symbols table, which several DBs
// may share (Symbols is safe for concurrent use; a DB and its relations
// are not, except that goroutines that only read a relation may build
// indexes on it, and that Tick may be called at once). extract fills a DB from the IR; solve reads the extensional
// relations and adds the derived ones to the same DB, creating indexes as
// its join plans need them; rewrite and the explain commands read derived
// relations back through At, AppendRow, Index and Symbols.
//
// A DB keeps its relations in a slice by PredID, a number that Intern
// gives each predicate (name and arity) once for the process: the rule
// engine numbers the predicates of a program when it compiles them and
// finds their relations in each DB by index (RelationOf), and Pred.In
// does the same for the schema's.
//
// A DB that is done with most of its relations drops them with Retain,
// or with Recycle, which also hands them to the relations made after, in
// any DB (spare.go): a small relation whole, emptied, with its indexes,
// to the next relation of its predicate; a large one's storage to any. A
// module analyzed function by function in DBs of their own reuses one
// function's relations for the next. Nothing read from a recycled
// relation may be used after. DropSpare lets all of it go, for a caller
// that makes no relations for a while.
package facts
