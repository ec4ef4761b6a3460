package ir

import (
	"slices"
	"strconv"
	"strings"
)

// The sparse_tensor dialect's syntax (bufferlog reads and writes it; it
// does not bufferize sparse tensors): its ops are declared with assembly
// formats, from one table (format.go interprets it).

func init() {
	register("sparse_tensor.iterate", &opSyntax{Inherent: []string{"crdUsedLvls"}, Parse: parseSparseIterate, Print: printSparseIterate})
	for _, d := range sparseOps {
		register(d.name, d.syntax())
	}
}

var (
	sparseSpecifierKind = &declEnum{cases: []string{"lvl_sz", "pos_mem_sz", "crd_mem_sz", "val_mem_sz", "dim_offset", "dim_stride"}, dialect: "sparse_tensor", mnemonic: "kind"}
	sparseSortKind      = &declEnum{cases: []string{"hybrid_quick_sort", "insertion_sort_stable", "quick_sort", "heap_sort"}, dialect: "sparse_tensor", mnemonic: "SparseTensorSortAlgorithm"}
	sparseCrdDirection  = &declEnum{cases: []string{"dim_to_lvl", "lvl_to_dim"}, dialect: "sparse_tensor", mnemonic: "CrdTransDirection"}
)

// sparseOps are the sparse_tensor ops whose syntax is declarative.
var sparseOps = []*declOp{
	declare("sparse_tensor.assemble", "levels*, values -> result",
		"` ` `(` $levels `)` `,` $values attr-dict `:` `(` type($levels) `)` `,` type($values) `to` type($result)"),
	declare("sparse_tensor.binary", "x, y, @left_identity?:unit, @right_identity?:unit, ^overlapRegion, ^leftRegion, ^rightRegion -> output",
		"$x `,` $y `:` attr-dict type($x) `,` type($y) `to` type($output) `\\n` `overlap` `=` $overlapRegion `\\n` "+
			"`left` `=` (`identity` $left_identity^):($leftRegion)? `\\n` `right` `=` (`identity` $right_identity^):($rightRegion)?"),
	declare("sparse_tensor.compress", "values, filled, added, count:index, tensor, lvlCoords*:index -> result:=tensor",
		"$values `,` $filled `,` $added `,` $count `into` $tensor `[` $lvlCoords `]` attr-dict `:` type($values) `,` type($filled) `,` type($added) `,` type($tensor)"),
	declare("sparse_tensor.concatenate", "inputs*, @dimension:index -> result", "$inputs attr-dict `:` type($inputs) `to` type($result)"),
	declare("sparse_tensor.convert", "source -> dest", sparseConvertFormat),
	declare("sparse_tensor.coordinates", "tensor, @level:index -> result", sparseBufferFormat),
	declare("sparse_tensor.coordinates_buffer", "tensor -> result", sparseBufferFormat),
	declare("sparse_tensor.crd_translate", "in_crds*:index, @direction:sparse_tensor.crd_direction, @encoder:#sparse_tensor.encoding -> out_crds*",
		"$direction `[` $in_crds `]` `as` $encoder attr-dict `:` type($out_crds)"),
	declare("sparse_tensor.disassemble", "tensor, out_levels*, out_values -> ret_levels*, ret_values, lvl_lens*, val_len; same-variadic-size",
		"$tensor attr-dict `:` type($tensor) `out_lvls` `(` $out_levels `:` type($out_levels) `)` `out_vals` `(` $out_values `:` type($out_values) `)` `->` "+
			"`(` type($ret_levels) `)` `,` type($ret_values) `,` `(` type($lvl_lens) `)` `,` type($val_len)"),
	declare("sparse_tensor.expand", "tensor -> values, filled, added, count:index",
		"$tensor attr-dict `:` type($tensor) `to` type($values) `,` type($filled) `,` type($added)"),
	declare("sparse_tensor.extract_iteration_space", "tensor, parentIter?, @loLvl:index, @hiLvl:index -> extractedSpace",
		"$tensor (`at` $parentIter^)? `lvls` `=` custom<LevelRange>($loLvl, $hiLvl) attr-dict `:` type($tensor) (`,` type($parentIter)^)? `->` type($extractedSpace)"),
	declare("sparse_tensor.extract_value", "tensor, iterator -> result:element(tensor)",
		"$tensor `at` $iterator attr-dict `:` type($tensor) `,` type($iterator)"),
	declare("sparse_tensor.foreach", "tensor, initArgs*, @order?:any, ^region -> results*",
		"`in` $tensor (`init` `(` $initArgs^ `)`)? attr-dict `:` type($tensor) (`,` type($initArgs)^)? (`->` type($results)^)? `do` $region").
		impliesTerminator("sparse_tensor.yield"),
	declare("sparse_tensor.has_runtime_library", "-> result:i1", "attr-dict"),
	declare("sparse_tensor.load", "tensor, @hasInserts?:unit -> result:=tensor", "$tensor (`hasInserts` $hasInserts^)? attr-dict `:` type($tensor)"),
	declare("sparse_tensor.lvl", "source, index:index -> result:index", "attr-dict $source `,` $index `:` type($source)"),
	declare("sparse_tensor.new", "source -> result", "$source attr-dict `:` type($source) `to` type($result)"),
	declare("sparse_tensor.number_of_entries", "tensor -> result:index", "$tensor attr-dict `:` type($tensor)"),
	declare("sparse_tensor.out", "tensor, dest", "$tensor `,` $dest attr-dict `:` type($tensor) `,` type($dest)"),
	declare("sparse_tensor.positions", "tensor, @level:index -> result", sparseBufferFormat),
	declare("sparse_tensor.print", "tensor", "$tensor attr-dict `:` type($tensor)"),
	declare("sparse_tensor.push_back", "curSize:index, inBuffer, value, n?:index, @inbounds?:unit -> outBuffer:=inBuffer, newSize:index",
		"(`inbounds` $inbounds^)? $curSize `,` $inBuffer `,` $value (`,` $n^)? attr-dict `:` type($curSize) `,` type($inBuffer) `,` type($value) (`,` type($n)^)?"),
	declare("sparse_tensor.reduce", "x:=output, y:=output, identity:=output, ^region -> output", "$x `,` $y `,` $identity attr-dict `:` type($output) $region"),
	declare("sparse_tensor.reinterpret_map", "source -> dest", sparseConvertFormat),
	declare("sparse_tensor.reorder_coo", "input_coo, @algorithm:sparse_tensor.sort_kind -> result_coo",
		"$algorithm $input_coo attr-dict `:` type($input_coo) `to` type($result_coo)"),
	declare("sparse_tensor.select", "x, ^region -> output:=x", "$x attr-dict `:` type($x) $region"),
	declare("sparse_tensor.slice.offset", "slice, @dim:index -> offset:index", "$slice `at` $dim attr-dict `:` type($slice)"),
	declare("sparse_tensor.slice.stride", "slice, @dim:index -> stride:index", "$slice `at` $dim attr-dict `:` type($slice)"),
	declare("sparse_tensor.sort", "n:index, xy, ys*, @perm_map:any, @ny?:any, @algorithm:sparse_tensor.sort_kind",
		"$algorithm $n `,` $xy (`jointly` $ys^)? attr-dict `:` type($xy) (`jointly` type($ys)^)?"),
	declare("sparse_tensor.storage_specifier.get", "specifier, @specifierKind:sparse_tensor.kind, @level?:index -> result:index",
		"$specifier $specifierKind (`at` $level^)? attr-dict `:` qualified(type($specifier))"),
	declare("sparse_tensor.storage_specifier.init", "source? -> result",
		"attr-dict (`with` $source^)? `:` (`from` qualified(type($source))^ `to`)? qualified(type($result))"),
	declare("sparse_tensor.storage_specifier.set", "specifier:=result, @specifierKind:sparse_tensor.kind, @level?:index, value:index -> result",
		"$specifier $specifierKind (`at` $level^)? `with` $value attr-dict `:` qualified(type($result))"),
	declare("sparse_tensor.unary", "x, ^presentRegion, ^absentRegion -> output",
		"$x attr-dict `:` type($x) `to` type($output) `\\n` `present` `=` $presentRegion `\\n` `absent` `=` $absentRegion"),
	declare("sparse_tensor.values", "tensor -> result", sparseBufferFormat),
	declare("sparse_tensor.yield", "results*", "$results attr-dict `:` type($results)").endsBlock(),
}

