package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/urfave/cli/v2"

	"bufferlog/driver"
	"bufferlog/extract"
	"bufferlog/facts"
	"bufferlog/internal/explain"
	"bufferlog/ir"
	"bufferlog/rewrite"
	"bufferlog/rules"
	"bufferlog/rules/contract"
	"bufferlog/solve"
)

func explainCommand() *cli.Command {
	return &cli.Command{
		Name:      "explain",
		Usage:     "print the derivation of each copy, allocation, clone, move and deallocation of the bufferization",
		ArgsUsage: "FILE",
		Description: "Bufferizes FILE as bufferize does with the same flags and prints, for each\n" +
			"operand given a new buffer (copy: with its contents copied; alloc: without), each\n" +
			"buffer freed (dealloc), kept alive (kept), copied to be freed (clone) or moved into\n" +
			"the new buffer of a copy that is elided (move), the derivation of the fact that\n" +
			"decided it: the rule (file:line)\n" +
			"that derived it, the facts that rule joined, and theirs in turn, down to facts\n" +
			"extracted from the IR and the decisions of the policy. An operand blocked by\n" +
			"conflicts lists first every conflict (read, write, definition) that blocked it given\n" +
			"the decisions before it, the derived one first; one blocked by read-only buffers\n" +
			"lists their values. Copies and allocations are located in FILE;\n" +
			"deallocations, kept buffers, clones and moves in the memref IR, written to -o or named\n" +
			"FILE.memref.mlir in the messages only.\n\n" +
			"--op LINE:COL or FILE:LINE:COL keeps the decisions attached to that op: the op whose\n" +
			"operand is copied (in FILE), the op after or before which a buffer is freed, the copy\n" +
			"a move elides, or the\n" +
			"buffer's definition for kept buffers and clones (in the memref IR). --value %name\n" +
			"keeps the decisions about that tensor (copies) or buffer (the others).",
		Flags: append([]cli.Flag{
			&cli.StringFlag{Name: "op", Usage: "only the decisions at the op at `LOC` (LINE:COL or FILE:LINE:COL)"},
			&cli.StringFlag{Name: "value", Usage: "only the decisions about the value `%name`"},
			&cli.StringFlag{Name: "format", Value: "text", Usage: "text, or json (the types of bufferlog/internal/explain)"},
			&cli.StringFlag{Name: "o", Usage: "write the memref IR the locations refer to to `FILE`"},
			policyFlag, copyBeforeWriteFlag, heuristicFlag, layoutFlag, alignmentFlag, stackFlag, optimizeFlag, outParamsFlag, allowUnknownOpsFlag, encodingSpaceFlag,
			rulesFlag,
			opModelFlag,
		}, limitFlags...),
		Action: func(c *cli.Context) error {
			if c.NArg() != 1 {
				return cli.Exit("bufferlog explain: want one input file", 2)
			}
			format := c.String("format")
			if format != "text" && format != "json" {
				return cli.Exit(fmt.Sprintf("bufferlog explain: unknown --format %q (text or json)", format), 2)
			}
			filter, err := parseExplainFilter(c.String("op"), c.String("value"))
			if err != nil {
				return cli.Exit("bufferlog explain: "+err.Error(), 2)
			}
			p, err := newPipeline(c, rules.Analysis())
			if err != nil {
				return err
			}
			file := c.Args().First()
			ps, stop := p.start(p.opts.Workers)
			defer stop()
			out, _, err := explainFile(ps, file, c.String("o"))
			if err != nil {
				return report(p.limitError(file, err))
			}
			out.Decisions = slices.DeleteFunc(out.Decisions, func(d explain.Decision) bool { return !filter.keeps(d) })
			var b bytes.Buffer
			if format == "json" {
				enc := json.NewEncoder(&b)
				enc.SetIndent("", "  ")
				err = enc.Encode(out)
			} else {
				err = writeExplanation(&b, out)
			}
			if err == nil {
				_, err = os.Stdout.Write(b.Bytes())
			}
			if err != nil {
				return cli.Exit(err.Error(), 1)
			}
			return nil
		},
	}
}

