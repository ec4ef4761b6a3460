// Package extract lowers an ir.Module to facts: the extensional relations
// of the IR schema declared in package facts, which the rules read.
//
// It owns two things: the walk that turns IR structure into facts (ops,
// values and their types, uses, blocks and regions, branch and
// region-branch edges, calls, dominance in interval form), and the memory
// model of every op, which says what MLIR's BufferizableOpInterface says
// about it (reads, writes, in-place constraints, aliases, allocations,
// writability, repetitive and parallel regions, element-wise access, slice
// subsets).
//
// # Data flow
//
//	ir.Module --Module--> *facts.DB + *Names
//	ir.Module --Functions--> []*facts.DB (module level, then one per function) + *Names
//	ir.Module --Split--> *Parts (Names, call graph) --Extract(i)--> part i's *facts.DB
//
// Ids are dense numbers per kind (ops, values, blocks, regions), given in
// walk order: an op, its results, then its regions, each region's blocks,
// each block's arguments and ops. The module op is op 0. A function is
// identified by its func.func op. Names maps ids back to the IR, to
// printer-style names (%x, ^bb1, @f) and to file:line:col.
//
// Module works in three steps. A counting pass gives each top-level op (a
// function, usually) its range of ids. Then each top-level op is numbered
// and extracted on its own, into a batch of rows, with its own value-to-id
// map: functions are isolated from above, so the only values a function
// uses without defining them are results of other top-level ops, which the
// module scope maps. Options.Workers extracts several at once. Batches are
// added to the DB in module order, so the DB does not depend on the
// schedule. A block of thousands of ops (a large function's body) is cut
// the same way into runs of ops, each extracted from the ids the ops
// before it take, and added in order.
//
// Functions runs the same steps but adds each piece's facts to a DB of
// its own (top-level ops that use each other's results share one), and
// the module op's facts to a first DB: the same facts and ids as Module's,
// split so that rules that never join two functions can be evaluated on
// each function alone (see solve's Program.FunctionLocal). Only the
// predicates marked facts.Predicate.CrossFunction have facts that hold
// ids of two parts.
//
// Split stops after the counting and numbering: its Parts extracts each
// part on demand, any number at once, so that a module's analysis
// (driver.AnalyzeParts) need not wait for every part, nor hold them all.
// What the analysis needs up front comes from the numbering, which
// visits every op: Names, and the call graph (each part's func.func ops
// and the functions its func.call ops call, resolved as the call facts
// are, in the order of those facts). Functions is Split with every part
// extracted. Whatever the order of extraction, Err gives Module's error:
// that of the first top-level op in module order that fails.
//
// # Memory models
//
// The model table (model.go) has one row per op family: tensor,
// bufferization, linalg (every structured op, softmax, pack, unpack), scf,
// func, arith, vector, cf, shape, affine. Each row names the upstream
// llvm-project file whose implementation it follows. A model is data (a
// model value: selected operands and results, alias targets, conditions)
// that one interpreter turns into facts. Ops without a model that have
// tensor operands, results or block arguments get MLIR's conservative
// default and an unknown_op fact. Calls to functions of the module get no
// memory facts: the rules derive them from the callee.
//
// Memref IR has a model of its own (memref.go), for bufferlog check: what
// each op does with the memory of its memref operands (memref_effect:
// read, write, free, or unknown for ops without a model), which results
// are views of an operand (memref_view), and which globals are constant.
// Structured linalg ops on memrefs read their ins and write their outs,
// found by their family's layout.
//
// Users describe custom ops in op-model files (LoadOpModel), Mangle facts
// such as op_model_reads("mydialect.foo", 0), which replace the built-in
// model of the ops they name.
package extract
