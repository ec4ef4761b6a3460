package ir

import "slices"

// The gpu dialect: the ops declared with an assembly format, from one
// table (format.go interprets it, with the dialect's custom directives
// below), and the custom syntax of kernel launches, kernel functions and
// warp regions.

func init() {
	for _, d := range gpuOps {
		register(d.name, d.syntax())
	}
	register("gpu.func", &opSyntax{Inherent: gpuFuncInherent, Parse: parseGPUFunc, Print: printGPUFunc})
	register("gpu.launch", &opSyntax{Inherent: []string{"module", "function", "operandSegmentSizes"}, Parse: parseLaunch, Print: printLaunch})
	register("gpu.warp_execute_on_lane_0", &opSyntax{Inherent: []string{"warp_size"}, Parse: parseWarpExecute, Print: printWarpExecute})
}

// gpuFuncInherent are gpu.func's inherent attributes. LLVM 22 keeps its
// symbol name, the kernel flag and the number of workgroup attributions
// (which its custom parser always sets) as discardable attributes.
var gpuFuncInherent = []string{"function_type", "arg_attrs", "res_attrs", "workgroup_attrib_attrs", "private_attrib_attrs",
	"known_block_size", "known_grid_size", "known_cluster_size"}

// gpuYield is the terminator a warp region may leave out.
var gpuYield = impliedTerminator{"gpu.yield", 0}

// gpu.func @name(args) (-> results)? (workgroup(%a : T, ...))?
// (private(%a : T, ...))? kernel? (attributes {...})? region
// The attributions are entry block arguments after the inputs;
// workgroup_attributions counts the workgroup ones.
func parseGPUFunc(p *parser, st *OpState) {
	var workgroup, private []RegionArg
	kernel := false
	parseFuncWith(p, st, func() []RegionArg {
		workgroup = p.attributions(st, "workgroup", "workgroup_attrib_attrs")
		private = p.attributions(st, "private", "private_attrib_attrs")
		kernel = p.acceptKeyword("kernel")
		return append(slices.Clone(workgroup), private...)
	})
	st.discardable("sym_name")
	if kernel {
		st.AddAttr("gpu.kernel", UnitAttr{})
	}
	st.AddAttr("workgroup_attributions", IntAttr(int64(len(workgroup)), I64))
}

// attributions parses `keyword(%a : T {attrs}?, ...)`, if present, with
// the attributions' attributes in the property prop when any has some.
func (p *parser) attributions(st *OpState, keyword, prop string) []RegionArg {
	if !p.acceptKeyword(keyword) {
		return nil
	}
	args := []RegionArg{}
	var attrs []Attribute
	p.delimited("(", ")", func() {
		a := p.regionArgDecl()
		p.expect(":")
		a.Type = p.parseType()
		a.Attrs = &DictAttr{}
		if p.is("{") {
			a.Attrs = p.parseDict()
		}
		attrs = append(attrs, a.Attrs)
		args = append(args, a)
	})
	if prop != "" && anyNonEmpty(attrs) {
		st.AddProp(prop, &ArrayAttr{Elems: attrs})
	}
	return args
}

func printGPUFunc(p *printer, op *Operation) bool {
	// The custom form always gives workgroup_attributions: one without it
	// is written in the generic form.
	fn, ok := op.Prop("function_type").(*TypeAttr)
	workgroup, ok2 := op.Attr("workgroup_attributions").(*IntegerAttr)
	if !ok || !ok2 || len(op.Regions) != 1 || len(op.Regions[0].blocks) == 0 {
		return false
	}
	fnType, ok := fn.Type.(*FunctionType)
	nWorkgroup, ok2 := workgroup.Int64()
	if !ok || !ok2 || !TypesEqual(workgroup.Type, I64) {
		return false
	}
	extra := len(op.Regions[0].blocks[0].args) - len(fnType.Inputs)
	if nWorkgroup < 0 || nWorkgroup > int64(extra) {
		return false
	}
	kernel := op.Attr("gpu.kernel")
	if _, unit := kernel.(UnitAttr); kernel != nil && !unit {
		return false
	}
	return printFunction(p, "gpu.func", op, funcClauses{
		args:   extra,
		elided: []string{"workgroup_attributions", "gpu.kernel", "workgroup_attrib_attrs", "private_attrib_attrs"},
		print: func(p *printer, op *Operation, args []*Value) bool {
			ok := p.attributions(op, "workgroup", "workgroup_attrib_attrs", args[:nWorkgroup]) &&
				p.attributions(op, "private", "private_attrib_attrs", args[nWorkgroup:])
			if kernel != nil {
				p.w(" kernel")
			}
			return ok
		},
	})
}