// tensorAnalysis is the in-place analysis of a file and the explanation
// of its decisions on the tensor IR.
type tensorAnalysis struct {
	analysis
	m      *ir.Module
	source []byte // m's text
	out    *explain.Explanation
}

// explainAnalysis analyzes file as ps's pipeline says and explains each
// operand its policy put out of place, without rewriting anything.
func explainAnalysis(ps pass, file string) (*tensorAnalysis, error) {
	preds := ps.rules.decls()
	m, source, err := loadSource(file, true)
	if err != nil {
		return nil, err
	}
	empty, err := eliminateEmpty(m, ps)
	if err != nil {
		return nil, err
	}
	// Every fact is kept: the derivations read them all.
	var all []string
	for _, p := range preds {
		all = append(all, p.Name)
	}
	a, err := decide(m, ps, nil, all...)
	if err != nil {
		return nil, err
	}
	out := &explain.Explanation{File: file, Decisions: append(emptyDecisions(ps.rules.prog, preds, empty, source), tensorDecisions(ps, preds, a, source)...)}
	return &tensorAnalysis{analysis: a, m: m, source: source, out: out}, nil
}

// explainFile bufferizes file and explains its decisions: those on the
// tensor IR from the in-place analysis, those on the memref IR from the
// deallocation rules. The memref IR is written to output unless it is
// "", and returned.
func explainFile(ps pass, file, output string) (*explain.Explanation, []byte, error) {
	a, err := explainAnalysis(ps, file)
	if err != nil {
		return nil, nil, err
	}
	return a.explainBufferized(ps, file, output)
}

// explainBufferized rewrites the analyzed module into memref IR and adds
// the explanations of its deallocations and copies to the analysis's;
// the memref IR is written to output unless it is "", and returned.
func (a *tensorAnalysis) explainBufferized(ps pass, file, output string) (*explain.Explanation, []byte, error) {
	m, out := a.m, a.out
	if err := rewriteDecided(m, file, ps, a.analysis, noDealloc); err != nil {
		return nil, nil, err
	}
	clonePlan, err := driver.PlanDeallocation(ps.ctx, ps.driverRules(), m, ps.deallocation())
	if err != nil {
		return nil, nil, err
	}
	// Printed and parsed again, the memref IR (with its copies) has
	// positions for the explanations.
	var text bytes.Buffer
	if err := ir.Print(&text, m, ir.PrintOptions{}); err != nil {
		return nil, nil, err
	}
	name := output
	if name == "" {
		name = strings.TrimSuffix(file, ".mlir") + ".memref.mlir"
	}
	out.Bufferized = name
	mm, err := ir.Parse(name, text.Bytes())
	if err != nil {
		return nil, nil, fmt.Errorf("internal error: the bufferized module does not parse: %v", err)
	}
	// Planned again on the printed text, for positions in it, whose
	// copies and hoists are made already.
	plan, err := driver.PlanDeallocation(ps.ctx, ps.driverRules(), mm, ps.deallocationAsIs())
	if err != nil {
		return nil, nil, err
	}
	if output != "" {
		if err := writeModule(output, mm, ir.PrintOptions{}); err != nil {
			return nil, nil, err
		}
	}
	preds := ps.rules.decls()
	out.Decisions = append(out.Decisions, deallocDecisions(ps.rules.prog, preds, plan, text.Bytes())...)
	out.Decisions = append(out.Decisions, changeDecisions(mm, plan.Names, clonePlan, text.Bytes())...)
	return out, text.Bytes(), nil
}

