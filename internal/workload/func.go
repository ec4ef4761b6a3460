package workload

import (
	"bytes"
	"strconv"
)

// unitKind is one step of a function's chain of tensor updates.
type unitKind int

const (
	unitGenericInPlace unitKind = iota // linalg.generic updating the chain value in place
	unitSlice                          // extract_slice, fill, insert_slice
	unitLoop                           // scf.for with iter_args, extract/insert inside
	unitGenericEmpty                   // linalg.generic into a tensor.empty
	unitConflict                       // insert, then read the pre-insert value (RaW)
	unitLongRead                       // read a value from longReadDistance units back
)

// unitCycle is the order in which units repeat.
var unitCycle = [...]unitKind{unitGenericInPlace, unitSlice, unitLoop, unitGenericEmpty, unitConflict}

// unitOps is the number of operations each unit emits, regions included.
var unitOps = [...]int{
	unitGenericInPlace: 3, // generic, addf, yield
	unitSlice:          4, // extract_slice, fill (+ its implicit yield), insert_slice
	unitLoop:           5, // for, extract, addf, insert, yield
	unitGenericEmpty:   4, // empty, generic, mulf, yield
	unitConflict:       3, // insert, extract, insert
	unitLongRead:       2, // extract, insert
}

const (
	// Every longReadPeriod-th unit reads a value from longReadDistance units
	// back, which keeps a long-dead-looking tensor alive across many
	// in-place updates of the chain.
	longReadPeriod   = 20
	longReadDistance = 37
	indent           = "    "
	regionIndent     = "      "
)

// Nested regions are printed with names that depend on the naming state at
// the end of the enclosing function body (see scope), so a function is written
// with a marker byte followed by a slot number in their place and the slots
// are filled in by finish.
const marker = 0

const (
	slotInPlaceRegion = iota // body of a unitGenericInPlace generic
	slotEmptyRegion          // body of a unitGenericEmpty generic
	slotLoopIV               // induction variable of a unitLoop scf.for
	slotLoopIter             // iter_args block argument of a unitLoop scf.for
	slotLoopRegion           // body of a unitLoop scf.for
	numSlots
)

// funcWriter writes one function whose body is a chain of units, each taking
// the current chain value cur and producing the next.
type funcWriter struct {
	name   string
	buf    bytes.Buffer
	scope  *scope
	args   []string
	counts [numOpNames]int
	ops    int

	// Names of the function's constants.
	c    [7]string // index constants 0..6
	one  string    // f32 1.0
	half string    // f32 0.5

	cur     string
	history []string // the value each unit produced, in order
}

func newFunc(name string, numArgs int) *funcWriter {
	f := &funcWriter{name: name, scope: newScope(nil)}
	f.count(opFunc, 1)
	for range numArgs {
		f.args = append(f.args, f.scope.arg())
	}
	f.cur = f.args[0]
	for i := range f.c {
		v := strconv.Itoa(i)
		f.c[i] = f.constant("c"+v, v+" : index")
	}
	f.one = f.constant("cst", "1.000000e+00 : f32")
	f.half = f.constant("cst", "5.000000e-01 : f32")
	return f
}

func (f *funcWriter) count(op opName, k int) {
	f.counts[op] += k
	f.ops += k
}

func (f *funcWriter) line(s ...string) {
	f.buf.WriteString(indent)
	for _, p := range s {
		f.buf.WriteString(p)
	}
	f.buf.WriteByte('\n')
}

// slot is the placeholder for slots[i] in a function's text.
func slot(i int) string {
	return string([]byte{marker, byte(i)})
}

func (f *funcWriter) constant(nameHint, valueAndType string) string {
	v := f.scope.named(nameHint)
	f.line(v, " = arith.constant ", valueAndType)
	f.count(opConstant, 1)
	return v
}

// nextKind is the kind of the unit that unit will emit next.
func (f *funcWriter) nextKind() unitKind {
	k := len(f.history)
	if k%longReadPeriod == longReadPeriod-1 && k >= longReadDistance {
		return unitLongRead
	}
	return unitCycle[k%len(unitCycle)]
}

func (f *funcWriter) nextUnitOps() int { return unitOps[f.nextKind()] }

