package extract

import (
	"strings"

	"bufferlog/facts"
	"bufferlog/ir"
)

// A model is the memory model of an op, as MLIR's BufferizableOpInterface
// implementation for it answers: which tensor operands are read, written
// or must bufferize in place, which values they alias, and what is special
// about its results and regions. It is data, interpreted by
// extractor.memory; the built-in table and the op-model files both produce
// models. Only tensor operands, results and block arguments get facts, as
// MLIR queries the interface for tensors only.
type model struct {
	reads, writes, inPlace, elementwise sel
	// readThrough selects loop inits that are read exactly when the block
	// argument they initialize is read.
	readThrough sel
	aliases     []alias
	// Results that bufferize to a new allocation, have undefined contents,
	// or must not be written.
	allocates, uninitialized, notWritable sel
	// Regions that may run repeatedly, or in parallel.
	repetitive, parallel sel
	subset               bool // emit the subset key of a slice op
}

// sel selects operands, results or regions of an op by index.
type sel struct {
	pick pick
	n    int
	list []int
	// when, if set, further filters the selected indices.
	when func(op *ir.Operation, i int) bool
}

type pick uint8

const (
	pickNone   pick = iota
	pickAll         // every index
	pickAt          // index n
	pickFrom        // indices n and up
	pickInits       // the layout's inits (operands only)
	pickListed      // the indices in list
)

var (
	all   = sel{pick: pickAll}
	inits = sel{pick: pickInits}
)

func at(i int) sel   { return sel{pick: pickAt, n: i} }
func from(i int) sel { return sel{pick: pickFrom, n: i} }

// If restricts s to the indices that satisfy cond.
func (s sel) If(cond func(op *ir.Operation, i int) bool) sel {
	s.when = cond
	return s
}

// alias says that the selected operands alias some values.
type alias struct {
	from  sel
	to    target
	n     int    // the result for toResult; the first forwarded operand for toParentResult
	rel   string // "/equivalent" or "/unknown"
	maybe bool   // the alias holds on some executions only
}

type target uint8

const (
	toResult        target = iota // result n
	toTied                        // init k aliases result k
	toParentResult                // operand n+k of a terminator aliases result k of its parent
	toSuccessorArgs               // the block arguments a branch operand is passed to
)

const (
	equivalent = "/equivalent"
	unknown    = "/unknown"
)

// equiv is the most common alias: operand i is the same buffer as result 0.
func equiv(i int) alias { return alias{from: at(i), to: toResult, rel: equivalent} }

// dpsModel is the default of destination-style ops: every operand is read,
// inits are written and each is the same buffer as its tied result.
// (mlir/include/mlir/Dialect/Bufferization/IR/DstBufferizableOpInterfaceImpl.h)
var dpsModel = &model{reads: all, writes: inits, aliases: []alias{{from: inits, to: toTied, rel: equivalent}}}

// family is one row of the model table: how the ops it names split their
// operands, which region-branch edges they have, and their memory model
// (nil: MLIR's conservative default for ops without one).
type family struct {
	layout layout
	flow   flow
	model  *model
}

// layout finds an op's inits, the operands that destination-style ops
// write and loops carry, and says which argument of the entry block the
// first init initializes (loops only; -1 otherwise).
type layout func(op *ir.Operation) (inits span, firstArg int)

type span struct{ lo, hi int }

func (s span) has(i int) bool { return s.lo <= i && i < s.hi }

// flow is the kind of region-branch edges an op has.
type flow uint8

const (
	noFlow flow = iota
	// loopFlow: inits enter the body's iter_args; the body's yield feeds
	// the next iteration's iter_args and the results.
	loopFlow
	// whileFlow: inits enter the before-region; scf.condition feeds the
	// after-region and the results; the after-region's yield feeds the
	// before-region.
	whileFlow
	// forallFlow: shared outputs enter the body's block arguments.
	forallFlow
	// exitFlow: each region's yield feeds the results.
	exitFlow
)