// tensorDecisions explains each operand ps's policy put out of place;
// preds declare the predicates of ps's rules.
func tensorDecisions(ps pass, preds []*facts.Predicate, a analysis, source []byte) []explain.Decision {
	parts, names, dec, policy := a.parts, a.names, a.dec, ps.label
	order := map[rewrite.Operand]int{} // operand -> its decision's number
	for i, d := range dec.List {
		order[d.Operand] = i + 1
	}
	label := func(pred string, args []facts.Value) string {
		o := rewrite.Operand{}
		if len(args) >= 2 {
			o = rewrite.Operand{Op: args[0].Int(), Index: args[1].Int()}
		}
		switch k, taken := order[o]; {
		case pred == contract.Inplace.Name() && !taken:
			return "in place from the start: the op must bufferize in place (must_inplace)"
		case pred == contract.Inplace.Name():
			return fmt.Sprintf("decided in place by %s (decision #%d of %d)", policy, k, len(dec.List))
		case slices.Contains(driver.DriverPredicates(), pred) && taken:
			return fmt.Sprintf("decided by %s (decision #%d of %d)", policy, k, len(dec.List))
		}
		return givenLabel(pred)
	}
	var out []explain.Decision
	for _, db := range parts {
		var st *stepper
		for _, d := range dec.List {
			if d.InPlace || !contract.OutOfPlace.In(db).Contains(operandKey(d.Operand)) {
				continue
			}
			if st == nil {
				st = newStepper(ps.rules.prog, preds, db, names, source)
				st.label = label
			}
			out = append(out, st.tensorDecision(d))
		}
	}
	return out
}

func operandKey(o rewrite.Operand) []facts.Value {
	return []facts.Value{facts.Number(o.Op), facts.Number(o.Index)}
}

// givenLabel says where a fact no rule derived comes from.
func givenLabel(pred string) string {
	switch {
	case slices.Contains(driver.DriverPredicates(), pred):
		return "given by the decision driver"
	case slices.Contains(driver.DeallocDriverPredicates(), pred):
		return "given by the deallocation driver"
	}
	if _, ok := facts.Lookup(pred); ok {
		return "extracted from the IR"
	}
	return "given"
}

// tensorDecision explains out-of-place operand d: the decision, what
// blocked it in place (a conflict's read, write and definition first),
// and whether its contents are copied.
func (st *stepper) tensorDecision(d rewrite.Decision) explain.Decision {
	op, names := int(d.Op), st.names
	value := int64(-1)
	if r := contract.TensorUse.Lookup(st.db); r != nil {
		ix := r.Index([]int{0, 1})
		if id := ix.First(operandKey(d.Operand)); id != facts.NoRow {
			value = r.At(id, 2).Int()
		}
	}
	out := explain.Decision{Kind: "alloc", Op: names.Op(op).Name, At: st.location(names.Location(op)), Operand: int(d.Index)}
	if value >= 0 {
		out.Value = names.ValueName(int(value))
	}
	copied := contract.CopyContents.In(st.db).Contains(operandKey(d.Operand))
	if copied {
		out.Kind = "copy"
	}
	root := st.fact(contract.OutOfPlace.Name(), operandKey(d.Operand)...)
	n := facts.Number
	// why is the doc of the blocked_by_* fact that records what kept the
	// operand out of place.
	var why string
	switch c := d.Conflict; {
	case d.ReadOnly >= 0:
		args := []facts.Value{n(d.Op), n(d.Index), n(d.ReadOnly)}
		why = st.sentence(contract.BlockedByReadOnly.Name(), args)
		for _, v := range d.ReadOnlyValues {
			out.ReadOnlyValues = append(out.ReadOnlyValues, st.site(v))
		}
		out.ReadOnly = &out.ReadOnlyValues[0]
		blocked := st.fact(contract.BlockedByReadOnly.Name(), args...)
		blocked.Body = append(blocked.Body, st.fact(contract.ReadOnlyValue.Name(), n(d.ReadOnly)))
		root.Body = append(root.Body, blocked)
	case c != nil && c.Parallel:
		args := []facts.Value{n(d.Op), n(d.Index), n(c.Write.Op), n(c.Write.Index)}
		why = st.sentence(contract.BlockedByParallelWrite.Name(), args)
		blocked := st.fact(contract.BlockedByParallelWrite.Name(), args...)
		blocked.Body = append(blocked.Body, st.fact(contract.ParallelWriteConflict.Name(), operandKey(c.Write)...))
		root.Body = append(root.Body, blocked)
	case c != nil:
		args := []facts.Value{n(d.Op), n(d.Index), n(c.Read.Op), n(c.Read.Index), n(c.Write.Op), n(c.Write.Index), n(c.Definition)}
		why = st.sentence(contract.BlockedByConflict.Name(), args)
		if len(d.Conflicts) > 1 {
			why += fmt.Sprintf(" (and %d more conflicts)", len(d.Conflicts)-1)
		}
		for _, c := range d.Conflicts {
			out.Conflicts = append(out.Conflicts, st.conflict(c))
		}
		out.Conflict = &out.Conflicts[0]
		blocked := st.fact(contract.BlockedByConflict.Name(), args...)
		blocked.Body = append([]*explain.Step{
			st.role("read", c.Read), st.role("write", c.Write), st.definition(c.Definition),
			st.fact(contract.RawConflict.Name(), n(c.Read.Op), n(c.Read.Index), n(c.Write.Op), n(c.Write.Index), n(c.Definition)),
		}, blocked.Body...)
		if c.Write != d.Operand {
			blocked.Body = append(blocked.Body, st.fact(contract.Inplace.Name(), operandKey(c.Write)...))
		}
		root.Body = append(root.Body, blocked)
	}
	if copied {
		root.Body = append(root.Body, st.fact(contract.CopyContents.Name(), operandKey(d.Operand)...))
	}
	// The operand's part joins three facts (out_of_place, copy_contents
	// and the value of tensor_use), so it is worded here.
	what := "gets a new buffer"
	if copied {
		what = "gets a new buffer holding a copy of its contents"
	}
	out.Summary = fmt.Sprintf("operand %d of %s (%s) %s", d.Index, out.Op, out.Value, what)
	if why != "" {
		out.Summary += ": " + asClause(why)
	}
	out.Why = root
	return out
}

