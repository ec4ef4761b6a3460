package workload

import (
	"bytes"
	"strconv"
)

// Program is one generated MLIR module.
type Program struct {
	// Text is the module in mlir-opt-22's pretty syntax, byte for byte as
	// mlir-opt-22 prints it (so it ends with an empty line).
	Text []byte
	// Ops is the exact number of operations in Text.
	Ops int
	// OpCounts holds the number of operations per operation name, e.g.
	// OpCounts["linalg.generic"]; the values sum to Ops.
	OpCounts map[string]int
}

const (
	tensorType = "tensor<16xf32>"
	sliceType  = "tensor<8xf32>"
	// The identity map is the only affine map used; mlir-opt prints it as an
	// alias.
	mapAlias = "#map = affine_map<(d0) -> (d0)>\n"
	// printDecl is the runtime function @main uses to print its result.
	printDecl = `  func.func private @printMemrefF32(tensor<*xf32> {bufferization.access = "read"})` + "\n"
)

// Chain returns a module with one function @chain holding a long chain of
// tensor updates, plus a runnable @main that calls it and prints the result.
// The module has at most n operations and at most 5 fewer, except that it
// never has fewer than its fixed 22 (module, declarations, constants, @main).
func Chain(n int) Program {
	var g generator
	g.begin()
	const tailOps = 1 + mainOps // chain's return, then @main
	f := newFunc("chain", 1)
	for f.ops+f.nextUnitOps() <= n-g.ops-tailOps {
		f.unit()
	}
	g.endFunc(f)
	g.main("chain", 1)
	return g.end()
}

// Module returns a module of about n operations spread over n/per functions
// @f0, @f1, ... of about per operations each. Each @fK calls a shared @leaf
// and (for K > 0) @f{K-1}, passing its second argument along, and re-reads
// that argument after the calls. @main calls the last function and prints
// the result. A per below 1 counts as 1.
func Module(n, per int) Program {
	per = max(per, 1)
	numFuncs := max(1, n/per)
	var g generator
	g.begin()

	leaf := newFunc("leaf", 1)
	for leaf.ops < 20 {
		leaf.unit()
	}
	g.endFunc(leaf)

	// Function k ends when the module reaches its share of the ops left
	// after the fixed parts, so rounding does not add up over many functions.
	start, budget := g.ops, n-g.ops-mainOps
	for k := range numFuncs {
		end := start + budget*(k+1)/numFuncs
		f := newFunc("f"+strconv.Itoa(k), 2)
		for f.ops < per/2 {
			f.unit()
		}
		f.call("leaf", f.cur)
		if k > 0 {
			f.call("f"+strconv.Itoa(k-1), f.cur, f.args[1])
		}
		f.reread(f.args[1])
		const returnOps = 1
		for g.ops+f.ops+f.nextUnitOps()+returnOps <= end {
			f.unit()
		}
		g.endFunc(f)
	}
	g.main("f"+strconv.Itoa(numFuncs-1), 2)
	return g.end()
}

// opName indexes the operation counters; opNames holds the printed names.
type opName int

const (
	opModule opName = iota
	opFunc
	opReturn
	opCall
	opConstant
	opAddf
	opMulf
	opGeneric
	opLinalgYield
	opFill
	opEmpty
	opExtractSlice
	opInsertSlice
	opExtract
	opInsert
	opCast
	opFor
	opScfYield
	numOpNames
)

var opNames = [numOpNames]string{
	opModule:       "builtin.module",
	opFunc:         "func.func",
	opReturn:       "func.return",
	opCall:         "func.call",
	opConstant:     "arith.constant",
	opAddf:         "arith.addf",
	opMulf:         "arith.mulf",
	opGeneric:      "linalg.generic",
	opLinalgYield:  "linalg.yield",
	opFill:         "linalg.fill",
	opEmpty:        "tensor.empty",
	opExtractSlice: "tensor.extract_slice",
	opInsertSlice:  "tensor.insert_slice",
	opExtract:      "tensor.extract",
	opInsert:       "tensor.insert",
	opCast:         "tensor.cast",
	opFor:          "scf.for",
	opScfYield:     "scf.yield",
}

// generator assembles a module and counts its operations.
type generator struct {
	out    bytes.Buffer
	counts [numOpNames]int
	ops    int
}

func (g *generator) count(op opName, k int) {
	g.counts[op] += k
	g.ops += k
}

func (g *generator) begin() {
	g.out.WriteString("module {\n")
	g.count(opModule, 1)
	g.out.WriteString(printDecl)
	g.count(opFunc, 1)
}

func (g *generator) end() Program {
	// mlir-opt ends its output with an empty line.
	g.out.WriteString("}\n\n")
	p := Program{Text: g.out.Bytes(), Ops: g.ops, OpCounts: map[string]int{}}
	if g.counts[opGeneric] > 0 { // mlir-opt prints only aliases in use
		p.Text = append([]byte(mapAlias), p.Text...)
	}
	for op, k := range g.counts {
		if k > 0 {
			p.OpCounts[opNames[op]] = k
		}
	}
	return p
}

// mainOps is the number of operations main emits.
const mainOps = 9

// main emits @main, which fills a tensor with zeros, passes it as each of
// the numArgs arguments of @callee and prints the result.
func (g *generator) main(callee string, numArgs int) {
	s := newScope(nil)
	zero, empty, filled := s.named("cst"), s.unnamed(), s.unnamed()
	result, cast := s.unnamed(), s.named("cast")
	args, types := filled, tensorType
	for range numArgs - 1 {
		args += ", " + filled
		types += ", " + tensorType
	}
	b := &g.out
	b.WriteString("  func.func @main() {\n")
	b.WriteString("    " + zero + " = arith.constant 0.000000e+00 : f32\n")
	b.WriteString("    " + empty + " = tensor.empty() : " + tensorType + "\n")
	b.WriteString("    " + filled + " = linalg.fill ins(" + zero + " : f32) outs(" + empty + " : " + tensorType + ") -> " + tensorType + "\n")
	b.WriteString("    " + result + " = call @" + callee + "(" + args + ") : (" + types + ") -> " + tensorType + "\n")
	b.WriteString("    " + cast + " = tensor.cast " + result + " : " + tensorType + " to tensor<*xf32>\n")
	b.WriteString("    call @printMemrefF32(" + cast + ") : (tensor<*xf32>) -> ()\n")
	b.WriteString("    return\n")
	b.WriteString("  }\n")
	g.count(opFunc, 1)
	g.count(opConstant, 1)
	g.count(opEmpty, 1)
	g.count(opFill, 1)
	g.count(opLinalgYield, 1) // linalg.fill's implicit region
	g.count(opCall, 2)
	g.count(opCast, 1)
	g.count(opReturn, 1)
}