// The formats of the conversions and of the ops that give a sparse
// tensor's buffers.
const (
	sparseConvertFormat = "$source attr-dict `:` type($source) `to` type($dest)"
	sparseBufferFormat  = "$tensor attr-dict `:` type($tensor) `to` type($result)"
)

// parseLevelRange reads the levels of an iteration space, `lo` or `lo
// to hi`: lo alone is the one level lo.
func parseLevelRange(c *customCall) {
	lo := c.p.integer()
	hi := lo + 1
	if c.p.acceptKeyword("to") {
		hi = c.p.integer()
	}
	c.st.AddProp(c.name(0), IntAttr(lo, Index))
	c.st.AddProp(c.name(1), IntAttr(hi, Index))
}

// levelRange returns the bounds of the range; ok is false unless both
// are index integers.
func (c *customCall) levelRange() (lo, hi int64, ok bool) {
	a, ok1 := c.dp.op.Prop(c.name(0)).(*IntegerAttr)
	b, ok2 := c.dp.op.Prop(c.name(1)).(*IntegerAttr)
	if !ok1 || !ok2 || !TypesEqual(a.Type, Index) || !TypesEqual(b.Type, Index) {
		return 0, 0, false
	}
	lo, ok1 = a.Int64()
	hi, ok2 = b.Int64()
	return lo, hi, ok1 && ok2
}