// conflict gives the read, write and definition of a conflict, located.
func (st *stepper) conflict(c rewrite.Conflict) explain.Conflict {
	operand := func(o rewrite.Operand) explain.Operand {
		return explain.Operand{Op: st.names.OpName(int(o.Op)), Index: int(o.Index), At: st.location(st.names.Location(int(o.Op)))}
	}
	return explain.Conflict{Read: operand(c.Read), Write: operand(c.Write), Definition: st.site(c.Definition)}
}

// site names value v and where it is defined, as print-conflicts does.
func (st *stepper) site(v int64) explain.Definition {
	owner, site := rewrite.ValueSite(st.names.Value(int(v)))
	id, _ := st.names.OpID(owner)
	return explain.Definition{Value: st.names.ValueName(int(v)), Site: site, Op: st.names.OpName(id), At: st.location(st.names.Location(id))}
}

func (st *stepper) role(role string, o rewrite.Operand) *explain.Step {
	at := st.location(st.names.Location(int(o.Op)))
	return &explain.Step{Fact: fmt.Sprintf("%s: operand %d of %s", role, o.Index, st.names.OpName(int(o.Op))), Role: role, How: "role", At: &at}
}

func (st *stepper) definition(v int64) *explain.Step {
	at := st.location(st.names.Locate(facts.ValueKind, int(v)))
	return &explain.Step{Fact: "definition: " + st.names.ValueName(int(v)), Role: "definition", How: "role", At: &at}
}

// deallocDecisions explains each buffer the rules free or keep alive, in
// the words of the docs of the predicates that decide it (sentence).
func deallocDecisions(prog *solve.Program, preds []*facts.Predicate, plan *driver.DeallocPlan, text []byte) []explain.Decision {
	st := newStepper(prog, preds, plan.DB, plan.Names, text)
	names := plan.Names
	var out []explain.Decision
	// add lists the facts of pred: the buffer first, then, when atOp, the
	// op the free is placed at (else a block: the buffer's own location).
	// A move drops the free after its copy (moves(X, Copy, T) beside
	// dealloc_after or dealloc_in_block(X, Copy)), and a reuse the free
	// of the buffer whose storage it takes, as the rewrite does.
	mootFrees := rewrite.NewMootFrees(rewrite.Moves(names, plan.DB), rewrite.Reuses(names, plan.DB))
	moved := func(pred contract.Pred, row []facts.Value) bool {
		return (pred == contract.DeallocAfter || pred == contract.DeallocInBlock) && mootFrees.Has(row[0].Int(), row[1].Int())
	}
	add := func(kind string, pred contract.Pred, atOp bool) {
		r := pred.Lookup(plan.DB)
		for id := 0; r != nil && id < r.Len(); id++ {
			row := r.Row(uint32(id))
			if moved(pred, row) {
				continue
			}
			a := int(row[0].Int())
			at, op := names.Locate(facts.ValueKind, a), ""
			if atOp {
				x := int(row[1].Int())
				at, op = names.Location(x), names.Op(x).Name
			}
			out = append(out, explain.Decision{Kind: kind, Value: names.ValueName(a), Op: op, At: st.location(at),
				Summary: st.sentence(pred.Name(), row), Why: st.fact(pred.Name(), row...)})
		}
	}
	add("dealloc", contract.DeallocAfter, true)
	add("dealloc", contract.DeallocBeforeReturn, true)
	add("dealloc", contract.DeallocInArm, true)
	add("dealloc", contract.DeallocWhen, true)
	add("dealloc", contract.DeallocInBlock, true)
	add("dealloc", contract.DeallocOnEdge, false)
	add("dealloc", contract.DeallocOnBranch, true)
	add("dealloc", contract.DeallocFirst, false)
	add("stack", contract.StackBuffer, false)
	add("kept", contract.KeptAlive, false)
	add("move", contract.Moves, true)
	add("reuse", contract.Reuses, false)
	return out
}

