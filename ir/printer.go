package ir

import (
	"bufio"
	"io"
	"slices"
	"strconv"
	"strings"
	"sync"

	"bufferlog/internal/parallel"
)

// PrintOptions controls the printer.
type PrintOptions struct {
	// Generic prints every operation in the generic form.
	Generic bool
	// Workers is how many goroutines may print the ops of a long block
	// (a module of many functions, a large function's body) at once; 0
	// or 1 prints them one after the other. The text is the same.
	Workers int
	// Named says that AssignNames named the module and that no value,
	// block or op was added, removed or moved since (attributes may
	// change): Print keeps those names instead of naming again.
	Named bool
	// Ahead holds ops of the module's body printed already: Print writes
	// their text as it is.
	Ahead *Ahead
}

// Ahead prints ops of a module's body before the module is printed, so
// that a function's text can be made as soon as the function is final
// (its annotations set), beside the work on the others.
type Ahead struct {
	generic bool
	workers int
	mu      sync.Mutex
	text    map[*Operation][]byte
}

// NewAhead returns an empty Ahead that prints as Print with opts would
// (opts.Ahead aside).
func NewAhead(opts PrintOptions) *Ahead {
	return &Ahead{generic: opts.Generic, workers: opts.Workers, text: map[*Operation][]byte{}}
}

// Print prints op, an op of a module's body, as Print will print it
// there, a long op on the workers of the options. The module must have
// its names (AssignNames), and op must not change after. Print may run
// for several ops at once, beside code that changes other ops of the
// module.
func (a *Ahead) Print(op *Operation) {
	p := &printer{generic: a.generic, workers: a.workers, indent: 1}
	// Sized for the op's text at once: grown from empty, the buffers of
	// a module's functions made 20 MB of garbage for 7 MB of text.
	ops := 0
	Walk(op, func(*Operation) bool { ops++; return true })
	p.buf.b = make([]byte, 0, ops*aheadBytesPerOp)
	p.op(op)
	a.mu.Lock()
	defer a.mu.Unlock()
	a.text[op] = p.buf.b
}

// aheadBytesPerOp is about the length of an op's text, annotated for the
// analysis (99 bytes in the functions of the generated module, counting
// the ops of linalg.generic bodies), with some room: a buffer that
// overflows is grown to twice its size, copied.
const aheadBytesPerOp = 128