// attributions prints ` keyword(%a : T {attrs}, ...)` unless args is
// empty; false when prop does not give one dictionary per argument.
func (p *printer) attributions(op *Operation, keyword, prop string, args []*Value) bool {
	attrs, _ := op.Prop(prop).(*ArrayAttr)
	if attrs != nil && len(attrs.Elems) != len(args) {
		return false
	}
	if len(args) == 0 {
		return true
	}
	p.w(" " + keyword + "(")
	for i, a := range args {
		if i > 0 {
			p.w(", ")
		}
		p.value(a)
		p.w(" : ")
		p.typ(a.typ)
		p.entryAttrs(attrs, i)
	}
	p.w(")")
	return true
}

// gpu.launch async? [deps]? (clusters(ids) in (%s = %v, ...))?
// blocks(ids) in (sizes) threads(ids) in (sizes)
// (dynamic_shared_memory_size %v)? (module(@m))? (function(@f))?
// (workgroup(...))? (private(...))? region attr-dict
// The region's entry block takes the block and thread ids, the grid and
// block sizes, the cluster ids and sizes if any, then the attributions.
func parseLaunch(p *parser, st *OpState) {
	if p.acceptKeyword("async") {
		st.ResultTypes = []Type{asyncTokenType}
	}
	var deps []operandRef
	if p.is("[") {
		p.delimited("[", "]", func() { deps = append(deps, p.operandRef()) })
	}
	var clusterIDs, clusterSizes []RegionArg
	var clusters []operandRef
	if p.acceptKeyword("clusters") {
		clusterIDs, clusterSizes, clusters = p.launchDims()
	}
	p.expectKeyword("blocks")
	blockIDs, gridSizes, grid := p.launchDims()
	p.expectKeyword("threads")
	threadIDs, blockSizes, block := p.launchDims()
	var shared []operandRef
	if p.acceptKeyword("dynamic_shared_memory_size") {
		shared = []operandRef{p.operandRef()}
	}
	for _, name := range []string{"module", "function"} {
		if p.acceptKeyword(name) {
			p.expect("(")
			st.AddProp(name, p.parseSymbolRef())
			p.expect(")")
		}
	}
	workgroup := p.attributions(st, "workgroup", "")
	private := p.attributions(st, "private", "")
	args := slices.Concat(blockIDs, threadIDs, gridSizes, blockSizes, clusterIDs, clusterSizes)
	typedArgs(args, slices.Repeat([]Type{Index}, len(args)))
	args = slices.Concat(args, workgroup, private)
	st.Regions = []*Region{p.parseRegion(args)}
	p.optionalAttrDict(st)
	st.AddAttr("workgroup_attributions", IntAttr(int64(len(workgroup)), I64))
	at := p.pos()
	st.Operands = slices.Concat(p.resolveAll(deps, slices.Repeat([]Type{asyncTokenType}, len(deps)), at),
		p.resolveAll(grid, slices.Repeat([]Type{Index}, 3), at), p.resolveAll(block, slices.Repeat([]Type{Index}, 3), at),
		p.resolveAll(clusters, slices.Repeat([]Type{Index}, len(clusters)), at), p.resolveAll(shared, []Type{I32}[:len(shared)], at))
	c := len(clusters) / 3
	p.setSegments(st, len(deps), 1, 1, 1, 1, 1, 1, c, c, c, len(shared))
}

// launchDims parses `(%x, %y, %z) in (%sx = %a, %sy = %b, %sz = %c)`: the
// ids and sizes the region declares, and the sizes' operands.
func (p *parser) launchDims() (ids, sizes []RegionArg, values []operandRef) {
	ids = p.regionArgDecls()
	p.expectKeyword("in")
	sizes, values = p.assignmentList()
	if len(ids) != 3 || len(sizes) != 3 {
		p.fail("expected three ids and three sizes")
	}
	return ids, sizes, values
}