// emptyDecisions explains the uses of tensor.empty results that plan
// replaced by slices (empty_replaced), at the ops that used them.
func emptyDecisions(prog *solve.Program, preds []*facts.Predicate, plan *driver.EmptyPlan, source []byte) []explain.Decision {
	if plan == nil || len(plan.Replaced) == 0 {
		return nil
	}
	st := newStepper(prog, preds, plan.DB, plan.Names, source)
	names := plan.Names
	var out []explain.Decision
	for _, r := range plan.Replaced {
		user, _ := names.OpID(r.User)
		ins, _ := names.OpID(r.Insert)
		e, _ := names.ValueID(r.Empty.Result(0))
		row := []facts.Value{facts.Number(int64(user)), facts.Number(int64(r.Index)), facts.Number(int64(ins))}
		out = append(out, explain.Decision{Kind: "empty", Value: names.ValueName(e), Op: r.User.Name, At: st.location(names.Location(user)), Operand: r.Index,
			Summary: st.sentence(contract.EmptyReplaced.Name(), row), Why: st.fact(contract.EmptyReplaced.Name(), row...)})
	}
	return out
}

// changeDecisions lists what the deallocation changed in the module: the
// copies it made to end critical aliases and the allocations it moved out
// of loops, located at their buffers in mm, and the function results it
// made arguments, at their functions.
func changeDecisions(mm *ir.Module, names *extract.Names, changes *driver.DeallocPlan, text []byte) []explain.Decision {
	st := &stepper{names: names, lines: strings.Split(string(text), "\n")}
	located := allocLocations(mm, names)
	var out []explain.Decision
	for _, c := range changes.Copies {
		buf := c.Buffer.PrintName()
		out = append(out, explain.Decision{Kind: "clone", Value: buf, Op: c.OpName, At: st.location(located["@"+c.Func+" "+buf]),
			Summary: fmt.Sprintf("a copy handed on instead of operand #%d of %s, because %s (%s)", c.Operand, c.OpName, c.Why, c.By)})
	}
	for _, h := range changes.Hoists {
		buf := h.Alloc.Result(0).PrintName()
		out = append(out, explain.Decision{Kind: "hoist", Value: buf, Op: h.Loop.Name, At: st.location(located["@"+h.Func+" "+buf]),
			Summary: fmt.Sprintf("%s is allocated once, before the %s that allocated it at each trip: of static size, it dies within the trip (hoist_alloc)", buf, h.Loop.Name)})
	}
	for _, p := range changes.OutParams {
		how := "the one allocation that every return handed over became the argument"
		if p.Copied {
			how = "each return copies its buffer into the argument"
		}
		at := ""
		for _, fn := range mm.Funcs() {
			if id, ok := names.OpID(fn); ok && ir.SymbolName(fn) == p.Func {
				at = names.Location(id)
			}
		}
		out = append(out, explain.Decision{Kind: "out-param", Value: "@" + p.Func, Op: "func.func", At: st.location(at),
			Summary: fmt.Sprintf("result #%d of @%s is an argument that each of its %d calls allocates: every return hands over a fresh buffer of static shape (out_param); %s", p.Result, p.Func, p.Calls, how)})
	}
	return out
}

