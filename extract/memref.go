package extract

import (
	"bufferlog/facts"
	"bufferlog/ir"
)

// The memory model of memref IR: what each op does with the memory of
// its memref operands, as its MemoryEffectOpInterface says upstream
// (mlir/include/mlir/Dialect/MemRef/IR/MemRefOps.td,
// Vector/IR/VectorOps.td, Affine/IR/AffineOps.td,
// Linalg/IR/LinalgInterfaces.cpp getGenericEffectsImpl,
// Bufferization/IR/BufferizationOps.td). Structured linalg ops, which
// read their ins and write their outs, are found by their family's
// layout instead.

// effect is one access of an op to the memory of one memref operand.
type effect struct {
	operand int
	kind    string
}

const (
	readEffect    = "/read"
	writeEffect   = "/write"
	freeEffect    = "/free"
	unknownEffect = "/unknown"
)

var memrefEffects = map[string][]effect{
	"memref.load":               {{0, readEffect}},
	"memref.store":              {{1, writeEffect}},
	"memref.copy":               {{0, readEffect}, {1, writeEffect}},
	"memref.dealloc":            {{0, freeEffect}},
	"memref.realloc":            {{0, readEffect}, {0, freeEffect}},
	"memref.atomic_rmw":         {{1, readEffect}, {1, writeEffect}},
	"memref.generic_atomic_rmw": {{0, readEffect}, {0, writeEffect}},
	"affine.load":               {{0, readEffect}},
	"affine.store":              {{1, writeEffect}},
	"vector.load":               {{0, readEffect}},
	"vector.store":              {{1, writeEffect}},
	"vector.transfer_read":      {{0, readEffect}},
	"vector.gather":             {{0, readEffect}},
	"vector.scatter":            {{0, writeEffect}},
	"vector.transfer_write":     {{1, writeEffect}},
	"bufferization.to_tensor":   {{0, readEffect}},
	"bufferization.clone":       {{0, readEffect}},
	// memref.reshape reads its shape operand; operand 0 is viewed.
	"memref.reshape": {{1, readEffect}},
}

// memrefViewOps return a view of their memref operand 0 (for
// builtin.unrealized_conversion_cast: a memref under another type).
var memrefViewOps = setOf("memref.subview", "memref.cast", "memref.memory_space_cast", "memref.reinterpret_cast",
	"memref.collapse_shape", "memref.expand_shape", "memref.view", "memref.reshape", "memref.transpose",
	"memref.assume_alignment", "builtin.unrealized_conversion_cast", "arith.index_cast")

// IsMemrefView reports whether ops named name return a view of their
// memref operand 0, as the memory model takes them.
func IsMemrefView(name string) bool { return memrefViewOps[name] }

// memrefNoAccess are the ops that take memrefs without touching their
// memory (metadata, hints), or that pass them on to where the rules
// follow them: calls of functions of the module, returns, branches,
// region ops and their terminators, and arith.select.
var memrefNoAccess = setOf("memref.dim", "memref.rank", "memref.extract_strided_metadata",
	"memref.extract_aligned_pointer_as_index", "memref.prefetch", "func.return", "cf.br", "cf.cond_br", "cf.switch",
	"scf.yield", "scf.condition", "affine.yield", "shape.assuming_yield", "arith.select")

// memrefModel emits the memory effects of op on its memref operands and
// the views it makes.
func (x *extractor) memrefModel(op *ir.Operation, O facts.Value, fam *family) {
	if memrefViewOps[op.Name] && op.NumResults() == 1 && op.NumOperands() > 0 && ir.IsMemRef(op.Result(0).Type()) {
		x.out.add(facts.MemrefView, x.valueID(op.Result(0)), x.valueID(op.Operand(0)))
	}
	emit := func(i int, kind string) {
		if i < op.NumOperands() && ir.IsMemRef(op.Operand(i).Type()) {
			x.out.add(facts.MemrefEffect, O, num(i), x.name(kind))
		}
	}
	if effects, ok := memrefEffects[op.Name]; ok {
		for _, e := range effects {
			emit(e.operand, e.kind)
		}
		return
	}
	switch {
	case memrefViewOps[op.Name] || memrefNoAccess[op.Name] || fam != nil && fam.flow != noFlow:
		return
	case op.Name == "func.call":
		if _, ok := x.callee(op); ok {
			return
		}
	case fam != nil && fam.layout != nil && fam.model != nil && fam.model.writes.pick == pickInits:
		// A destination-style op: it writes its inits (and reads them if
		// its payload uses them) and reads the other operands.
		inits, _ := fam.layout(op)
		for i := range op.NumOperands() {
			if inits.has(i) {
				emit(i, writeEffect)
				if payloadUses(op, i) {
					emit(i, readEffect)
				}
			} else {
				emit(i, readEffect)
			}
		}
		return
	}
	for i := range op.NumOperands() {
		emit(i, unknownEffect)
	}
}

// global emits what the rules know of globals: which are constant, and
// which global each memref.get_global reads.
func (x *extractor) global(op *ir.Operation) {
	switch op.Name {
	case "memref.global":
		if op.Inherent("constant") != nil {
			x.out.add(facts.ConstantGlobal, x.str(ir.SymbolName(op)))
		}
	case "memref.get_global":
		if ref, ok := op.Inherent("name").(*ir.SymbolRefAttr); ok && len(ref.Nested) == 0 && op.NumResults() == 1 {
			x.out.add(facts.GlobalRef, x.valueID(op.Result(0)), x.str(ref.Root))
		}
	}
}