func printLaunch(p *printer, op *Operation) bool {
	segs := segments(op)
	if len(segs) != 11 || len(op.Regions) != 1 || len(op.Regions[0].blocks) == 0 || len(op.results) > 1 {
		return false
	}
	deps, grid, block, clusters, shared := segs[0], slices.Concat(segs[1:4]...), slices.Concat(segs[4:7]...), slices.Concat(segs[7:10]...), segs[10]
	args := op.Regions[0].blocks[0].args
	config := 12 + 2*len(clusters)
	workgroup, ok := op.Attr("workgroup_attributions").(*IntegerAttr)
	if !ok {
		return false
	}
	n, ok2 := workgroup.Int64()
	if !ok2 || len(grid) != 3 || len(block) != 3 || len(clusters)%3 != 0 || len(args) < config+int(n) || n < 0 || !allOfType(args[:config], Index) {
		return false
	}
	p.w("gpu.launch")
	if len(op.results) == 1 {
		p.w(" async")
	}
	if len(deps) > 0 {
		p.w(" ")
		p.bracketedValues(deps)
	}
	if len(clusters) > 0 {
		p.w(" clusters")
		p.launchDims(args[12:15], args[15:18], clusters)
	}
	p.w(" blocks")
	p.launchDims(args[0:3], args[6:9], grid)
	p.w(" threads")
	p.launchDims(args[3:6], args[9:12], block)
	if len(shared) == 1 {
		p.w(" dynamic_shared_memory_size ")
		p.value(shared[0])
	}
	for _, name := range []string{"module", "function"} {
		if ref := op.Prop(name); ref != nil {
			p.w(" " + name + "(")
			p.attr(ref)
			p.w(")")
		}
	}
	p.attributions(op, "workgroup", "", args[config:config+int(n)])
	p.attributions(op, "private", "", args[config+int(n):])
	p.w(" ")
	p.region(op.Regions[0], false)
	p.attrDict(op, "module", "function", "workgroup_attributions")
	return true
}

// launchDims prints `(%x, %y, %z) in (%sx = %a, %sy = %b, %sz = %c)`.
func (p *printer) launchDims(ids, sizes, values []*Value) {
	p.w("(")
	p.values(ids)
	p.w(") in ")
	p.assignmentList(sizes, values)
}

// gpu.warp_execute_on_lane_0(%lane)[size] (args(%a, ... : T, ...))?
// (-> (types))? region attr-dict
func parseWarpExecute(p *parser, st *OpState) {
	p.expect("(")
	lane := p.operandRef()
	p.expect(")")
	p.expect("[")
	st.AddProp("warp_size", IntAttr(p.integer(), I64))
	p.expect("]")
	st.Operands = []*Value{p.resolve(lane, Index)}
	if p.acceptKeyword("args") {
		p.expect("(")
		refs := p.operandRefs()
		p.expect(":")
		at := p.pos()
		types := p.parseTypeList()
		p.expect(")")
		st.Operands = append(st.Operands, p.resolveAll(refs, types, at)...)
	}
	st.ResultTypes = p.optionalArrowTypes()
	body := p.parseRegion(nil)
	gpuYield.ensureIn(body)
	st.Regions = []*Region{body}
	p.optionalAttrDict(st)
}

func printWarpExecute(p *printer, op *Operation) bool {
	size, ok := op.Prop("warp_size").(*IntegerAttr)
	if !ok || !TypesEqual(size.Type, I64) || len(op.operands) == 0 || !TypesEqual(op.operands[0].typ, Index) || len(op.Regions) != 1 {
		return false
	}
	p.w("gpu.warp_execute_on_lane_0(")
	p.value(op.operands[0])
	p.w(")[" + size.Text + "]")
	if args := op.operands[1:]; len(args) > 0 {
		p.w(" args(")
		p.values(args)
		p.w(" : ")
		p.valueTypes(args)
		p.w(")")
	}
	p.parenResultTypes(op)
	p.w(" ")
	// The region's arguments are written out; its yield only when it
	// yields values.
	if body := op.Regions[0]; len(op.results) > 0 || !noEntryArgs(body) {
		p.region(body, true)
	} else if !p.impliedTerminatorRegion(body, gpuYield, true) {
		return false
	}
	p.attrDict(op, "warp_size")
	return true
}