// allocLocations locates the buffers that mm allocates, on the heap or
// the stack, by "@function %buffer".
func allocLocations(mm *ir.Module, names *extract.Names) map[string]string {
	located := map[string]string{}
	for _, fn := range mm.Funcs() {
		ir.Walk(fn, func(op *ir.Operation) bool {
			if op.Name == "memref.alloc" || op.Name == "memref.alloca" {
				if id, ok := names.ValueID(op.Result(0)); ok {
					located["@"+ir.SymbolName(fn)+" %"+op.Result(0).Name] = names.Locate(facts.ValueKind, id)
				}
			}
			return true
		})
	}
	return located
}

// stepper turns derivations of one DB's facts into explain.Steps: ids
// named, each fact located with its source line; a fact met again is
// referred to, not explained again.
type stepper struct {
	x     *solve.Explainer
	db    *facts.DB
	names *extract.Names
	preds map[string]*facts.Predicate
	lines []string // of the source the names locate in
	// label says where a fact no rule derived comes from (givenLabel
	// unless set).
	label func(pred string, args []facts.Value) string
	seen  map[*solve.Derivation]bool
	// brief, if set, says which derived facts are shown without their
	// derivation.
	brief func(*solve.Derivation) bool
}

// explainDepth bounds the printed derivations: alias chains below it are
// cut.
const explainDepth = 40

// newStepper explains the facts of db by the rules of prog, whose
// predicates preds declare; names name db's ids, which source locates.
func newStepper(prog *solve.Program, preds []*facts.Predicate, db *facts.DB, names *extract.Names, source []byte) *stepper {
	st := &stepper{x: prog.Explainer(db, solve.WhyOptions{MaxDepth: explainDepth}), db: db, names: names,
		preds: map[string]*facts.Predicate{}, lines: strings.Split(string(source), "\n"), seen: map[*solve.Derivation]bool{},
		label: func(pred string, _ []facts.Value) string { return givenLabel(pred) }}
	for _, p := range preds {
		st.preds[p.Name] = p
	}
	return st
}

// fact is the step of the fact pred(args...) and its derivation.
func (st *stepper) fact(pred string, args ...facts.Value) *explain.Step {
	d, err := st.x.Why(pred, args...)
	if err != nil {
		return &explain.Step{Fact: err.Error(), How: "missing"}
	}
	return st.step(d)
}

func (st *stepper) step(d *solve.Derivation) *explain.Step {
	s := &explain.Step{Fact: st.format(d.Pred, d.Args, nil), How: d.How.String(), At: st.factLocation(d.Pred, d.Args)}
	switch {
	case st.seen[d] && len(d.Body) > 0:
		s.How, s.Note = "repeated", "derived as shown above"
		return s
	case d.Truncated:
		s.Note = "its derivation is deeper than shown"
		return s
	case st.brief != nil && len(d.Body) > 0 && st.brief(d):
		s.Rule, s.Note = d.Rule.String(), "its derivation is left out (bufferlog query --why shows it)"
		return s
	}
	st.seen[d] = true
	if d.How != solve.Given {
		s.Rule = d.Rule.String()
	}
	switch d.How {
	case solve.Given:
		s.How, s.Note = "given", st.label(d.Pred, d.Args)
	case solve.Computed:
		s.Note = d.Rule.Text
	}
	for _, p := range d.Body {
		switch p.Kind {
		case solve.Holds:
			s.Body = append(s.Body, st.step(p.Fact))
		case solve.NoMatch:
			s.Body = append(s.Body, &explain.Step{Fact: "no fact matches " + st.format(p.Pred, p.Args, p.Wild), How: "negation"})
		case solve.Condition, solve.Group:
			how := map[solve.PremiseKind]string{solve.Condition: "condition", solve.Group: "group"}[p.Kind]
			g := &explain.Step{Fact: p.Text + st.bindings(p.Bindings), How: how}
			for _, m := range p.Members {
				g.Body = append(g.Body, st.step(m))
			}
			s.Body = append(s.Body, g)
		}
	}
	return s
}