// families maps op names to their family. Each group says which upstream
// file its model follows (paths in llvm-project); the models were written
// from reading those implementations, and checked against mlir-opt-22
// where the code was ambiguous.
var families = buildFamilies([]familyGroup{
	// mlir/lib/Dialect/Tensor/Transforms/BufferizableOpInterfaceImpl.cpp
	{names("tensor.cast", "tensor.expand_shape"), family{model: &model{aliases: []alias{equiv(0)}}}},
	// collapse_shape may have to copy its source, so it reads it.
	{names("tensor.collapse_shape"), family{model: &model{reads: at(0), aliases: []alias{equiv(0)}}}},
	// dim and rank read metadata only.
	{names("tensor.dim", "tensor.rank"), family{model: &model{}}},
	{names("tensor.empty"), family{model: &model{allocates: all, uninitialized: all}}},
	{names("tensor.extract_slice"), family{model: &model{aliases: []alias{{from: at(0), to: toResult, rel: unknown}}, subset: true}}},
	{names("tensor.extract"), family{model: &model{reads: at(0)}}},
	{names("tensor.from_elements", "tensor.generate", "tensor.splat"), family{model: &model{allocates: all}}},
	{names("tensor.insert"), family{layout: fixedInit(1), model: dpsModel}},
	// The destination of insert_slice is not read when the slice covers it.
	{names("tensor.insert_slice"), family{layout: fixedInit(1), model: &model{
		reads: all.If(notOverwritten), writes: inits, aliases: []alias{equiv(1)}, subset: true}}},
	{names("tensor.pad"), family{model: &model{reads: at(0), allocates: all}}},
	{names("tensor.parallel_insert_slice"), family{model: &model{reads: all, writes: at(1), subset: true}}},
	// reshape's result is its source's buffer; the shape is only read
	// (mlir-opt-22 finds the result equivalent to the source alone).
	{names("tensor.reshape"), family{model: &model{reads: at(1), aliases: []alias{equiv(0)}}}},
	// Upstream bufferizes concat to an allocation and copies (checked with
	// mlir-opt-22; bitcast has none there).
	{names("tensor.concat"), family{model: &model{reads: all, allocates: all}}},

	// mlir/lib/Dialect/Bufferization/Transforms/BufferizableOpInterfaceImpl.cpp
	// alloc_tensor reads its copy operand; without one its contents are
	// undefined.
	{names("bufferization.alloc_tensor"), family{model: &model{reads: all, allocates: all, uninitialized: all.If(noCopy)}}},
	{names("bufferization.dealloc_tensor"), family{model: &model{}}},
	{names("bufferization.materialize_in_destination"), family{layout: fixedInit(1), model: &model{
		reads: at(0), writes: inits, inPlace: all, elementwise: all, aliases: []alias{equiv(1)}}}},
	{names("bufferization.to_tensor"), family{model: &model{notWritable: all.If(lacksUnit("writable"))}}},
	// to_buffer without read_only may be written through later: it is
	// decided like any write (mlir-opt-22 puts it out of place when the
	// tensor is read afterwards).
	{names("bufferization.to_buffer"), family{model: &model{reads: all, writes: all.If(lacksUnit("read_only"))}}},

	// mlir/lib/Dialect/Linalg/Transforms/BufferizableOpInterfaceImpl.cpp:
	// every structured op reads the operands its payload uses.
	{linalgStructured, family{layout: dpsLayout, model: &model{
		reads: all.If(payloadUses), writes: inits, elementwise: all.If(elementwiseOperand),
		aliases: []alias{{from: inits, to: toTied, rel: equivalent}}}}},
	{names("linalg.softmax", "linalg.pack", "linalg.unpack"), family{layout: fixedInit(1), model: &model{
		reads: at(0), writes: inits, aliases: []alias{equiv(1)}}}},

	// mlir/lib/Dialect/SCF/Transforms/BufferizableOpInterfaceImpl.cpp
	// Loop inits are written; they are read if the loop may run zero times
	// (the result is then the init) or if the body reads the iter_arg. The
	// result is equivalent to the init only if the body yields a value
	// equivalent to the iter_arg, which the rules decide: here it is
	// /unknown, upstream's answer when it does not.
	{names("scf.for"), family{layout: forLayout, flow: loopFlow, model: &model{
		reads: inits.If(forMayRunZeroTimes), readThrough: inits.If(not(forMayRunZeroTimes)), writes: inits,
		aliases: []alias{{from: inits, to: toTied, rel: unknown}}, repetitive: all}}},
	{names("scf.while"), family{layout: whileLayout, flow: whileFlow, model: &model{
		reads: all, writes: all, aliases: []alias{{from: all.If(tiedSameType), to: toTied, rel: unknown}}, repetitive: all}}},
	{names("scf.forall"), family{layout: forallLayout, flow: forallFlow, model: &model{
		reads: inits.If(forallMayRunZeroTimes), readThrough: inits.If(not(forallMayRunZeroTimes)), writes: inits,
		aliases: []alias{{from: inits, to: toTied, rel: equivalent}}, repetitive: all.If(forallRepeats), parallel: all.If(forallRepeats)}}},
	{names("scf.if", "scf.index_switch", "scf.execute_region"), family{flow: exitFlow, model: &model{}}},
	{names("scf.forall.in_parallel"), family{model: &model{}}},
	// Yields read and stay in place; scf.if and scf.index_switch results
	// are one of several yielded values, scf.execute_region's is the one.
	{names("scf.yield"), family{model: &model{reads: all, inPlace: all, aliases: []alias{
		{from: all.If(parentIs("scf.if", "scf.index_switch")), to: toParentResult, rel: equivalent, maybe: true},
		{from: all.If(parentIs("scf.execute_region")), to: toParentResult, rel: equivalent}}}}},
	{names("scf.condition"), family{model: &model{reads: from(1), inPlace: from(1)}}},

	// mlir/lib/Dialect/Bufferization/Transforms/FuncBufferizableOpInterfaceImpl.cpp
	// (func.call is modeled by the rules from its callee, see call.)
	{names("func.func"), family{model: &model{}}},
	{names("func.return"), family{model: &model{reads: all}}},

	// mlir/lib/Dialect/Arith/Transforms/BufferizableOpInterfaceImpl.cpp
	// Constants become read-only globals.
	{names("arith.constant"), family{model: &model{notWritable: all}}},
	{names("arith.index_cast"), family{model: &model{aliases: []alias{equiv(0)}}}},
	{names("arith.select"), family{model: &model{aliases: []alias{{from: all, to: toResult, rel: equivalent, maybe: true}}}}},

	// mlir/lib/Dialect/Vector/Transforms/BufferizableOpInterfaceImpl.cpp
	{names("vector.transfer_read", "vector.gather"), family{model: &model{reads: at(0)}}},
	{names("vector.transfer_write"), family{layout: fixedInit(1), model: dpsModel}},
	// vector.mask runs its one masked op once; what that op yields is the
	// mask's result (upstream's MaskOp and YieldOp models).
	{names("vector.mask"), family{flow: exitFlow, model: &model{}}},
	{names("vector.yield"), family{model: &model{reads: all, inPlace: all, aliases: []alias{{from: all, to: toParentResult, rel: equivalent}}}}},

	// mlir/lib/Dialect/ControlFlow/Transforms/BufferizableOpInterfaceImpl.cpp
	// and mlir/include/mlir/Dialect/Bufferization/IR/UnstructuredControlFlow.h:
	// a forwarded operand is the block argument on the path taken. cf.switch
	// has no model upstream.
	{names("cf.br", "cf.cond_br"), family{model: &model{aliases: []alias{{from: all, to: toSuccessorArgs, rel: equivalent, maybe: true}}}}},

	// mlir/lib/Dialect/Shape/Transforms/BufferizableOpInterfaceImpl.cpp
	{names("shape.assuming"), family{flow: exitFlow, model: &model{}}},
	{names("shape.assuming_yield"), family{model: &model{reads: all, inPlace: all, aliases: []alias{{from: all, to: toParentResult, rel: equivalent}}}}},

	// Affine loops have no model upstream, so they get the unknown-op
	// default; their edges are still real control flow.
	{names("affine.for"), family{layout: affineForLayout, flow: loopFlow}},
	{names("affine.if"), family{flow: exitFlow}},
})