var (
	asyncTokenType   = &OpaqueType{Text: "!gpu.async.token"}
	spmatHandleType  = &OpaqueType{Text: "!gpu.sparse.spmat_handle"}
	dnTensorType     = &OpaqueType{Text: "!gpu.sparse.dntensor_handle"}
	gpuSelectObject  = &OpaqueAttr{Text: "#gpu.select_object"}
	gpuDimension     = gpuEnum("dim", "x", "y", "z")
	gpuAllReduceOp   = gpuEnum("all_reduce_op", "add", "mul", "minui", "minsi", "minnumf", "maxui", "maxsi", "maxnumf", "and", "or", "xor", "minimumf", "maximumf")
	gpuShuffleMode   = gpuEnum("shuffle_mode", "xor", "up", "down", "idx")
	gpuElementwiseOp = gpuEnum("mma_element_wise", "addf", "mulf", "subf", "maxf", "minf", "divf", "addi", "muli", "subi", "divs", "divu", "negatef", "negates", "extf")
	gpuTransposeMode = gpuEnum("mat_transpose_mode", "NON_TRANSPOSE", "TRANSPOSE", "CONJUGATE_TRANSPOSE")
	gpuBroadcastType = gpuEnum("broadcast", "first_active_lane", "specific_lane")
)

// gpuEnum is an enum attribute of the gpu dialect, `#gpu<mnemonic case>`.
func gpuEnum(mnemonic string, cases ...string) *declEnum {
	return &declEnum{cases: cases, dialect: "gpu", mnemonic: mnemonic}
}

// Signatures shared by many gpu ops: an async op's dependencies first and
// its token last, and a sparse op's transpose modes and compute type.
const (
	asyncDeps  = "asyncDependencies*:!gpu.async.token, "
	asyncToken = "asyncToken?:!gpu.async.token"
	asyncFmt   = "custom<AsyncDependencies>(type($asyncToken), $asyncDependencies) "
	modes      = ", @modeA:gpu.mat_transpose_mode=NON_TRANSPOSE, @modeB:gpu.mat_transpose_mode=NON_TRANSPOSE, @computeType:type"
	modeA      = ", @modeA:gpu.mat_transpose_mode=NON_TRANSPOSE, @computeType:type"
)