// unit emits the next unit of the chain.
func (f *funcWriter) unit() {
	s, cur := f.scope, f.cur
	var result string
	switch f.nextKind() {
	case unitGenericInPlace:
		result = s.unnamed()
		f.line(result, ` = linalg.generic {indexing_maps = [#map], iterator_types = ["parallel"]} outs(`, cur, " : ", tensorType, ") {")
		f.buf.WriteString(slot(slotInPlaceRegion))
		f.line("} -> ", tensorType)
		f.count(opGeneric, 1)
		f.count(opAddf, 1)
		f.count(opLinalgYield, 1)
	case unitSlice:
		slice := s.named("extracted_slice")
		f.line(slice, " = tensor.extract_slice ", cur, "[4] [8] [1] : ", tensorType, " to ", sliceType)
		filled := s.unnamed()
		f.line(filled, " = linalg.fill ins(", f.half, " : f32) outs(", slice, " : ", sliceType, ") -> ", sliceType)
		result = s.named("inserted_slice")
		f.line(result, " = tensor.insert_slice ", filled, " into ", cur, "[4] [8] [1] : ", sliceType, " into ", tensorType)
		f.count(opExtractSlice, 1)
		f.count(opFill, 1)
		f.count(opLinalgYield, 1) // linalg.fill's implicit region
		f.count(opInsertSlice, 1)
	case unitLoop:
		result = s.unnamed()
		f.line(result, " = scf.for ", slot(slotLoopIV), " = ", f.c[0], " to ", f.c[4], " step ", f.c[1],
			" iter_args(", slot(slotLoopIter), " = ", cur, ") -> (", tensorType, ") {")
		f.buf.WriteString(slot(slotLoopRegion))
		f.line("}")
		f.count(opFor, 1)
		f.count(opExtract, 1)
		f.count(opAddf, 1)
		f.count(opInsert, 1)
		f.count(opScfYield, 1)
	case unitGenericEmpty:
		empty := s.unnamed()
		f.line(empty, " = tensor.empty() : ", tensorType)
		result = s.unnamed()
		f.line(result, ` = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(`, cur, " : ", tensorType,
			") outs(", empty, " : ", tensorType, ") {")
		f.buf.WriteString(slot(slotEmptyRegion))
		f.line("} -> ", tensorType)
		f.count(opEmpty, 1)
		f.count(opGeneric, 1)
		f.count(opMulf, 1)
		f.count(opLinalgYield, 1)
	case unitConflict:
		// The extract reads cur after the first insert wrote it, so that
		// insert cannot happen in place without a copy.
		written := s.named("inserted")
		f.line(written, " = tensor.insert ", f.one, " into ", cur, "[", f.c[1], "] : ", tensorType)
		old := s.named("extracted")
		f.line(old, " = tensor.extract ", cur, "[", f.c[2], "] : ", tensorType)
		result = s.named("inserted")
		f.line(result, " = tensor.insert ", old, " into ", written, "[", f.c[3], "] : ", tensorType)
		f.count(opInsert, 2)
		f.count(opExtract, 1)
	case unitLongRead:
		old := s.named("extracted")
		f.line(old, " = tensor.extract ", f.history[len(f.history)-longReadDistance], "[", f.c[5], "] : ", tensorType)
		result = s.named("inserted")
		f.line(result, " = tensor.insert ", old, " into ", cur, "[", f.c[6], "] : ", tensorType)
		f.count(opExtract, 1)
		f.count(opInsert, 1)
	}
	f.history = append(f.history, result)
	f.cur = result
}

// call makes the chain value the result of calling @callee on args.
func (f *funcWriter) call(callee string, args ...string) {
	result := f.scope.unnamed()
	list, types := args[0], tensorType
	for _, a := range args[1:] {
		list += ", " + a
		types += ", " + tensorType
	}
	f.line(result, " = call @", callee, "(", list, ") : (", types, ") -> ", tensorType)
	f.count(opCall, 1)
	f.cur = result
}

// reread copies an element of arg into the chain value; placed after a call
// that received arg, it keeps arg alive across the call.
func (f *funcWriter) reread(arg string) {
	s := f.scope
	old := s.named("extracted")
	f.line(old, " = tensor.extract ", arg, "[", f.c[2], "] : ", tensorType)
	result := s.named("inserted")
	f.line(result, " = tensor.insert ", old, " into ", f.cur, "[", f.c[0], "] : ", tensorType)
	f.count(opExtract, 1)
	f.count(opInsert, 1)
	f.cur = result
}

// endFunc emits the function's return, fills in the nested regions and
// appends the function to the module.
func (g *generator) endFunc(f *funcWriter) {
	f.line("return ", f.cur, " : ", tensorType)
	f.count(opReturn, 1)

	var params string
	for i, a := range f.args {
		if i > 0 {
			params += ", "
		}
		params += a + ": " + tensorType
	}
	g.out.WriteString("  func.func @" + f.name + "(" + params + ") -> " + tensorType + " {\n")
	slots := f.regionSlots()
	text := f.buf.Bytes()
	for {
		i := bytes.IndexByte(text, marker)
		if i < 0 {
			break
		}
		g.out.Write(text[:i])
		g.out.WriteString(slots[text[i+1]])
		text = text[i+2:]
	}
	g.out.Write(text)
	g.out.WriteString("  }\n")

	for op, k := range f.counts {
		g.count(opName(op), k)
	}
}

// regionSlots renders the nested regions. mlir-opt names the values of every
// nested region starting from the naming state reached at the end of the
// enclosing block, so all regions of one kind in a function print alike.
func (f *funcWriter) regionSlots() [numSlots]string {
	var slots [numSlots]string

	s := f.scope.child()
	out, sum := s.named("out"), s.unnamed()
	slots[slotInPlaceRegion] = indent + "^bb0(" + out + ": f32):\n" +
		regionIndent + sum + " = arith.addf " + out + ", " + f.one + " : f32\n" +
		regionIndent + "linalg.yield " + sum + " : f32\n"

	s = f.scope.child()
	in, out := s.named("in"), s.named("out")
	product := s.unnamed()
	slots[slotEmptyRegion] = indent + "^bb0(" + in + ": f32, " + out + ": f32):\n" +
		regionIndent + product + " = arith.mulf " + in + ", " + f.half + " : f32\n" +
		regionIndent + "linalg.yield " + product + " : f32\n"

	s = f.scope.child()
	iv, iter := s.arg(), s.arg()
	elem := s.named("extracted")
	sum = s.unnamed()
	updated := s.named("inserted")
	slots[slotLoopIV], slots[slotLoopIter] = iv, iter
	slots[slotLoopRegion] = regionIndent + elem + " = tensor.extract " + iter + "[" + iv + "] : " + tensorType + "\n" +
		regionIndent + sum + " = arith.addf " + elem + ", " + f.one + " : f32\n" +
		regionIndent + updated + " = tensor.insert " + sum + " into " + iter + "[" + iv + "] : " + tensorType + "\n" +
		regionIndent + "scf.yield " + updated + " : " + tensorType + "\n"
	return slots
}