// printed returns the text printed ahead for op, if any.
func (a *Ahead) printed(op *Operation) ([]byte, bool) {
	if a == nil {
		return nil, false
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	text, ok := a.text[op]
	return text, ok
}

// Print writes m as MLIR text. Ops with a registered custom syntax print in
// it unless opts.Generic is set; all others print in the generic form.
// Printing records the chosen names in the IR, so one module must not be
// printed by two goroutines at once.
func Print(w io.Writer, m *Module, opts PrintOptions) error {
	bw := bufio.NewWriterSize(w, 1<<16)
	p := &printer{generic: opts.Generic, out: bw, workers: opts.Workers, ahead: opts.Ahead, body: m.Body()}
	p.buf.b = make([]byte, 0, 2*flushSize)
	for _, a := range m.Aliases {
		p.buf.str(a.Name)
		p.buf.str(" = ")
		p.buf.str(a.Source)
		p.buf.ch('\n')
	}
	if !opts.Named {
		p.assignNames(m.Op)
	}
	if m.Implicit {
		p.buf.str("module")
		if m.Op.Attrs.Len() > 0 || m.Op.Properties.Len() > 0 {
			p.attrDictWithKeyword(m.Op)
		}
		p.buf.str(" {\n")
		p.indent = 1
		p.ops(m.Body().Ops())
		p.buf.str("}\n")
	} else {
		p.op(m.Op)
	}
	if m.Resources != "" {
		p.buf.str("\n{-#\n")
		p.buf.str(m.Resources)
		p.buf.str("\n#-}\n")
	}
	p.flush()
	if p.err != nil {
		return p.err
	}
	return bw.Flush()
}

// String prints the module with default options.
func (m *Module) String() string {
	var sb strings.Builder
	_ = Print(&sb, m, PrintOptions{})
	return sb.String()
}

// printer writes ops into buf, which is flushed between top-level ops so a
// large module is never held twice in memory.
type printer struct {
	buf     buffer
	indent  int
	generic bool
	out     *bufio.Writer
	err     error // the first write error; later output is dropped
	// marks has one entry per custom printer running, true once it has
	// committed; uncommitted counts the false entries.
	marks       []bool
	uncommitted int
	workers     int        // PrintOptions.Workers
	helpers     []*printer // print runs of a long block beside this one (ops)
	inRound     bool       // the helpers are printing runs of a block
	ahead       *Ahead     // PrintOptions.Ahead: text of ops of body
	body        *Block     // the module's body
}

func (p *printer) flush() {
	if p.err == nil && p.out != nil {
		_, p.err = p.out.Write(p.buf.b)
	}
	p.buf.b = p.buf.b[:0]
}

// nameScope hands out SSA names within one isolated-from-above op.
type nameScope struct {
	// numbered holds the names that end in a number written as
	// strconv.Itoa writes it ("0", "arg3", "in_12"), as a set of numbers
	// per stem (the name without them): most names of a large function
	// are such, and a bit is cheaper to test than a string to hash in a
	// map of every name. used holds the others.
	numbered map[string]*numberSet
	used     map[string]struct{}
	// words counts the words of the numbered sets, taken the names
	// handed out: the sets hold at most a word per name, past the first
	// setBudget, so that a name such as %20000000 cannot make one that
	// large.
	words, taken int
	next         int
	// deferred holds ops whose regions are named after the rest of the
	// scope (see opSyntax.HidesRegions).
	deferred []*Operation
	// suffix is, for a hint already taken, the stem of the names derived
	// from it and the next number to try, so that a hint used n times
	// costs O(n), not O(n^2).
	suffix map[string]*derived
}

// numberSet is the set of numbers taken after one stem: bit k of bits
// for the number k. A number the set cannot hold within the budget goes
// to the names in used, as a string, and the set is marked spilled: once
// it grows, a number it holds may then be in used too.
type numberSet struct {
	bits    []uint64
	spilled bool
}

type derived struct {
	stem string
	next int
}

// AssignNames gives every value and block of m the name Print would give
// it, readable with Value.PrintName and Block.Label, so that tools naming
// IR objects (fact dumps, explanations) agree with the printed text. The
// functions are named on up to workers goroutines. It writes nothing
// but the names: it may run beside code that reads the IR and not the
// names.
func AssignNames(m *Module, workers int) {
	p := printer{workers: workers}
	p.assignNames(m.Op)
}

// PrintName returns the name the last Print or AssignNames gave v, such as
// `%x` or `%0#1`, or "" if it was never named.
func (v *Value) PrintName() string {
	if v.printName == "" {
		return ""
	}
	return "%" + v.printName
}

// Label returns the label the last Print or AssignNames gave b (`^bb1`).
func (b *Block) Label() string {
	if b.label == 0 {
		return ""
	}
	return "^bb" + strconv.Itoa(int(b.label-1))
}

// label prints b's label.
func (p *printer) label(b *Block) {
	if b.label == 0 {
		return
	}
	p.buf.str("^bb")
	p.buf.b = strconv.AppendInt(p.buf.b, int64(b.label-1), 10)
}

// assignNames names every value and block before printing, so forward
// references print the same name as the definition. Source names are kept
// where they are unique in their function; the rest are numbered.
func (p *printer) assignNames(op *Operation) {
	p.nameRegions(op, nil)
}

func (p *printer) nameRegions(op *Operation, s *nameScope) {
	own := s == nil || isolatedOp(op.Name)
	if own {
		s = newNameScope()
	}
	// The ops isolated from above (a module's functions) name their
	// values in scopes of their own: on several goroutines.
	var isolated []*Operation
	for _, r := range op.Regions {
		for i, b := range r.blocks {
			b.label = int32(i + 1)
			for _, a := range b.args {
				a.printName = s.fresh(a.Name, "arg")
			}
			for _, o := range b.ops {
				p.nameResults(o, s)
				switch {
				case len(o.Regions) == 0:
				case isolatedOp(o.Name):
					isolated = append(isolated, o)
				case syntaxes[o.Name] != nil && syntaxes[o.Name].HidesRegions:
					s.deferred = append(s.deferred, o)
				default:
					p.nameRegions(o, s)
				}
			}
		}
	}
	parallel.For(len(isolated), p.workers, func(k int) { p.nameRegions(isolated[k], nil) })
	if !own {
		return
	}
	// Regions a custom form may leave implicit are named last, so that
	// their values, printed or not, never shift the names of the others.
	for len(s.deferred) > 0 {
		o := s.deferred[0]
		s.deferred = s.deferred[1:]
		p.nameRegions(o, s)
	}
}

func (p *printer) nameResults(op *Operation, s *nameScope) {
	n := len(op.results)
	if n == 0 {
		return
	}
	if n > 1 && p.isGroup(op) {
		base := s.fresh(op.results[0].Name, "")
		for i, v := range op.results {
			v.printName = base + "#" + strconv.Itoa(i)
		}
		return
	}
	for _, v := range op.results {
		v.printName = s.fresh(v.Name, "")
	}
}

// isGroup reports whether a multi-result op prints as `%name:N`: when its
// results share one source name or have none.
func (p *printer) isGroup(op *Operation) bool {
	first := op.results[0].Name
	for _, v := range op.results[1:] {
		if v.Name != first {
			return false
		}
	}
	return true
}

func newNameScope() *nameScope {
	return &nameScope{numbered: map[string]*numberSet{}, used: map[string]struct{}{}, suffix: map[string]*derived{}}
}

// fresh returns hint if it is unused, else a derived or numbered name.
func (s *nameScope) fresh(hint, prefix string) string {
	if hint != "" && s.take(hint) {
		return hint
	}
	if hint != "" && !isDigit(hint[0]) {
		d := s.suffix[hint]
		if d == nil {
			d = &derived{stem: hint + "_"}
			s.suffix[hint] = d
		}
		return s.firstFree(d.stem, &d.next)
	}
	return s.firstFree(prefix, &s.next)
}

// firstFree takes the first free name of stem followed by a number, the
// numbers tried from *next on, and leaves *next after it.
func (s *nameScope) firstFree(stem string, next *int) string {
	for {
		k := *next
		*next++
		if s.takeNumbered(stem, k) {
			return numberedString(stem, k)
		}
	}
}

// numberedString returns stem followed by k in decimal, in one
// allocation.
func numberedString(stem string, k int) string {
	var b [32]byte
	return string(strconv.AppendInt(append(b[:0], stem...), int64(k), 10))
}

// take marks name as used and reports whether it was free.
func (s *nameScope) take(name string) bool {
	if stem, k, ok := numberedName(name); ok {
		return s.takeNumbered(stem, k)
	}
	return s.takeString(name)
}

// setBudget is how many words the numbered sets of a scope may hold
// before it has handed out any name.
const setBudget = 1024

// takeNumbered is take of the name stem followed by k in decimal.
func (s *nameScope) takeNumbered(stem string, k int) bool {
	set := s.numbered[stem]
	if set == nil {
		set = &numberSet{}
		s.numbered[stem] = set
	}
	w, bit := k/64, uint64(1)<<(k%64)
	if w >= len(set.bits) && !s.grow(set, w+1) {
		set.spilled = true
		return s.takeString(numberedString(stem, k))
	}
	if set.bits[w]&bit != 0 {
		return false
	}
	if set.spilled {
		if _, used := s.used[numberedString(stem, k)]; used {
			return false
		}
	}
	set.bits[w] |= bit
	s.taken++
	return true
}

// grow makes set hold at least n words, doubling it where the budget
// allows, and reports whether it could.
func (s *nameScope) grow(set *numberSet, n int) bool {
	room := setBudget + s.taken - s.words
	more := max(n, 2*len(set.bits)) - len(set.bits)
	if more > room {
		more = n - len(set.bits)
	}
	if more > room {
		return false
	}
	set.bits = append(set.bits, make([]uint64, more)...)
	s.words += more
	return true
}

func (s *nameScope) takeString(name string) bool {
	if _, used := s.used[name]; used {
		return false
	}
	s.used[name] = struct{}{}
	s.taken++
	return true
}

// numberedName splits a name that ends in a number written as
// strconv.Itoa writes it (no leading zero) into its stem and that
// number, the names takeNumbered keeps. Each such name has one split:
// the number is all the digits at the end.
func numberedName(name string) (stem string, k int, ok bool) {
	i := len(name)
	for i > 0 && isDigit(name[i-1]) {
		i--
	}
	digits := name[i:]
	if digits == "" || len(digits) > 9 || (digits[0] == '0' && len(digits) > 1) {
		return "", 0, false
	}
	for j := 0; j < len(digits); j++ {
		k = k*10 + int(digits[j]-'0')
	}
	return name[:i], k, true
}

func (p *printer) newline() {
	p.buf.ch('\n')
	p.writeIndent()
}

func (p *printer) op(op *Operation) {
	if op.block == p.body {
		if text, ok := p.ahead.printed(op); ok {
			p.buf.b = append(p.buf.b, text...)
			p.flushIfFull()
			return
		}
	}
	p.writeIndent()
	p.resultDefs(op)
	p.opBody(op)
	if op.Loc() != nil {
		p.buf.ch(' ')
		op.Loc().writeAttr(&p.buf)
	}
	p.buf.ch('\n')
	p.flushIfFull()
}

// opBody prints op after its result names: its custom form where it has
// one that fits, else the generic form.
func (p *printer) opBody(op *Operation) {
	mark := len(p.buf.b)
	printed := false
	if !p.generic {
		if syn := syntaxes[op.Name]; syn != nil && syn.Print != nil && fitsCustomShape(syn, op) {
			p.marks = append(p.marks, false)
			p.uncommitted++
			printed = syn.Print(p, op)
			committed := p.marks[len(p.marks)-1]
			p.marks = p.marks[:len(p.marks)-1]
			if !committed {
				p.uncommitted--
			}
			if !printed {
				if committed {
					panic("ir: custom printer of " + op.Name + " gave up after committing")
				}
				p.buf.b = p.buf.b[:mark]
			}
		}
	}
	if !printed {
		p.genericOp(op)
	}
}

// flushIfFull writes the text out once it is long, unless a custom printer
// may still give up on it. A helper (see ops) has no output: it keeps its
// text for the printer it helps.
func (p *printer) flushIfFull() {
	if p.out != nil && p.uncommitted == 0 && len(p.buf.b) >= flushSize {
		p.flush()
	}
}

// printRunOps is about how many ops, counting those nested in them, each
// goroutine prints at a time (ops).
const printRunOps = 512

// ops prints the ops of a block. A long list, counting the ops nested in
// them (a module of functions is a few ops holding many), is printed in
// rounds of one run of ops per worker, the runs of a round at once, each
// by a printer of its own at the same indent, and their text written in
// order: names are assigned before any op is printed, and printing an op
// writes nothing that printing another reads. The helpers keep their
// buffers from round to round, so that a round takes no new memory. The
// blocks nested in a run are printed by one goroutine: the helpers are
// busy with the round.
func (p *printer) ops(ops []*Operation) {
	var runs [][]*Operation
	if p.workers >= 2 && !p.inRound {
		runs = printRuns(ops)
	}
	if runs == nil {
		for _, o := range ops {
			p.op(o)
		}
		return
	}
	if p.helpers == nil {
		p.helpers = make([]*printer, p.workers-1)
		for i := range p.helpers {
			p.helpers[i] = &printer{generic: p.generic, ahead: p.ahead, body: p.body}
		}
	}
	p.inRound = true
	defer func() { p.inRound = false }()
	for len(runs) > 0 {
		var wg sync.WaitGroup
		rest := runs[1:]
		used := p.helpers[:min(len(p.helpers), len(rest))]
		for k, h := range used {
			h.indent, h.buf.b = p.indent, h.buf.b[:0]
			wg.Go(func() {
				for _, o := range rest[k] {
					h.op(o)
				}
			})
		}
		for _, o := range runs[0] {
			p.op(o)
		}
		wg.Wait()
		for _, h := range used {
			p.buf.b = append(p.buf.b, h.buf.b...)
			p.flushIfFull()
		}
		runs = rest[len(used):]
	}
}

// printRuns cuts ops into runs of about printRunOps ops each, counting
// the ops nested in them, or returns nil if that makes fewer than two
// runs of which the last is at least half full.
func printRuns(ops []*Operation) [][]*Operation {
	if len(ops) < 2 {
		return nil
	}
	var runs [][]*Operation
	start, size, last := 0, 0, 0
	for i, o := range ops {
		size += 1 + nestedOps(o, printRunOps-size)
		if size >= printRunOps || i == len(ops)-1 {
			runs = append(runs, ops[start:i+1])
			start, size, last = i+1, 0, size
		}
	}
	if len(runs) < 2 || len(runs) == 2 && last < printRunOps/2 {
		return nil
	}
	return runs
}

// nestedOps counts the ops nested in op, up to limit.
func nestedOps(op *Operation, limit int) int {
	n := 0
	for _, r := range op.Regions {
		for _, b := range r.blocks {
			for _, o := range b.ops {
				if n >= limit {
					return n
				}
				n += 1 + nestedOps(o, limit-n-1)
			}
		}
	}
	return n
}

// fitsCustomShape rejects, before any custom printer runs, ops whose
// shape no custom form of their kind can spell: successors on an op whose
// syntax is not a branch, results on a terminator that is not a branch, a
// name that is both a property and an attribute.
// Such ops only come from generic input that MLIR's verifier would reject,
// but printing them must still not lose anything.
func fitsCustomShape(syn *opSyntax, op *Operation) bool {
	if len(op.Successors()) > 0 && !syn.Branch {
		return false
	}
	return (!syn.Terminator || syn.Branch || len(op.results) == 0) && !propertyAlsoAttr(op)
}

// propertyAlsoAttr reports whether a name is both a property and an
// attribute of op: a custom form prints both in one dictionary (see
// otherAttrs), which must not hold a name twice.
func propertyAlsoAttr(op *Operation) bool {
	if op.Properties == nil || op.Attrs == nil {
		return false
	}
	for _, e := range op.Attrs.Entries {
		if op.Properties.Get(e.Name) != nil {
			return true
		}
	}
	return false
}

// flushSize is how much output the printer holds before writing it out,
// when no custom printer could still roll it back.
const flushSize = 1 << 16

// commit tells the printer that the custom printer running now will not
// give up: the text it writes from here on may be flushed, which keeps
// the printer's memory small however large a function body is.
func (p *printer) commit() {
	if n := len(p.marks); n > 0 && !p.marks[n-1] {
		p.marks[n-1] = true
		p.uncommitted--
	}
}

func (p *printer) resultDefs(op *Operation) {
	if len(op.results) == 0 {
		return
	}
	first := op.results[0].printName
	if i := strings.IndexByte(first, '#'); i >= 0 {
		p.buf.ch('%')
		p.buf.str(first[:i])
		p.buf.ch(':')
		p.buf.str(strconv.Itoa(len(op.results)))
	} else {
		for i, v := range op.results {
			if i > 0 {
				p.buf.str(", ")
			}
			p.buf.ch('%')
			p.buf.str(v.printName)
		}
	}
	p.buf.str(" = ")
}

func (p *printer) genericOp(op *Operation) {
	writeQuoted(&p.buf, op.Name)
	p.buf.ch('(')
	p.values(op.operands)
	p.buf.ch(')')
	if len(op.Successors()) > 0 {
		p.buf.ch('[')
		for i, b := range op.Successors() {
			if i > 0 {
				p.buf.str(", ")
			}
			p.label(b)
		}
		p.buf.ch(']')
	}
	if op.Properties.Len() > 0 {
		p.buf.str(" <")
		op.Properties.writeAttr(&p.buf)
		p.buf.ch('>')
	}
	if len(op.Regions) > 0 {
		p.buf.str(" (")
		for i, r := range op.Regions {
			if i > 0 {
				p.buf.str(", ")
			}
			p.region(r, true)
		}
		p.buf.ch(')')
	}
	if op.Attrs.Len() > 0 {
		p.buf.ch(' ')
		op.Attrs.writeAttr(&p.buf)
	}
	p.buf.str(" : (")
	for i, v := range op.operands {
		if i > 0 {
			p.buf.str(", ")
		}
		v.typ.writeType(&p.buf)
	}
	p.buf.str(") -> ")
	types := make([]Type, len(op.results))
	for i, v := range op.results {
		types[i] = v.typ
	}
	writeResultTypes(&p.buf, types)
}

// region prints `{ blocks }`. When printEntryArgs is false the entry block's
// arguments were already declared by the op's custom syntax.
func (p *printer) region(r *Region, printEntryArgs bool) { p.regionBut(r, printEntryArgs, nil) }

// regionBut prints r as region does, without the op skip.
func (p *printer) regionBut(r *Region, printEntryArgs bool, skip *Operation) {
	// Every line ends with its newline as it is written, never trimmed
	// later: the printer may have flushed it already.
	p.buf.str("{\n")
	for i, b := range r.blocks {
		ops := b.ops
		if n := len(ops); n > 0 && ops[n-1] == skip {
			ops = ops[:n-1]
		}
		if i > 0 || (printEntryArgs && (len(b.args) > 0 || len(ops) == 0)) {
			p.writeIndent()
			p.label(b)
			if len(b.args) > 0 {
				p.buf.ch('(')
				for j, a := range b.args {
					if j > 0 {
						p.buf.str(", ")
					}
					p.blockArgDecl(a)
				}
				p.buf.ch(')')
			}
			p.buf.str(":\n")
		}
		p.indent++
		p.ops(ops)
		p.indent--
	}
	p.writeIndent()
	p.buf.ch('}')
}

func (p *printer) writeIndent() {
	for i := 0; i < p.indent; i++ {
		p.buf.str("  ")
	}
}

// blockArgDecl prints `%name: type` with the argument's location.
func (p *printer) blockArgDecl(a *Value) {
	p.buf.ch('%')
	p.buf.str(a.printName)
	p.buf.str(": ")
	a.typ.writeType(&p.buf)
	if loc := a.block.ArgLoc(int(a.index)); loc != nil {
		p.buf.ch(' ')
		loc.writeAttr(&p.buf)
	}
}

// --- helpers for custom printers ---

func (p *printer) w(s string) { p.buf.str(s) }

func (p *printer) value(v *Value) {
	if v.printName != "" {
		p.buf.ch('%')
		p.buf.str(v.printName)
		return
	}
	p.buf.str("%<<UNKNOWN SSA VALUE>>")
}

func (p *printer) values(vs []*Value) {
	for i, v := range vs {
		if i > 0 {
			p.buf.str(", ")
		}
		p.value(v)
	}
}

func (p *printer) typ(t Type) { t.writeType(&p.buf) }

func (p *printer) types(ts []Type) { writeTypeList(&p.buf, ts) }

// valueTypes prints the types of vs, comma-separated.
func (p *printer) valueTypes(vs []*Value) {
	for i, v := range vs {
		if i > 0 {
			p.buf.str(", ")
		}
		v.typ.writeType(&p.buf)
	}
}

func (p *printer) attr(a Attribute) { a.writeAttr(&p.buf) }

func (p *printer) symbol(name string) { writeSymbol(&p.buf, name) }

func (p *printer) successor(b *Block) { p.label(b) }

// successorArgs prints `^bb1` or `^bb1(%a, %b : t1, t2)`.
func (p *printer) successorArgs(b *Block, args []*Value) {
	p.successor(b)
	if len(args) == 0 {
		return
	}
	p.buf.ch('(')
	p.values(args)
	p.buf.str(" : ")
	p.valueTypes(args)
	p.buf.ch(')')
}

// otherAttrs merges the op's properties, minus the ones its custom syntax
// printed, with its discardable attributes, sorted by name as MLIR sorts
// dictionaries: which of the two an attribute lives in must not change the
// text, or printing would not be a fixed point.
func otherAttrs(op *Operation, elided []string) []NamedAttr {
	out := otherProps(op, elided)
	if op.Attrs != nil {
		for _, e := range op.Attrs.Entries {
			if !slices.Contains(elided, e.Name) {
				out = append(out, e)
			}
		}
	}
	slices.SortStableFunc(out, func(a, b NamedAttr) int { return strings.Compare(a.Name, b.Name) })
	return out
}

// otherProps returns op's properties but the elided ones and the
// operand and result segment sizes, in their order.
func otherProps(op *Operation, elided []string) []NamedAttr {
	var out []NamedAttr
	if op.Properties != nil {
		for _, e := range op.Properties.Entries {
			if e.Name != "operandSegmentSizes" && e.Name != "resultSegmentSizes" && !slices.Contains(elided, e.Name) {
				out = append(out, e)
			}
		}
	}
	return out
}

// attrDict prints ` {...}` with the attributes the custom syntax did not
// print itself, or nothing when there are none.
func (p *printer) attrDict(op *Operation, elided ...string) {
	if rest := otherAttrs(op, elided); len(rest) > 0 {
		p.buf.str(" {")
		writeNamedAttrs(&p.buf, rest)
		p.buf.ch('}')
	}
}

// attrDictKeywords is attrDict writing the enum attributes named in
// keywords, `prefix<kw>`, as their bare keyword kw.
func (p *printer) attrDictKeywords(op *Operation, keywords map[string]string, elided ...string) {
	rest := otherAttrs(op, elided)
	if len(rest) == 0 {
		return
	}
	for i, e := range rest {
		a, ok := e.Value.(*OpaqueAttr)
		if prefix, named := keywords[e.Name]; ok && named {
			if kw, ok := strings.CutPrefix(a.Text, prefix+"<"); ok && strings.HasSuffix(kw, ">") {
				rest[i].Value = &OpaqueAttr{Text: strings.TrimSuffix(kw, ">")}
			}
		}
	}
	p.buf.str(" {")
	writeNamedAttrs(&p.buf, rest)
	p.buf.ch('}')
}

// attrDictWithKeyword prints ` attributes {...}` like attrDict.
func (p *printer) attrDictWithKeyword(op *Operation, elided ...string) {
	if rest := otherAttrs(op, elided); len(rest) > 0 {
		p.buf.str(" attributes {")
		writeNamedAttrs(&p.buf, rest)
		p.buf.ch('}')
	}
}