type familyGroup struct {
	names []string
	family
}

func names(ns ...string) []string { return ns }

func buildFamilies(groups []familyGroup) map[string]*family {
	out := map[string]*family{}
	for _, g := range groups {
		f := g.family
		for _, n := range g.names {
			if out[n] != nil {
				panic("extract: two models for " + n)
			}
			out[n] = &f
		}
	}
	return out
}

// linalgStructured lists the structured linalg ops ir knows, which all
// share one model upstream (LinalgOpInterface, registered for every op of
// LinalgStructuredOps.td). softmax, pack and unpack have their own; the
// winograd transforms have none.
var linalgStructured = append(append(names("linalg.generic", "linalg.reduce", "linalg.transpose",
	"linalg.broadcast", "linalg.elementwise", "linalg.contract"), prefixed("linalg.", `
	fill_rng_2d matmul batch_matmul batch_reduce_matmul quantized_matmul quantized_batch_matmul
	matvec vecmat batch_matvec batch_vecmat dot mmt4d batch_mmt4d conv_1d conv_2d conv_3d
	conv_1d_nwc_wcf conv_1d_ncw_fcw conv_2d_nhwc_hwcf conv_2d_nhwc_fhwc conv_2d_nchw_fchw
	conv_2d_ngchw_fgchw conv_2d_ngchw_gfchw conv_2d_nhwgc_gfhwc conv_3d_ndhwc_dhwcf conv_3d_ncdhw_fcdhw
	conv_2d_nhwc_hwcf_q conv_2d_nhwc_fhwc_q conv_2d_nchw_fchw_q conv_2d_ngchw_gfchw_q conv_2d_nhwgc_gfhwc_q
	conv_3d_ndhwc_dhwcf_q depthwise_conv_1d_ncw_cw depthwise_conv_1d_nwc_wc depthwise_conv_1d_nwc_wcm
	depthwise_conv_2d_nchw_chw depthwise_conv_2d_nhwc_hwc depthwise_conv_2d_nhwc_hwcm depthwise_conv_2d_nhwc_hwc_q
	depthwise_conv_2d_nhwc_hwcm_q depthwise_conv_3d_ncdhw_cdhw depthwise_conv_3d_ndhwc_dhwc
	depthwise_conv_3d_ndhwc_dhwcm pooling_nchw_max pooling_nchw_sum pooling_ncw_max pooling_ncw_sum
	pooling_ndhwc_max pooling_ndhwc_min pooling_ndhwc_sum pooling_nhwc_max pooling_nhwc_max_unsigned
	pooling_nhwc_min pooling_nhwc_min_unsigned pooling_nhwc_sum pooling_nwc_max pooling_nwc_max_unsigned
	pooling_nwc_min pooling_nwc_min_unsigned pooling_nwc_sum`)...), elementwiseNamed...)