// gpuOps are the gpu ops whose syntax is declarative.
var gpuOps = []*declOp{
	declare("gpu.all_reduce", "@op?:gpu.all_reduce_op, @uniform?:unit, value, ^body -> result",
		"custom<AllReduceOperation>($op) $value (`uniform` $uniform^)? $body attr-dict `:` functional-type(operands, results)"),
	declare("gpu.alloc", asyncDeps+"dynamicSizes*:index, symbolOperands*:index, @hostShared?:unit -> memref, "+asyncToken+"; segmented",
		asyncFmt+"(` ` `host_shared` $hostShared^)? ` ` `(` $dynamicSizes `)` (`` `[` $symbolOperands^ `]`)? attr-dict `:` type($memref)"),
	declare("gpu.barrier", "", "attr-dict"),
	declare("gpu.binary", "@sym_name:sym, @offloadingHandler?:any, @objects:array", "$sym_name custom<OffloadingHandler>($offloadingHandler) attr-dict $objects"),
	declare("gpu.block_dim", gpuIndexSignature, gpuIndexFormat),
	declare("gpu.block_id", gpuIndexSignature, gpuIndexFormat),
	declare("gpu.cluster_dim", gpuIndexSignature, gpuIndexFormat),
	declare("gpu.cluster_id", gpuIndexSignature, gpuIndexFormat),
	declare("gpu.create_coo", asyncDeps+"rows:index, cols:index, nnz:index, rowIdxs, colIdxs, values -> spmat:!gpu.sparse.spmat_handle, "+asyncToken,
		asyncFmt+"$rows `,` $cols `,` $nnz `,` $rowIdxs `,` $colIdxs `,` $values attr-dict `:` type($rowIdxs) `,` type($colIdxs) `,` type($values)"),
	declare("gpu.create_csr", asyncDeps+"rows:index, cols:index, nnz:index, rowPos, colIdxs, values -> spmat:!gpu.sparse.spmat_handle, "+asyncToken,
		asyncFmt+"$rows `,` $cols `,` $nnz `,` $rowPos `,` $colIdxs `,` $values attr-dict `:` type($rowPos) `,` type($colIdxs) `,` type($values)"),
	declare("gpu.create_dn_tensor", asyncDeps+"memref, dims*:index -> dnTensor:!gpu.sparse.dntensor_handle, "+asyncToken+"; segmented",
		asyncFmt+"$memref `,` $dims attr-dict `:` type($dims) `into` type($memref)"),
	declare("gpu.dealloc", asyncDeps+"memref -> "+asyncToken, asyncFmt+"$memref attr-dict `:` type($memref)"),
	declare("gpu.destroy_dn_tensor", asyncDeps+"dnTensor:!gpu.sparse.dntensor_handle -> "+asyncToken, asyncFmt+"$dnTensor attr-dict"),
	declare("gpu.destroy_sp_mat", asyncDeps+"spmat:!gpu.sparse.spmat_handle -> "+asyncToken, asyncFmt+"$spmat attr-dict"),
	declare("gpu.global_id", gpuIndexSignature, gpuIndexFormat),
	declare("gpu.grid_dim", gpuIndexSignature, gpuIndexFormat),
	declare("gpu.launch_func", asyncDeps+"gridSizeX, gridSizeY:=gridSizeX, gridSizeZ:=gridSizeX, blockSizeX:=gridSizeX, blockSizeY:=gridSizeX, blockSizeZ:=gridSizeX, "+
		"clusterSizeX?, clusterSizeY?, clusterSizeZ?, dynamicSharedMemorySize?:i32, kernelOperands*, asyncObject?, @kernel:ref -> "+asyncToken+"; segmented",
		asyncFmt+"(`<` $asyncObject^ `:` type($asyncObject) `>`)? $kernel "+
			"( `clusters` `in` ` ` `(` $clusterSizeX^ `,` $clusterSizeY `,` $clusterSizeZ `)` )? "+
			"`blocks` `in` ` ` `(` $gridSizeX `,` $gridSizeY `,` $gridSizeZ `)` "+
			"`threads` `in` ` ` `(` $blockSizeX `,` $blockSizeY `,` $blockSizeZ `)` "+
			"custom<LaunchDimType>(type($gridSizeX), ref($clusterSizeX), type($clusterSizeX), type($clusterSizeY), type($clusterSizeZ)) "+
			"(`dynamic_shared_memory_size` $dynamicSharedMemorySize^)? "+
			"custom<LaunchFuncOperands>($kernelOperands, type($kernelOperands)) attr-dict"),
	declare("gpu.memcpy", asyncDeps+"dst, src -> "+asyncToken, asyncFmt+"$dst `,` $src `:` type($dst) `,` type($src) attr-dict"),
	declare("gpu.memset", asyncDeps+"dst, value -> "+asyncToken, asyncFmt+"$dst `,` $value `:` type($dst) `,` type($value) attr-dict"),
	declare("gpu.module", "@sym_name:sym, @offloadingHandler?:any, @targets?:array, ^bodyRegion",
		"$sym_name (`<` $offloadingHandler^ `>`)? ($targets^)? attr-dict-with-keyword $bodyRegion").withoutTerminator(),
	declare("gpu.num_subgroups", gpuCountSignature, gpuCountFormat),
	declare("gpu.printf", "@format:str, args*", "$format attr-dict (`,` $args^ `:` type($args))?"),
	declare("gpu.return", "operands*", "attr-dict ($operands^ `:` type($operands))?").endsBlock(),
	declare("gpu.rotate", "@offset:i32, @width:i32, value -> rotateResult:=value, valid:i1", "$value `,` $offset `,` $width attr-dict `:` type($value)"),
	declare("gpu.sddmm", asyncDeps+"dnmatA:!gpu.sparse.dntensor_handle, dnmatB:!gpu.sparse.dntensor_handle, spmatC:!gpu.sparse.spmat_handle, buffer"+modes+" -> "+asyncToken,
		asyncFmt+"$dnmatA (`{` $modeA^ `}`)? `,` $dnmatB (`{` $modeB^ `}`)? `,` $spmatC `,` $buffer attr-dict `:` type($buffer) `into` $computeType"),
	declare("gpu.sddmm_buffer_size", asyncDeps+"dnmatA:!gpu.sparse.dntensor_handle, dnmatB:!gpu.sparse.dntensor_handle, spmatC:!gpu.sparse.spmat_handle"+modes+" -> bufferSz:index, "+asyncToken,
		asyncFmt+"$dnmatA (`{` $modeA^ `}`)? `,` $dnmatB (`{` $modeB^ `}`)? `,` $spmatC attr-dict `into` $computeType"),
	declare("gpu.set_default_device", "devIndex:i32", "attr-dict $devIndex"),
	declare("gpu.shuffle", "@mode:gpu.shuffle_mode, value, offset:i32, width:i32 -> shuffleResult:=value, valid:i1", "$mode $value `,` $offset `,` $width attr-dict `:` type($value)"),
	declare("gpu.spmm", asyncDeps+"spmatA:!gpu.sparse.spmat_handle, dnmatB:!gpu.sparse.dntensor_handle, dnmatC:!gpu.sparse.dntensor_handle, buffers*"+modes+" -> "+asyncToken+"; segmented",
		asyncFmt+"$spmatA (`{` $modeA^ `}`)? `,` $dnmatB (`{` $modeB^ `}`)? `,` $dnmatC `,` $buffers attr-dict `:` type($buffers) `into` $computeType"),
	declare("gpu.spmm_buffer_size", asyncDeps+"spmatA:!gpu.sparse.spmat_handle, dnmatB:!gpu.sparse.dntensor_handle, dnmatC:!gpu.sparse.dntensor_handle"+modes+" -> bufferSzs*, "+asyncToken+"; result-segments",
		asyncFmt+"$spmatA (`{` $modeA^ `}`)? `,` $dnmatB (`{` $modeB^ `}`)? `,` $dnmatC attr-dict `:` type($bufferSzs) `into` $computeType"),
	declare("gpu.spmv", asyncDeps+"spmatA:!gpu.sparse.spmat_handle, dnX:!gpu.sparse.dntensor_handle, dnY:!gpu.sparse.dntensor_handle, buffer"+modeA+" -> "+asyncToken,
		asyncFmt+"$spmatA (`{` $modeA^ `}`)? `,` $dnX `,` $dnY `,` $buffer attr-dict `:` type($buffer) `into` $computeType"),
	declare("gpu.spmv_buffer_size", asyncDeps+"spmatA:!gpu.sparse.spmat_handle, dnX:!gpu.sparse.dntensor_handle, dnY:!gpu.sparse.dntensor_handle"+modeA+" -> bufferSz:index, "+asyncToken,
		asyncFmt+"$spmatA (`{` $modeA^ `}`)? `,` $dnX `,` $dnY attr-dict `into` $computeType"),
	declare("gpu.subgroup_broadcast", "src:=result, lane?:i32, @broadcast_type:gpu.broadcast -> result", "$src `,` $broadcast_type ($lane^)? attr-dict `:` type($result)"),
	declare("gpu.subgroup_id", gpuCountSignature, gpuCountFormat),
	declare("gpu.subgroup_mma_constant_matrix", "value:element(res) -> res", "$value attr-dict `:` type($res)"),
	declare("gpu.subgroup_mma_elementwise", "@opType:gpu.mma_element_wise, args* -> res", "$opType $args attr-dict `:` functional-type($args, $res)"),
	declare("gpu.subgroup_mma_extract_thread_local", "matrix, indices*:index -> res", "$matrix `[` $indices `]` attr-dict `:` type($matrix) `->` type($res)"),
	declare("gpu.subgroup_mma_insert_thread_local", "value, matrix, indices*:index -> res", "$value `,` $matrix `[` $indices `]` attr-dict `:` type($value) `,` type($matrix) `->` type($res)"),
	declare("gpu.subgroup_mma_load_matrix", "srcMemref, indices*:index, @leadDimension:any, @transpose?:unit -> res", "$srcMemref `[` $indices `]` attr-dict `:` type($srcMemref) `->` type($res)"),
	declare("gpu.subgroup_mma_store_matrix", "src, dstMemref, indices*:index, @leadDimension:any, @transpose?:unit", "$src `,` $dstMemref `[` $indices `]` attr-dict `:` type($src) `,` type($dstMemref)"),
	declare("gpu.subgroup_reduce", "@op:gpu.all_reduce_op, @uniform?:unit, @cluster_size?:i32, @cluster_stride:i32=1, value -> result",
		"custom<AllReduceOperation>($op) $value (`uniform` $uniform^)? (`cluster` `(` `size` `=` $cluster_size^ (`,` `stride` `=` $cluster_stride^)? `)`)? attr-dict `:` functional-type(operands, results)"),
	declare("gpu.subgroup_size", gpuCountSignature, gpuCountFormat),
	declare("gpu.terminator", "", "attr-dict").endsBlock(),
	declare("gpu.thread_id", gpuIndexSignature, gpuIndexFormat),
	declare("gpu.wait", asyncDeps+"-> "+asyncToken, asyncFmt+"attr-dict"),
	declare("gpu.yield", "values*", "attr-dict ($values^ `:` type($values))?").endsBlock(),
}

