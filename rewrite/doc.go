// Package rewrite applies the decisions of the analysis to the IR.
//
// So far it writes them as annotations (Annotate): the attributes that
// MLIR's One-Shot Bufferize writes in its test-analysis-only mode, so that
// bufferlog's decisions can be compared with mlir-opt's operand by
// operand. The rewrite to memref IR (tensors become memrefs, out-of-place
// operands get an allocation and a copy, deallocations go where the rules
// place them) is the next step.
//
// # Data flow
//
//	ir.Module + extract.Names + solve.Decisions + Summary --Annotate--> annotated ir.Module
//
// Decisions are keyed by the op and value ids of the fact schema;
// extract.Names maps them back to the ops and values of the module.
package rewrite
