package main

import (
	"bytes"
	"cmp"
	"context"
	"fmt"
	"os"
	"runtime"
	"slices"
	"strings"
	"text/tabwriter"

	"github.com/google/mangle/ast"
	"github.com/google/mangle/symbols"
	"github.com/urfave/cli/v2"

	"bufferlog/driver"
	"bufferlog/extract"
	"bufferlog/facts"
	"bufferlog/internal/explain"
	"bufferlog/ir"
	"bufferlog/rules"
	"bufferlog/solve"
)

func queryCommand() *cli.Command {
	return &cli.Command{
		Name:      "query",
		Usage:     "evaluate the rules on an MLIR file and print the facts that match a pattern",
		ArgsUsage: "FILE 'pred(X, 3, _)'",
		Description: "Variables match anything, a variable used twice matches equal values, constants\n" +
			"(numbers, /names, \"strings\") must be equal. Ids are numbers in the pattern and\n" +
			"names in the output, each fact after the location of its first id.\n\n" +
			"Only the rules the queried predicate depends on run. When none of them joins facts of\n" +
			"two functions (through calls, or the order of the module's functions), each function\n" +
			"is evaluated on its own, -j at once; the output is the same.\n\n" +
			"--why prints under each fact its derivation, as explain does: the rule (file:line)\n" +
			"that derived it and the facts that rule joined, down to facts extracted from the IR.",
		Flags: append([]cli.Flag{
			rulesFlag,
			opModelFlag,
			stackFlag,
			optimizeFlag, outParamsFlag,
			&cli.StringFlag{Name: "engine", Value: "ours", Usage: "ours, or mangle to evaluate with Mangle's own engine"},
			&cli.IntFlag{Name: "j", Value: runtime.NumCPU(), Usage: "evaluate up to `N` functions at once, when the rules the query needs never join two functions (engine ours)"},
			&cli.BoolFlag{Name: "why", Usage: "print the derivation of each fact (engine ours)"},
		}, limitFlags...),
		Action: func(c *cli.Context) error {
			if c.NArg() != 2 {
				return cli.Exit("bufferlog query: want an input file and a query such as 'may_alias_step(X, Y)'", 2)
			}
			engine := c.String("engine")
			if _, ok := engines[engine]; !ok {
				return cli.Exit(fmt.Sprintf("bufferlog query: unknown engine %q (ours or mangle)", engine), 2)
			}
			if c.Bool("why") && engine != "ours" {
				// Derivations read the order our engine adds facts in.
				return cli.Exit("bufferlog query: --why needs --engine=ours", 2)
			}
			// Every built-in rule, the checker's too, can be queried.
			p, err := newPipeline(c, rules.Builtin())
			if err != nil {
				return err
			}
			preds := p.rules.decls()
			q, err := parseQuery(c.Args().Get(1), preds)
			if err != nil {
				return report(err)
			}
			m, err := loadFile(c.Args().First(), true)
			if err != nil {
				return report(err)
			}
			// Only what the query reads is derived: pair tables such as
			// op_before cost nothing unless asked for.
			var keep []string // what the derivations read, if asked for
			if c.Bool("why") {
				for _, p := range preds {
					keep = append(keep, p.Name)
				}
			}
			ps, stop := p.start(c.Int("j"))
			defer stop()
			dbs, names, err := derive(m, ps, q.pred.Name, engine, keep...)
			if err != nil {
				return report(p.limitError(c.Args().First(), err))
			}
			var why func(*facts.DB, []facts.Value) *explain.Step
			if c.Bool("why") {
				source, err := os.ReadFile(c.Args().First())
				if err != nil {
					return report(err)
				}
				steppers := map[*facts.DB]*stepper{}
				why = func(db *facts.DB, row []facts.Value) *explain.Step {
					if steppers[db] == nil {
						steppers[db] = newStepper(p.rules.prog, preds, db, names, source)
					}
					return steppers[db].fact(q.pred.Name, row...)
				}
			}
			_, err = os.Stdout.Write(q.answer(dbs, names, why))
			return err
		},
	}
}

// engines are the evaluators of --engine.
var engines = map[string]func(*solve.Program, context.Context, *facts.DB, solve.Options) (solve.Stats, error){
	"ours":   (*solve.Program).Eval,
	"mangle": (*solve.Program).EvalMangle,
}