// elementwiseNamed are the structured ops whose every tensor operand has
// the identity indexing map and whose loops are all parallel.
var elementwiseNamed = prefixed("linalg.", `map fill copy exp log abs ceil floor negf reciprocal
	round sqrt rsqrt square tanh erf add sub mul div div_unsigned powf select max min`)

var isElementwiseNamed = setOf(elementwiseNamed...)

// prefixed returns the space-separated names in list, each with prefix.
func prefixed(prefix, list string) []string {
	ns := strings.Fields(list)
	for i, n := range ns {
		ns[i] = prefix + n
	}
	return ns
}

func setOf(ns ...string) map[string]bool {
	out := make(map[string]bool, len(ns))
	for _, n := range ns {
		out[n] = true
	}
	return out
}

// modelPreds are the predicates memory and unknown emit.
var modelPreds = []facts.Pred{facts.Reads, facts.Writes, facts.MustInplace, facts.Elementwise, facts.ReadThrough,
	facts.Aliases, facts.MaybeAlias, facts.Allocates, facts.Uninitialized, facts.NotWritable, facts.Repetitive,
	facts.Parallel, facts.Subset, facts.SliceDim, facts.UnknownOp}

// memory emits the memory-model facts of op: those of its op-model, of
// its family, or MLIR's unknown-op default.
func (x *extractor) memory(op *ir.Operation, id int32, fam *family) {
	if x.noModels {
		return
	}
	m := x.models.lookup(op.Name)
	if m == nil && fam != nil {
		m = fam.model
	}
	if m == nil {
		if op.Name == "func.call" {
			if _, ok := x.callee(op); ok {
				return // the rules model calls from their callee
			}
		}
		if hasTensorSemantics(op) {
			x.unknown(op, id)
		}
		return
	}
	var lay layout
	if fam != nil {
		lay = fam.layout
	}
	O := num(id)
	x.eachOperand(op, lay, m.reads, func(i int) { x.out.add(facts.Reads, O, num(i)) })
	x.eachOperand(op, lay, m.writes, func(i int) { x.out.add(facts.Writes, O, num(i)) })
	x.eachOperand(op, lay, m.inPlace, func(i int) { x.out.add(facts.MustInplace, O, num(i)) })
	x.eachOperand(op, lay, m.elementwise, func(i int) { x.out.add(facts.Elementwise, O, num(i)) })
	x.eachOperand(op, lay, m.readThrough, func(i int) {
		if arg := entryArg(op, lay, i); arg != nil {
			x.out.add(facts.ReadThrough, O, num(i), x.valueID(arg))
		}
	})
	for _, a := range m.aliases {
		x.eachOperand(op, lay, a.from, func(i int) {
			x.eachAliasTarget(op, lay, a, i, func(v *ir.Value) {
				V := x.valueID(v)
				x.out.add(facts.Aliases, O, num(i), V, x.name(a.rel))
				if a.maybe {
					x.out.add(facts.MaybeAlias, O, num(i), V)
				}
			})
		})
	}
	x.eachResult(op, m.allocates, func(v facts.Value) { x.out.add(facts.Allocates, v) })
	x.eachResult(op, m.uninitialized, func(v facts.Value) { x.out.add(facts.Uninitialized, v) })
	x.eachResult(op, m.notWritable, func(v facts.Value) { x.out.add(facts.NotWritable, v) })
	x.eachIndex(op, len(op.Regions), m.repetitive, func(i int) { x.out.add(facts.Repetitive, x.regionID(op, i)) })
	x.eachIndex(op, len(op.Regions), m.parallel, func(i int) { x.out.add(facts.Parallel, x.regionID(op, i)) })
	if m.subset {
		x.subset(op, O)
	}
}