func levelRangeFits(c *customCall) bool {
	_, _, ok := c.levelRange()
	return ok
}

func printLevelRange(c *customCall) {
	lo, hi, _ := c.levelRange()
	c.dp.blank()
	c.dp.p.w(strconv.FormatInt(lo, 10))
	if hi != lo+1 {
		c.dp.p.w(" to " + strconv.FormatInt(hi, 10))
	}
}

var sparseYield = impliedTerminator{"sparse_tensor.yield", 0}

// sparse_tensor.iterate %it in %space (at(%c0, _, ...))? (iter_args(%a =
// %init, ...))? : spaceType (-> types)? region. The body's arguments are
// the iter_args, the coordinates of the levels written in at(...) (a bit
// each in crdUsedLvls), then the iterator. MLIR's printer writes no
// attribute dictionary.
func parseSparseIterate(p *parser, st *OpState) {
	it := p.regionArgDecl()
	p.expectKeyword("in")
	space := p.operandRef()
	var crds []RegionArg
	var used int64
	if p.acceptKeyword("at") {
		level := 0
		p.delimited("(", ")", func() {
			if !p.acceptKeyword("_") {
				crds = append(crds, p.regionArgDecl())
				used |= 1 << level
			}
			level++
		})
	}
	at := p.pos()
	var iterArgs []RegionArg
	var inits []operandRef
	if p.acceptKeyword("iter_args") {
		iterArgs, inits = p.assignmentList()
	}
	p.expect(":")
	spaceAt := p.pos()
	spaceType := p.parseType()
	iterType, ok := sparseIteratorType(spaceType)
	if !ok {
		p.failAt(spaceAt, "expected an iteration space type, found %s", spaceType)
	}
	st.ResultTypes = p.optionalArrowTypes()
	if len(st.ResultTypes) != len(inits) {
		p.failAt(at, "mismatch in number of iteration arguments and results")
	}
	args := slices.Concat(typedArgs(iterArgs, st.ResultTypes), typedArgs(crds, repeatType(Index, len(crds))), typedArgs([]RegionArg{it}, []Type{iterType}))
	body := p.parseRegion(args)
	sparseYield.ensureIn(body)
	st.Regions = []*Region{body}
	st.Operands = append([]*Value{p.resolve(space, spaceType)}, p.resolveAll(inits, st.ResultTypes, at)...)
	st.AddProp("crdUsedLvls", IntAttr(used, I64))
}