// The ids and sizes of the launch grid along a dimension, and the
// subgroup counts.
const (
	gpuIndexSignature = "@dimension:gpu.dim, @upper_bound?:index -> result:index"
	gpuIndexFormat    = "$dimension (`upper_bound` $upper_bound^)? attr-dict"
	gpuCountSignature = "@upper_bound?:index -> result:index"
	gpuCountFormat    = "(`upper_bound` $upper_bound^)? attr-dict `:` type($result)"
)

// custom<AsyncDependencies>(type($token), $deps): `async` when the op
// has its token result, then `[%deps]` if it has dependencies.
func parseAsyncDependencies(c *customCall) {
	p := c.p
	if p.acceptKeyword("async") {
		c.s.types[c.name(0)] = []Type{asyncTokenType}
	}
	var deps []operandRef
	if p.is("[") {
		p.delimited("[", "]", func() { deps = append(deps, p.operandRef()) })
	}
	c.s.refs[c.name(1)] = deps
}

func printAsyncDependencies(c *customCall) {
	dp := c.dp
	if len(c.values(0)) > 0 {
		dp.blank()
		dp.p.w("async")
	}
	if deps := c.values(1); len(deps) > 0 {
		dp.blank()
		dp.p.bracketedValues(deps)
	}
}

// custom<LaunchFuncOperands>($args, type($args)): `args(%a : T, ...)`.
func parseLaunchFuncOperands(c *customCall) {
	p := c.p
	if !p.acceptKeyword("args") {
		return
	}
	var refs []operandRef
	var types []Type
	p.delimited("(", ")", func() {
		refs = append(refs, p.operandRef())
		p.expect(":")
		types = append(types, p.parseType())
	})
	c.s.refs[c.name(0)], c.s.types[c.name(0)] = refs, types
}