// unknown emits MLIR's conservative default for an op with tensors but no
// model (unknownGetAliasingValues and AnalysisState::bufferizesToMemoryRead
// /Write in mlir/lib/Dialect/Bufferization/IR/BufferizableOpInterface.cpp;
// isWritable in mlir/lib/Dialect/Bufferization/Transforms/OneShotAnalysis.cpp):
// every tensor operand is read and written and may alias every tensor
// result and entry-block argument, and none of those, nor any other block
// argument of its regions, is writable.
func (x *extractor) unknown(op *ir.Operation, id int32) {
	O := num(id)
	x.out.add(facts.UnknownOp, O)
	unknownRel := x.name(unknown)
	for i, v := range op.Operands() {
		if !ir.IsTensor(v.Type()) {
			continue
		}
		x.out.add(facts.Reads, O, num(i))
		x.out.add(facts.Writes, O, num(i))
		for _, r := range op.Results() {
			if ir.IsTensor(r.Type()) {
				x.out.add(facts.Aliases, O, num(i), x.valueID(r), unknownRel)
			}
		}
		for _, r := range op.Regions {
			if entry := r.Entry(); entry != nil {
				for _, a := range entry.Args() {
					if ir.IsTensor(a.Type()) {
						x.out.add(facts.Aliases, O, num(i), x.valueID(a), unknownRel)
					}
				}
			}
		}
	}
	for _, r := range op.Results() {
		if ir.IsTensor(r.Type()) {
			x.out.add(facts.NotWritable, x.valueID(r))
		}
	}
	for _, r := range op.Regions {
		for _, b := range r.Blocks() {
			for _, a := range b.Args() {
				if ir.IsTensor(a.Type()) {
					x.out.add(facts.NotWritable, x.valueID(a))
				}
			}
		}
	}
}