func (st *stepper) bindings(bs []solve.Binding) string {
	if len(bs) == 0 {
		return ""
	}
	var parts []string
	for _, b := range bs {
		parts = append(parts, b.Var+" = "+st.db.Symbols().Format(b.Value))
	}
	return " (" + strings.Join(parts, ", ") + ")"
}

// format renders a fact with its ids named, wild columns as _.
func (st *stepper) format(pred string, args []facts.Value, wild []bool) string {
	p := st.preds[pred]
	var parts []string
	for i, a := range args {
		switch {
		case i < len(wild) && wild[i]:
			parts = append(parts, "_")
		case p != nil && i < len(p.Columns) && st.isID(p.Columns[i].Kind, a):
			parts = append(parts, st.names.Name(p.Columns[i].Kind, int(a.Int())))
		default:
			parts = append(parts, st.db.Symbols().Format(a))
		}
	}
	return pred + "(" + strings.Join(parts, ", ") + ")"
}

// isID reports whether v, in a column of kind k, is an id that the
// names name.
func (st *stepper) isID(k facts.Kind, v facts.Value) bool {
	return k < facts.NumberKind && v.IsNumber() && int(v.Int()) < st.names.Len(k)
}

// sentence words the fact pred(row...) as its declaration's doc does:
// the doc's first sentence, each column's name in it replaced by what
// the fact holds there. The rule files say once what a fact means, and
// explain fills it in. Values are named as in the IR, unqualified, as
// explain's decisions name them; ops as op#N NAME, blocks as ^bbN(...).
// A predicate without a doc is worded as the fact.
func (st *stepper) sentence(pred string, row []facts.Value) string {
	p := st.preds[pred]
	if p == nil || p.Doc == "" {
		return st.format(pred, row, nil)
	}
	filled := map[string]string{} // column name -> what the fact holds
	for i, c := range p.Columns {
		switch {
		case i >= len(row):
		case c.Kind == facts.ValueKind && st.isID(c.Kind, row[i]):
			filled[c.Name] = st.names.ValueName(int(row[i].Int()))
		case st.isID(c.Kind, row[i]):
			filled[c.Name] = st.names.Name(c.Kind, int(row[i].Int()))
		default:
			filled[c.Name] = st.db.Symbols().Format(row[i])
		}
	}
	first, _, _ := strings.Cut(p.Doc, ". ")
	return docWord.ReplaceAllStringFunc(strings.TrimSuffix(first, "."), func(w string) string {
		if s, ok := filled[w]; ok {
			return s
		}
		return w
	})
}

// docWord is a word of a doc, which may be the name of a column.
var docWord = regexp.MustCompile(`[A-Za-z_][A-Za-z0-9_]*`)

// asClause is sentence s as a clause after a colon: its first word in
// lower case, unless that word is a name such as WOp (a capital not
// followed by a lower-case letter).
func asClause(s string) string {
	first, size := utf8.DecodeRuneInString(s)
	next, _ := utf8.DecodeRuneInString(s[size:])
	if unicode.IsUpper(first) && unicode.IsLower(next) {
		return string(unicode.ToLower(first)) + s[size:]
	}
	return s
}

// factLocation is where the fact's first id is.
func (st *stepper) factLocation(pred string, args []facts.Value) *explain.Location {
	p := st.preds[pred]
	if p == nil {
		return nil
	}
	for i, c := range p.Columns {
		if i < len(args) && st.isID(c.Kind, args[i]) {
			at := st.location(st.names.Locate(c.Kind, int(args[i].Int())))
			return &at
		}
	}
	return nil
}

// location parses FILE:LINE:COL and adds the text of the line.
func (st *stepper) location(loc string) explain.Location {
	at := explain.Location{File: loc}
	rest, c, ok1 := cutLast(loc)
	file, l, ok2 := cutLast(rest)
	if !ok1 || !ok2 {
		return at
	}
	at.File, at.Line, at.Col = file, l, c
	if l >= 1 && l <= len(st.lines) {
		at.Text = st.lines[l-1]
	}
	return at
}

// cutLast splits "x:N" into x and N.
func cutLast(s string) (string, int, bool) {
	i := strings.LastIndexByte(s, ':')
	if i < 0 {
		return s, 0, false
	}
	n, err := strconv.Atoi(s[i+1:])
	return s[:i], n, err == nil
}