func printLaunchFuncOperands(c *customCall) {
	args := c.values(0)
	if len(args) == 0 {
		return
	}
	c.dp.blank()
	c.dp.p.w("args(")
	for i, a := range args {
		if i > 0 {
			c.dp.p.w(", ")
		}
		c.dp.p.value(a)
		c.dp.p.w(" : ")
		c.dp.p.typ(a.typ)
	}
	c.dp.p.w(")")
}

// custom<LaunchDimType>(type($gridX), ref($clusterX), type($clusterX),
// type($clusterY), type($clusterZ)): `: T` unless the sizes are index.
func parseLaunchDimType(c *customCall) {
	var t Type = Index
	if c.p.accept(":") {
		t = c.p.parseType()
	}
	c.s.types[c.name(0)] = []Type{t}
	if len(c.s.refs[c.name(1)]) > 0 {
		for _, a := range c.args[2:] {
			c.s.types[a.name] = []Type{t}
		}
	}
}

func printLaunchDimType(c *customCall) {
	if t := c.values(0)[0].typ; !TypesEqual(t, Index) {
		c.dp.blank()
		c.dp.p.w(": ")
		c.dp.p.typ(t)
	}
}

// custom<AllReduceOperation>($op): the operation's keyword, if any.
func parseAllReduceOperation(c *customCall) {
	if c.p.tok.kind == tBare {
		c.st.AddProp(c.name(0), gpuAllReduceOp.parse(c.p, c.name(0)))
	}
}

func printAllReduceOperation(c *customCall) {
	if a := c.dp.op.Prop(c.name(0)); a != nil {
		c.dp.blank()
		c.dp.p.w(gpuAllReduceOp.keyword(a))
	}
}

// custom<OffloadingHandler>($handler): `<attr>`, left out when it is the
// default, #gpu.select_object.
func parseOffloadingHandler(c *customCall) {
	var handler Attribute = gpuSelectObject
	if c.p.accept("<") {
		handler = c.p.parseAttr()
		c.p.expect(">")
	}
	c.st.AddProp(c.name(0), handler)
}

func printOffloadingHandler(c *customCall) {
	a := c.dp.op.Prop(c.name(0))
	if a == nil || a.String() == gpuSelectObject.Text {
		return
	}
	c.dp.blank()
	c.dp.p.w("<")
	c.dp.p.attr(a)
	c.dp.p.w(">")
}