// hasTensorSemantics is MLIR's defaultHasTensorSemantics: a tensor
// operand, result, or block argument in a region.
func hasTensorSemantics(op *ir.Operation) bool {
	for _, v := range op.Operands() {
		if ir.IsTensor(v.Type()) {
			return true
		}
	}
	for _, v := range op.Results() {
		if ir.IsTensor(v.Type()) {
			return true
		}
	}
	for _, r := range op.Regions {
		for _, b := range r.Blocks() {
			for _, a := range b.Args() {
				if ir.IsTensor(a.Type()) {
					return true
				}
			}
		}
	}
	return false
}

// eachIndex calls fn on the indices in [0, n) that s selects.
func (x *extractor) eachIndex(op *ir.Operation, n int, s sel, fn func(i int)) {
	try := func(i int) {
		if s.when == nil || s.when(op, i) {
			fn(i)
		}
	}
	switch s.pick {
	case pickAll:
		for i := range n {
			try(i)
		}
	case pickAt:
		if s.n < n {
			try(s.n)
		}
	case pickFrom:
		for i := s.n; i < n; i++ {
			try(i)
		}
	case pickListed:
		for _, i := range s.list {
			if i >= n {
				x.fail(op, "the op-model of %s names index %d, but the op has %d", op.Name, i, n)
				continue
			}
			try(i)
		}
	}
}

// eachOperand calls fn on the tensor operands that s selects.
func (x *extractor) eachOperand(op *ir.Operation, lay layout, s sel, fn func(i int)) {
	tensor := func(i int) {
		if ir.IsTensor(op.Operand(i).Type()) {
			fn(i)
		}
	}
	if s.pick != pickInits {
		x.eachIndex(op, op.NumOperands(), s, tensor)
		return
	}
	if lay == nil {
		return
	}
	sp, _ := lay(op)
	for i := sp.lo; i < sp.hi; i++ {
		if s.when == nil || s.when(op, i) {
			tensor(i)
		}
	}
}

// eachResult calls fn on the ids of the tensor results that s selects.
func (x *extractor) eachResult(op *ir.Operation, s sel, fn func(facts.Value)) {
	x.eachIndex(op, op.NumResults(), s, func(i int) {
		if r := op.Result(i); ir.IsTensor(r.Type()) {
			fn(x.valueID(r))
		}
	})
}

// eachAliasTarget calls fn on the tensor values that operand i aliases.
func (x *extractor) eachAliasTarget(op *ir.Operation, lay layout, a alias, i int, fn func(*ir.Value)) {
	emit := func(v *ir.Value) {
		if ir.IsTensor(v.Type()) {
			fn(v)
		}
	}
	switch a.to {
	case toResult:
		if a.n < op.NumResults() {
			emit(op.Result(a.n))
		} else if a.from.pick == pickListed {
			x.fail(op, "the op-model of %s names result %d, but the op has %d", op.Name, a.n, op.NumResults())
		}
	case toTied:
		if lay == nil {
			return
		}
		out, _ := lay(op)
		if k := i - out.lo; out.has(i) && k < op.NumResults() {
			emit(op.Result(k))
		}
	case toParentResult:
		if p := op.ParentOp(); p != nil {
			if k := i - a.n; k >= 0 && k < p.NumResults() {
				emit(p.Result(k))
			}
		}
	case toSuccessorArgs:
		for s, b := range op.Successors() {
			fwd := ir.SuccessorOperands(op, s)
			if first := operandOffset(op, fwd); first >= 0 && i >= first && i-first < len(b.Args()) && i-first < len(fwd) {
				emit(b.Arg(i - first))
			}
		}
	}
}

// entryArg returns the block argument that init operand i of a loop
// initializes, or nil.
func entryArg(op *ir.Operation, lay layout, i int) *ir.Value {
	if lay == nil || len(op.Regions) == 0 || op.Regions[0].Entry() == nil {
		return nil
	}
	out, firstArg := lay(op)
	args := op.Regions[0].Entry().Args()
	if k := firstArg + i - out.lo; out.has(i) && firstArg >= 0 && k < len(args) {
		return args[k]
	}
	return nil
}

// regionID returns the id of region i of op, the op being extracted: its
// regions are the next ones to be numbered.
func (x *extractor) regionID(op *ir.Operation, i int) facts.Value {
	return num(x.next.regions + int32(i))
}

// --- layouts ---