func printSparseIterate(p *printer, op *Operation) bool {
	used, ok := op.Prop("crdUsedLvls").(*IntegerAttr)
	if !ok || !TypesEqual(used.Type, I64) || len(op.operands) < 1 || len(op.Regions) != 1 || len(op.Regions[0].blocks) == 0 ||
		len(otherAttrs(op, []string{"crdUsedLvls"})) > 0 {
		return false
	}
	bits, ok := used.Int64()
	levels, okLevels := sparseSpaceLevels(op.operands[0].typ)
	iterType, okIter := sparseIteratorType(op.operands[0].typ)
	if !ok || !okLevels || !okIter || bits < 0 || bits>>levels != 0 {
		return false
	}
	inits := op.operands[1:]
	args := op.Regions[0].blocks[0].args
	crds := 0
	for l := range levels {
		crds += int(bits >> l & 1)
	}
	if len(args) != len(inits)+crds+1 || !sameTypes(op.results, valueTypes(inits)) || !sameTypes(args[:len(inits)], valueTypes(inits)) ||
		!allIndex(args[len(inits):len(inits)+crds]) || !TypesEqual(args[len(args)-1].typ, iterType) {
		return false
	}
	p.w("sparse_tensor.iterate ")
	p.value(args[len(args)-1])
	p.w(" in ")
	p.value(op.operands[0])
	if bits != 0 {
		p.w(" at(")
		next := len(inits)
		for l := range levels {
			if l > 0 {
				p.w(", ")
			}
			if bits>>l&1 == 0 {
				p.w("_")
				continue
			}
			p.value(args[next])
			next++
		}
		p.w(")")
	}
	if len(inits) > 0 {
		p.w(" iter_args")
		p.assignmentList(args[:len(inits)], inits)
	}
	p.w(" : ")
	p.typ(op.operands[0].typ)
	p.arrowTypes(valueTypes(op.results))
	p.w(" ")
	return p.impliedTerminatorRegion(op.Regions[0], sparseYield, len(inits) == 0)
}

// sparseSpaceLevels is the number of levels of an iteration space type,
// !sparse_tensor.iter_space<#enc, lvls = lo to hi> (or lvls = lo: one).
func sparseSpaceLevels(t Type) (int64, bool) {
	o, ok := t.(*OpaqueType)
	if !ok || !strings.HasPrefix(o.Text, "!sparse_tensor.iter_space<") {
		return 0, false
	}
	_, lo, hi, ok := sparseLevels(o.Text)
	return hi - lo, ok
}

// sparseLevels splits the type text of an iteration space or iterator at
// its levels: what comes before them, and the range [lo, hi).
func sparseLevels(text string) (head string, lo, hi int64, ok bool) {
	i := strings.LastIndex(text, "lvls = ")
	rng, closed := strings.CutSuffix(text[max(i, 0):], ">")
	if i < 0 || !closed {
		return "", 0, 0, false
	}
	head, rng = text[:i+len("lvls = ")], rng[len("lvls = "):]
	l, h, isRange := strings.Cut(rng, " to ")
	lo, err1 := strconv.ParseInt(l, 10, 64)
	hi, err2 := lo+1, error(nil)
	if isRange {
		hi, err2 = strconv.ParseInt(h, 10, 64)
	}
	return head, lo, hi, err1 == nil && err2 == nil && hi > lo
}

// canonicalSparseLevels writes the levels of an iteration space or
// iterator type as MLIR prints them, lvls = lo for the one level lo (lvls
// = lo to lo+1 is the same type).
func canonicalSparseLevels(text string) string {
	if !strings.HasPrefix(text, "!sparse_tensor.iter_space<") && !strings.HasPrefix(text, "!sparse_tensor.iterator<") {
		return text
	}
	if head, lo, hi, ok := sparseLevels(text); ok && hi == lo+1 {
		return head + strconv.FormatInt(lo, 10) + ">"
	}
	return text
}

// sparseIteratorType is the type of the iterators of an iteration space
// type: the same parameters, as !sparse_tensor.iterator.
func sparseIteratorType(t Type) (Type, bool) {
	o, ok := t.(*OpaqueType)
	if !ok {
		return nil, false
	}
	params, ok := strings.CutPrefix(o.Text, "!sparse_tensor.iter_space<")
	if !ok {
		return nil, false
	}
	return &OpaqueType{Text: "!sparse_tensor.iterator<" + params}, true
}