// derive extracts m and evaluates what ps's program derives for the
// predicate root with the engine named, and returns the DBs that hold
// the facts, those of keep too.
// When root depends on the in-place decisions, the whole analysis runs
// (analyzeModule) on m's functions. Otherwise only the rules root
// needs run: when they never join facts of two functions (see
// solve.Program.FunctionLocal), the engine is ours and ps's workers
// allow, each function's facts are a DB of their own, evaluated on up to
// that many goroutines; else the whole module is one DB.
func derive(m *ir.Module, ps pass, root, engine string, keep ...string) ([]*facts.DB, *extract.Names, error) {
	ctx, opt, workers := ps.ctx, ps.eval, ps.eval.Workers
	prog := ps.rules.prog.Restrict(root)
	if slices.ContainsFunc(driver.DriverPredicates(), prog.Needs) {
		// The query reads the in-place decisions: run the analysis, which
		// evaluates what it needs and then prog's roots.
		if engine != "ours" {
			return nil, nil, fmt.Errorf("%s: error: the query depends on the in-place decisions, which only --engine=ours evaluates", queryFile)
		}
		a, err := analyzeModule(m, ps, nil, append([]string{root}, keep...)...)
		return a.parts, a.names, err
	}
	if slices.ContainsFunc(driver.DeallocDriverPredicates(), prog.Needs) {
		// The query reads what the deallocation driver gives the rules:
		// run it (as bufferize --dealloc=static does), then prog. The
		// query is about the file as it is: nothing is copied or hoisted.
		if engine != "ours" {
			return nil, nil, fmt.Errorf("%s: error: the query depends on the deallocation driver, which only --engine=ours runs", queryFile)
		}
		plan, err := driver.PlanDeallocation(ctx, ps.driverRules(), m, ps.deallocationAsIs())
		if err != nil {
			return nil, nil, err
		}
		_, err = prog.Eval(ctx, plan.DB, opt)
		return []*facts.DB{plan.DB}, plan.Names, err
	}
	decls := ps.rules.decls()
	if engine == "ours" && workers > 1 && prog.FunctionLocal(decls) {
		parts, names, err := extract.Functions(m, ps.opts)
		if err == nil {
			_, err = prog.EvalParts(ctx, parts, opt, workers)
		}
		return parts, names, err
	}
	db, names, err := extract.Module(m, ps.opts)
	if err == nil {
		_, err = engines[engine](prog, ctx, db, opt)
	}
	return []*facts.DB{db}, names, err
}

// queryFile names the query in diagnostics.
const queryFile = "<query>"

// query is a parsed pattern: per column a constant or a variable.
type query struct {
	pred *facts.Predicate
	args []ast.BaseTerm
}

// parseQuery parses one atom over a predicate of preds.
func parseQuery(text string, preds []*facts.Predicate) (*query, error) {
	fail := func(format string, args ...any) error {
		return &solve.Error{File: queryFile, Line: 1, Col: 1, Msg: fmt.Sprintf(format, args...)}
	}
	// As a fact, so that the parser rejects anything after the atom.
	parsed, err := solve.Parse(solve.Source{Name: queryFile, Text: strings.TrimSuffix(strings.TrimSpace(text), ".") + "."})
	if err != nil {
		return nil, err
	}
	clauses := parsed.Clauses()
	decls := slices.DeleteFunc(parsed.Declarations(), func(d solve.Declaration) bool { return d.DeclaredAtom.Predicate == symbols.Package })
	if len(clauses) != 1 || len(clauses[0].Premises) > 0 || clauses[0].Transform != nil || len(decls) > 0 {
		return nil, fail("a query is one atom, such as may_alias_step(X, Y)")
	}
	head := clauses[0].Head
	i := slices.IndexFunc(preds, func(p *facts.Predicate) bool { return p.Name == head.Predicate.Symbol })
	if i < 0 {
		return nil, fail("unknown predicate %s", head.Predicate.Symbol)
	}
	if p := preds[i]; p.Arity() != len(head.Args) {
		return nil, fail("%s takes %d arguments, not %d", p.Name, p.Arity(), len(head.Args))
	}
	for i, a := range head.Args {
		k, isConst := a.(ast.Constant)
		_, isVar := a.(ast.Variable)
		if !isVar && !(isConst && (k.Type == ast.NumberType || k.Type == ast.NameType || k.Type == ast.StringType)) {
			return nil, fail("argument %d is %v: it must be a variable, _ or a number, /name or \"string\"", i+1, a)
		}
	}
	return &query{pred: preds[i], args: head.Args}, nil
}