// dpsLayout finds the inits of structured ops: segment 1 of
// operandSegmentSizes [ins, outs] when present, else the last operands,
// one per result.
func dpsLayout(op *ir.Operation) (span, int) {
	if segs, ok := segmentSpans(op, 2); ok {
		return segs[1], -1
	}
	n := op.NumOperands()
	return span{max(n-op.NumResults(), 0), n}, -1
}

// Inits returns the operands [lo, hi) that op's model takes as its
// inits (the operands destination-style ops write and loops carry); ok
// is false for an op whose family has no layout.
func Inits(op *ir.Operation) (lo, hi int, ok bool) {
	f := families[op.Name]
	if f == nil || f.layout == nil {
		return 0, 0, false
	}
	s, _ := f.layout(op)
	return s.lo, s.hi, true
}

// fixedInit is the layout of ops whose init is operand i alone.
func fixedInit(i int) layout {
	return func(op *ir.Operation) (span, int) {
		return span{i, min(i+1, op.NumOperands())}, -1
	}
}

// scf.for operands are lb, ub, step, inits; the body's arguments the
// induction variable, then the iter_args.
func forLayout(op *ir.Operation) (span, int) {
	return span{min(3, op.NumOperands()), op.NumOperands()}, 1
}

func whileLayout(op *ir.Operation) (span, int) {
	return span{0, op.NumOperands()}, 0
}

// scf.forall operands are lbs, ubs, steps and outputs; the body's
// arguments the induction variables, then one per output.
func forallLayout(op *ir.Operation) (span, int) {
	segs, ok := segmentSpans(op, 4)
	if !ok || len(op.Regions) == 0 || op.Regions[0].Entry() == nil {
		return span{}, -1
	}
	outs := segs[3]
	return outs, len(op.Regions[0].Entry().Args()) - (outs.hi - outs.lo)
}

// affine.for operands are the bound map operands, then the inits.
func affineForLayout(op *ir.Operation) (span, int) {
	segs, ok := segmentSpans(op, 3)
	if !ok {
		return span{}, -1
	}
	return segs[2], 1
}

// segmentSpans splits op's operands by its operandSegmentSizes property
// into n spans, without allocating.
func segmentSpans(op *ir.Operation, n int) (spans [5]span, ok bool) {
	a, isArray := op.Prop("operandSegmentSizes").(*ir.DenseArrayAttr)
	if !isArray || len(a.Values) != n || n > len(spans) {
		return spans, false
	}
	lo := 0
	for i, s := range a.Values {
		size, ok := atoi(s)
		if !ok || lo+size > op.NumOperands() {
			return spans, false
		}
		spans[i] = span{lo, lo + size}
		lo += size
	}
	return spans, lo == op.NumOperands()
}

// atoi parses a small non-negative decimal number.
func atoi(s string) (int, bool) {
	n := 0
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' || n > 1<<30 {
			return 0, false
		}
		n = n*10 + int(s[i]-'0')
	}
	return n, len(s) > 0
}

// --- conditions ---

func not(cond func(*ir.Operation, int) bool) func(*ir.Operation, int) bool {
	return func(op *ir.Operation, i int) bool { return !cond(op, i) }
}

func lacksUnit(name string) func(*ir.Operation, int) bool {
	return func(op *ir.Operation, _ int) bool { return op.Inherent(name) == nil }
}

func parentIs(ns ...string) func(*ir.Operation, int) bool {
	return func(op *ir.Operation, _ int) bool {
		p := op.ParentOp()
		for _, n := range ns {
			if p != nil && p.Name == n {
				return true
			}
		}
		return false
	}
}

// noCopy: alloc_tensor has no copy operand (segment 1 of dynamic sizes,
// copy, size_hint).
func noCopy(op *ir.Operation, _ int) bool {
	segs, ok := segmentSpans(op, 3)
	return ok && segs[1].lo == segs[1].hi
}

// tiedSameType: scf.while operand i has a result i of the same type, the
// only result it may alias upstream.
func tiedSameType(op *ir.Operation, i int) bool {
	return i < op.NumResults() && ir.TypesEqual(op.Operand(i).Type(), op.Result(i).Type())
}