// explainFilter keeps the decisions at one op or about one value.
type explainFilter struct {
	file      string
	line, col int
	value     string
}

func parseExplainFilter(op, value string) (explainFilter, error) {
	f := explainFilter{value: value}
	if value != "" && !strings.HasPrefix(value, "%") {
		return f, fmt.Errorf("--value %q: want a value name such as %%x", value)
	}
	if op == "" {
		return f, nil
	}
	rest, col, ok1 := cutLast(op)
	file, line, ok2 := cutLast(rest)
	if !ok2 {
		file, line, ok2 = "", 0, false
		if n, err := strconv.Atoi(rest); err == nil {
			line, ok2 = n, true
		}
	}
	if !ok1 || !ok2 || line < 1 || col < 1 {
		return f, fmt.Errorf("--op %q: want LINE:COL or FILE:LINE:COL", op)
	}
	f.file, f.line, f.col = file, line, col
	return f, nil
}

func (f explainFilter) keeps(d explain.Decision) bool {
	if f.value != "" && d.Value != f.value {
		return false
	}
	if f.line > 0 && (d.At.Line != f.line || d.At.Col != f.col || f.file != "" && f.file != d.At.File) {
		return false
	}
	return true
}

// writeExplanation prints the decisions as text: each with its location
// and source line, then its derivation, one fact a line, indented by
// depth, each located fact followed by its source line and a caret.
func writeExplanation(w io.Writer, e *explain.Explanation) error {
	var b bytes.Buffer
	for i, d := range e.Decisions {
		if i > 0 {
			b.WriteString("\n")
		}
		fmt.Fprintf(&b, "%s:%d:%d: %s: %s\n", d.At.File, d.At.Line, d.At.Col, d.Kind, d.Summary)
		snippet(&b, "  ", d.At)
		for i, c := range d.Conflicts {
			fmt.Fprintf(&b, "  conflict %d of %d: read operand %d of %s at %s, write operand %d of %s at %s, definition %s\n",
				i+1, len(d.Conflicts), c.Read.Index, c.Read.Op, position(c.Read.At), c.Write.Index, c.Write.Op, position(c.Write.At),
				definitionText(c.Definition))
		}
		for i, v := range d.ReadOnlyValues {
			fmt.Fprintf(&b, "  read-only value %d of %d: %s\n", i+1, len(d.ReadOnlyValues), definitionText(v))
		}
		if d.Why != nil {
			writeStep(&b, d.Why, "  ")
		}
	}
	_, err := w.Write(b.Bytes())
	return err
}

func writeStep(b *bytes.Buffer, s *explain.Step, indent string) {
	b.WriteString(indent + s.Fact)
	var tags []string
	if s.Rule != "" {
		tags = append(tags, s.Rule)
	}
	if s.Note != "" {
		tags = append(tags, s.Note)
	}
	if len(tags) > 0 {
		b.WriteString("  [" + strings.Join(tags, ": ") + "]")
	}
	b.WriteString("\n")
	if s.At != nil && s.At.Line > 0 {
		fmt.Fprintf(b, "%s  at %s:%d:%d\n", indent, s.At.File, s.At.Line, s.At.Col)
		snippet(b, indent+"    ", *s.At)
	}
	for _, c := range s.Body {
		writeStep(b, c, indent+"  ")
	}
}

// position renders at as LINE:COL.
func position(at explain.Location) string { return fmt.Sprintf("%d:%d", at.Line, at.Col) }

// definitionText renders a value and its site: "%B (result 0 of op#5
// tensor.insert at 7:8)".
func definitionText(d explain.Definition) string {
	return fmt.Sprintf("%s (%s of %s at %s)", d.Value, d.Site, d.Op, position(d.At))
}

// snippet writes the line of at and a caret under its column.
func snippet(b *bytes.Buffer, indent string, at explain.Location) {
	if at.Text == "" {
		return
	}
	b.WriteString(indent + at.Text + "\n" + indent)
	for i, r := range at.Text {
		if i >= at.Col-1 {
			break
		}
		if r == '\t' {
			b.WriteByte('\t')
		} else {
			b.WriteByte(' ')
		}
	}
	b.WriteString("^\n")
}