// answer renders the facts of dbs that match q, one per line, sorted by
// their values (ids in walk order). The DBs share one Symbols table; a fact
// that several hold (one given by the rule files, in every part of a
// module) is printed once. Unless why is nil, each fact is followed by
// the derivation why gives of it in its DB.
func (q *query) answer(dbs []*facts.DB, names *extract.Names, why func(*facts.DB, []facts.Value) *explain.Step) []byte {
	syms := dbs[0].Symbols()
	type match struct {
		row []facts.Value
		db  *facts.DB
	}
	var ms []match
	for _, db := range dbs {
		r := db.Lookup(q.pred.Name, q.pred.Arity())
		for id := 0; r != nil && id < r.Len(); id++ {
			if row := r.Row(uint32(id)); q.matches(row, syms) {
				ms = append(ms, match{row, db})
			}
		}
	}
	order := func(a, b match) int {
		for i := range a.row {
			if c := compareValues(a.row[i], b.row[i], syms); c != 0 {
				return c
			}
		}
		return 0
	}
	slices.SortFunc(ms, order)
	ms = slices.CompactFunc(ms, func(a, b match) bool { return order(a, b) == 0 })
	var b bytes.Buffer
	for _, m := range ms {
		if loc := q.location(m.row, names); loc != "" {
			b.WriteString(loc + ": ")
		}
		b.WriteString(names.Format(q.pred, m.row, syms) + "\n")
		if why != nil {
			writeStep(&b, why(m.db, m.row), "  ")
		}
	}
	return b.Bytes()
}

func (q *query) matches(row []facts.Value, syms *facts.Symbols) bool {
	first := map[string]facts.Value{}
	for i, a := range q.args {
		switch a := a.(type) {
		case ast.Constant:
			if syms.Format(row[i]) != a.String() {
				return false
			}
		case ast.Variable:
			if a.Symbol == "_" {
				continue
			}
			if v, ok := first[a.Symbol]; ok && v != row[i] {
				return false
			}
			first[a.Symbol] = row[i]
		}
	}
	return true
}

// location is where the first id of row is in the source.
func (q *query) location(row []facts.Value, names *extract.Names) string {
	for i, c := range q.pred.Columns {
		if c.Kind < facts.NumberKind && row[i].IsNumber() {
			return names.Locate(c.Kind, int(row[i].Int()))
		}
	}
	return ""
}

// compareValues orders numbers by value before names and strings by text,
// so the order does not depend on the order symbols were interned in.
func compareValues(a, b facts.Value, syms *facts.Symbols) int {
	switch {
	case a.IsNumber() && b.IsNumber():
		return cmp.Compare(a.Int(), b.Int())
	case a.IsNumber() != b.IsNumber():
		if a.IsNumber() {
			return -1
		}
		return 1
	}
	return cmp.Compare(syms.Format(a), syms.Format(b))
}

func rulesCommand() *cli.Command {
	show := &cli.Command{
		Name:      "show",
		Usage:     "print a built-in rule file or a shipped alternative",
		ArgsUsage: "NAME",
		Action: func(c *cli.Context) error {
			if c.NArg() != 1 {
				return cli.Exit("bufferlog rules show: want one name (bufferlog rules lists them)", 2)
			}
			return showRules(c.Args().First())
		},
	}
	return &cli.Command{
		Name:  "rules",
		Usage: "list the built-in rule files and the shipped alternatives, or print one",
		Description: "bufferlog rules lists the built-in rule files (the MLIR-compatible analysis) and the\n" +
			"shipped alternatives, each with the first line of its header comment.\n" +
			"bufferlog rules show NAME (or bufferlog rules NAME) prints one. --rules alt:NAME adds an\n" +
			"alternative to the built-in rules on query, bufferize, explain and diff-rules; a copy\n" +
			"saved with bufferlog rules show alt:NAME > x.mg and edited is given as --rules x.mg.",
		ArgsUsage:   "[show] [NAME]",
		Subcommands: []*cli.Command{show},
		Action: func(c *cli.Context) error {
			switch c.NArg() {
			case 0:
				return listRules()
			case 1:
				return showRules(c.Args().First())
			}
			return cli.Exit("bufferlog rules: want at most one name", 2)
		},
	}
}

// listRules prints the built-in rule files, then the alternatives, each
// with its description.
func listRules() error {
	var b bytes.Buffer
	section := func(title string, names []string) {
		fmt.Fprintln(&b, title)
		w := tabwriter.NewWriter(&b, 0, 8, 2, ' ', 0)
		for _, name := range names {
			doc, _ := rules.Describe(name)
			fmt.Fprintf(w, "  %s\t%s\n", name, doc)
		}
		w.Flush()
	}
	section("Built-in rules (MLIR's analysis):", rules.Names())
	b.WriteString("\n")
	section("Alternatives (add one with --rules alt:NAME):", rules.Alternatives())
	_, err := os.Stdout.Write(b.Bytes())
	return err
}

// showRules prints the built-in source or alternative named name.
func showRules(name string) error {
	text, ok := rules.Show(name)
	if !ok {
		return cli.Exit(fmt.Sprintf("bufferlog rules: no built-in rule file or alternative %q (bufferlog rules lists them)", name), 1)
	}
	fmt.Print(text)
	return nil
}