// payloadUses is LinalgOp::payloadUsesValueFromOperand: the payload block
// uses the operand's argument. Without such an argument the operand counts
// as read.
func payloadUses(op *ir.Operation, i int) bool {
	if len(op.Regions) == 0 || op.Regions[0].Entry() == nil {
		return true
	}
	args := op.Regions[0].Entry().Args()
	return i >= len(args) || len(args[i].Uses()) > 0
}

// forMayRunZeroTimes is upstream's mayHaveZeroIterations for scf.for:
// unless both bounds are constants with lb < ub.
func forMayRunZeroTimes(op *ir.Operation, _ int) bool {
	if op.NumOperands() < 2 {
		return true
	}
	lb, lok := constantInt(op.Operand(0))
	ub, uok := constantInt(op.Operand(1))
	return !lok || !uok || ub <= lb
}

// forallMayRunZeroTimes: some dimension is not known to run.
func forallMayRunZeroTimes(op *ir.Operation, _ int) bool {
	zero := false
	forallDims(op, func(lb, ub, step int64, static bool) {
		zero = zero || !static || lb >= ub
	})
	return zero
}

// forallRepeats is ForallOp's isRepetitiveRegion: some dimension may run
// more than once.
func forallRepeats(op *ir.Operation, _ int) bool {
	repeats := false
	forallDims(op, func(lb, ub, step int64, static bool) {
		repeats = repeats || !static || lb+step < ub
	})
	return repeats
}

// forallDims calls fn per dimension of an scf.forall with its bounds and
// step, static reporting whether all three are known constants.
func forallDims(op *ir.Operation, fn func(lb, ub, step int64, static bool)) {
	segs, ok := segmentSpans(op, 4)
	lbs, lok := mixedValues(op, "staticLowerBound", segs[0], ok)
	ubs, uok := mixedValues(op, "staticUpperBound", segs[1], ok)
	steps, sok := mixedValues(op, "staticStep", segs[2], ok)
	if !lok || !uok || !sok || len(lbs.static) != len(ubs.static) || len(ubs.static) != len(steps.static) {
		fn(0, 0, 0, false)
		return
	}
	for d := range lbs.static {
		lb, l := lbs.at(d)
		ub, u := ubs.at(d)
		step, s := steps.at(d)
		fn(lb, ub, step, l && u && s)
	}
}

// elementwiseOperand is LinalgOp's bufferizesToElementwiseAccess for one
// operand: all loops are parallel and the operand's indexing map is the
// identity.
func elementwiseOperand(op *ir.Operation, i int) bool {
	switch {
	case isElementwiseNamed[op.Name]:
		return true
	case op.Name == "linalg.elementwise":
		return identityMapAt(op, i)
	case op.Name == "linalg.generic":
		iters, ok := op.Prop("iterator_types").(*ir.ArrayAttr)
		if !ok {
			return false
		}
		for _, it := range iters.Elems {
			if !strings.HasSuffix(it.String(), "parallel>") && it.String() != `"parallel"` {
				return false
			}
		}
		return identityMapAt(op, i)
	}
	return false
}

// identityMapAt reports whether indexing map i of op is an identity map
// such as affine_map<(d0, d1) -> (d0, d1)>.
func identityMapAt(op *ir.Operation, i int) bool {
	maps, ok := op.Prop("indexing_maps").(*ir.ArrayAttr)
	if !ok || i >= len(maps.Elems) {
		return false
	}
	text := strings.TrimSpace(maps.Elems[i].String())
	text, ok = strings.CutPrefix(text, "affine_map<")
	if !ok {
		return false
	}
	dims, results, ok := strings.Cut(strings.TrimSuffix(text, ">"), "->")
	return ok && !strings.Contains(dims, "[") && equalIgnoringSpaces(dims, results)
}

func equalIgnoringSpaces(a, b string) bool {
	i, j := 0, 0
	for {
		for i < len(a) && a[i] == ' ' {
			i++
		}
		for j < len(b) && b[j] == ' ' {
			j++
		}
		if i == len(a) || j == len(b) {
			return i == len(a) && j == len(b)
		}
		if a[i] != b[j] {
			return false
		}
		i++
		j++
	}
}
