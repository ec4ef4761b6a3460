// Package rewrite applies the decisions of the analysis to the IR, in two
// ways; before the analysis, ReplaceEmpty applies those of empty-tensor
// elimination (rules/empty.mg) to the tensor IR.
//
// Annotate writes them as the attributes MLIR's One-Shot Bufferize writes
// in its test-analysis-only mode, so that bufferlog's decisions can be
// compared with mlir-opt's operand by operand.
//
// Bufferize rewrites the tensor IR into memref IR. It decides nothing: a
// Plan answers, per tensor operand of the input, whether it is in place
// (the driver's inplace facts), whether an out-of-place operand's new
// buffer needs a copy of the old contents (copy_contents) and whether a
// loop need not carry an iter_arg (drop_iter_arg); NewPlan reads these
// from the facts the rules derived (rules/decisions.mg).
//
// # Data flow
//
//	extract.Names (of the ir.Module) + Decisions + Summary --Annotate--> annotated ir.Module
//	ir.Module + Plan (NewPlan: Decisions + derived facts) --Bufferize--> memref ir.Module
//	memref ir.Module --driver.PlanDeallocation (rules/dealloc*.mg; Clone)--> facts --Deallocate--> memref ir.Module with frees
//
// Decisions are what the analysis (package driver) hands over: plain data,
// so that rewrite depends on no evaluation. driver.PlanDeallocation
// evaluates the deallocation rules on the memref module until they
// settle, inserting with Clone the copies they ask for (needs_clone).
// Deallocate then applies what they derived: it inserts each
// memref.dealloc where a dealloc_* fact places it (a free on a branch's
// edge, dealloc_on_branch, on a new block that splits the edge), and for
// each move
// (moves) drops the copy, the memref.alloc of its target and the
// memref.dealloc of its source, the target's uses reading the source.
//
// # How Bufferize works
//
// Functions are rewritten callees first, so that a call's result types are
// the callee's rewritten ones. Within a function, each block's ops are
// rewritten in order into a new op list (ir.Block.SetOps), so inserting
// ops costs nothing per op. A map gives every tensor value its buffer.
// Ops that only read or create tensors are replaced (tensor.extract by
// memref.load, tensor.empty by memref.alloc, constants by memref.global);
// ops whose results alias operands map the results to the operands'
// buffers (tensor.insert, extract_slice as a subview, linalg ops rebuilt
// on memrefs without results); ops with regions keep their ops and change
// their values' types in place (scf.for iter_args, scf.if results, cf
// block arguments), remembering each retyped value's tensor type. Every
// tensor operand goes through operandBuffer, which is the one place the
// decisions act: in place, the value's buffer; out of place, memref.alloc
// and, if the plan says so, memref.copy.
//
// Types: function boundaries follow the Layout option (MLIR's
// function-boundary-type-conversion). Values carried across control flow
// (iter_args, block arguments, results of scf.if typed by different
// yields) get a fully dynamic strided layout, to which every buffer of the
// shape casts safely; a buffer that must have the identity layout and does
// not is copied. Subviews get the type MLIR infers, rank reduction
// included.
//
// Replaced tensor ops are discarded at the end, when nothing uses their
// results any more; block arguments that no longer carry anything
// (dropped iter_args, scf.forall outputs) are erased then too.
package rewrite
