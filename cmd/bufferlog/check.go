package main

import (
	"bytes"
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/urfave/cli/v2"

	"bufferlog/extract"
	"bufferlog/facts"
	"bufferlog/internal/explain"
	"bufferlog/ir"
	"bufferlog/rules"
	"bufferlog/rules/contract"
	"bufferlog/solve"
)

// checkStructureFile holds the rules of program points, paths and
// liveness (rules/check_flow.mg): printed derivations leave theirs out,
// which would repeat the program's structure op by op.
const checkStructureFile = "check_flow.mg"

func checkCommand() *cli.Command {
	return &cli.Command{
		Name:      "check",
		Usage:     "prove memref IR memory-safe, or report each fault with its derivation",
		ArgsUsage: "FILE...",
		Description: "Evaluates the checker's rules (rules/check*.mg) on memref IR, such as bufferlog\n" +
			"bufferize's output, and reports every path through the CFG, the regions and the calls\n" +
			"on which the program writes read-only memory (a constant global, an argument marked\n" +
			"bufferization.writable = false, or what may alias them), uses or frees memory after it\n" +
			"was freed, frees memory the function does not own (a global, an argument, a stack\n" +
			"buffer, a call's result that is not fresh), returns a stack buffer of its own frame,\n" +
			"or leaks a heap buffer.\n\n" +
			"Each finding is printed as FILE:LINE:COL: error: (a fault on a path the checker takes\n" +
			"for possible: every arm of a branch, every loop exit) or warning: (a fault only where a\n" +
			"loop with dynamic bounds runs no iteration, an op with no memory model writes, or memory\n" +
			"of unknown origin is freed), followed by its derivation: the rule (file:line) and the\n" +
			"facts it joined, down to facts extracted from the IR; those about program points and\n" +
			"paths are shown without theirs (bufferlog query --why FILE 'finding(...)' shows all).\n" +
			"--format json prints one object per finding: file, line, col, severity, kind, message,\n" +
			"derivation. Exit status 0 when no file has an error (warnings alone: 0), 1 if one has\n" +
			"or cannot be read, 2 for a usage error.",
		Flags: append([]cli.Flag{
			&cli.StringFlag{Name: "format", Value: "text", Usage: "text, or json"},
			rulesFlag,
			opModelFlag,
		}, limitFlags...),
		Action: func(c *cli.Context) error {
			if c.NArg() == 0 {
				return cli.Exit("bufferlog check: want one or more input files", 2)
			}
			format := c.String("format")
			if format != "text" && format != "json" {
				return cli.Exit(fmt.Sprintf("bufferlog check: unknown --format %q (text or json)", format), 2)
			}
			p, err := newPipeline(c, rules.Checker())
			if err != nil {
				return err
			}
			chk := newChecker(p.rules)
			all := []checkFinding{}
			failed := false
			for _, file := range c.Args().Slice() {
				m, source, err := loadSource(file, true)
				if err == nil {
					var found []checkFinding
					ps, stop := p.start(p.opts.Workers)
					found, err = chk.findings(m, source, ps)
					stop()
					all = append(all, found...)
					err = p.limitError(file, err)
				}
				if err != nil {
					fmt.Fprint(os.Stderr, formatDiagnostic(err))
					failed = true
				}
			}
			var b bytes.Buffer
			if format == "json" {
				enc := json.NewEncoder(&b)
				enc.SetIndent("", "  ")
				err = enc.Encode(all)
			} else {
				writeFindings(&b, all)
			}
			if err == nil {
				_, err = os.Stdout.Write(b.Bytes())
			}
			if err != nil {
				return cli.Exit(err.Error(), 1)
			}
			if failed || slices.ContainsFunc(all, func(f checkFinding) bool { return f.Severity == "error" }) {
				return errReported
			}
			return nil
		},
	}
}

// checkFinding is one fault the checker reports.
type checkFinding struct {
	File     string `json:"file"`
	Line     int    `json:"line"`
	Col      int    `json:"col"`
	Severity string `json:"severity"` // "error" or "warning"
	Kind     string `json:"kind"`     // readonly_write, use_after_free, double_free, foreign_free, stack_return, leak
	Message  string `json:"message"`
	// Derivation is the finding fact's, as explain prints them.
	Derivation *explain.Step `json:"derivation"`
	// at has the text of the line, for the text format.
	at explain.Location
}

// checker is the memory-safety checker: the rules of rules.Checker,
// compiled once and restricted to what the findings need, and the
// declarations that name their columns' ids.
type checker struct {
	prog  *solve.Program
	preds []*facts.Predicate
	// reads marks the IR predicates the findings depend on: only those
	// are extracted.
	reads [facts.NumPreds]bool
}

// newChecker is the checker of the rules rs.
func newChecker(rs ruleSet) *checker {
	c := &checker{prog: rs.prog.Restrict(contract.Finding.Name()), preds: rs.decls()}
	needed := c.prog.Needed()
	for p := range facts.NumPreds {
		c.reads[p] = needed[p.Name()]
	}
	return c
}

// eval extracts m and derives the findings, within ps's limits, and
// returns the facts.
func (c *checker) eval(m *ir.Module, ps pass) (*facts.DB, *extract.Names, error) {
	opts := ps.opts
	opts.Only = func(p facts.Pred) bool { return c.reads[p] }
	db, names, err := extract.Module(m, opts)
	if err != nil {
		return nil, nil, err
	}
	_, err = c.prog.Eval(ps.ctx, db, ps.eval)
	return db, names, err
}

// findings checks m, whose text source locates its ops, and returns its
// findings in source order.
func (c *checker) findings(m *ir.Module, source []byte, ps pass) ([]checkFinding, error) {
	db, names, err := c.eval(m, ps)
	if err != nil {
		return nil, err
	}
	r := contract.Finding.Lookup(db)
	if r == nil || r.Len() == 0 {
		return nil, nil
	}
	st := newStepper(c.prog, c.preds, db, names, source)
	st.brief = func(d *solve.Derivation) bool { return filepath.Base(d.Rule.File) == checkStructureFile }
	desc := memoryDescriber{db: db, names: names}
	var out []checkFinding
	for id := range uint32(r.Len()) {
		row := r.Row(id)
		syms := db.Symbols()
		at := st.location(names.Location(int(row[0].Int())))
		kind, severity := syms.Format(row[1])[1:], syms.Format(row[2])[1:]
		v, cause, e := int(row[3].Int()), int(row[4].Int()), int(row[5].Int())
		out = append(out, checkFinding{File: at.File, Line: at.Line, Col: at.Col, Severity: severity, Kind: kind,
			Message: desc.message(syms.Format(row[1]), int(row[0].Int()), v, cause, e), Derivation: st.fact(contract.Finding.Name(), row...), at: at})
	}
	slices.SortStableFunc(out, func(a, b checkFinding) int {
		return cmp.Or(cmp.Compare(a.Line, b.Line), cmp.Compare(a.Col, b.Col), cmp.Compare(a.Message, b.Message))
	})
	return out, nil
}

// verify checks m, the bufferized module of file, and fails with its
// findings, located in m's printed text, which printed gives (waiting
// for it, if need be) and which they name file's .memref.mlir (it is not
// written). A clean module costs its extraction and the evaluation.
func (c *checker) verify(m *ir.Module, file string, ps pass, printed func() ([]byte, error)) error {
	db, _, err := c.eval(m, ps)
	if err != nil {
		return err
	}
	if r := contract.Finding.Lookup(db); r == nil || r.Len() == 0 {
		return nil
	}
	text, err := printed()
	if err != nil {
		return err
	}
	name := strings.TrimSuffix(file, ".mlir") + ".memref.mlir"
	mm, err := ir.Parse(name, text)
	if err != nil {
		return fmt.Errorf("%s: error: internal error: the bufferized module does not parse: %v", file, err)
	}
	found, err := c.findings(mm, text, ps)
	if err != nil {
		return err
	}
	var b bytes.Buffer
	fmt.Fprintf(&b, "%s: error: bufferize --verify: bufferlog check finds %d faults in the output, which is not written\n", file, len(found))
	writeFindings(&b, found)
	return errors.New(strings.TrimSuffix(b.String(), "\n"))
}

// memoryDescriber words findings, naming values and ops as the source
// does and memory by what the rules derived of it (kind_of, global_ref).
type memoryDescriber struct {
	db    *facts.DB
	names *extract.Names
}

func (d memoryDescriber) message(kind string, at, v, cause, e int) string {
	val, where := d.names.ValueName(v), d.position(e)
	// what says how V relates to the memory at fault, named once.
	what := func(noun string) string {
		if v == cause {
			return val + ", " + noun
		}
		return fmt.Sprintf("%s may be %s, %s", val, d.names.ValueName(cause), noun)
	}
	// freed names the memory a free at E made dangling.
	freed := func() string {
		if v == cause {
			return val
		}
		return fmt.Sprintf("%s may name the buffer of %s, which", val, d.names.ValueName(cause))
	}
	switch kind {
	case "/readonly_write":
		return "write into read-only memory: " + what(d.memory(kind, cause))
	case "/use_after_free":
		return fmt.Sprintf("use of freed memory: %s may have been freed at %s", freed(), where)
	case "/double_free":
		return fmt.Sprintf("double free: %s may have been freed already at %s", freed(), where)
	case "/foreign_free":
		return "free of memory the function does not own: " + what(d.memory(kind, cause))
	case "/stack_return":
		return "return of a stack buffer: " + what("a memref.alloca of the returning function, whose frame the return ends")
	case "/leak":
		switch {
		case e == at:
			return fmt.Sprintf("leak: %s is never freed: nothing uses it", val)
		case cause != v:
			return fmt.Sprintf("leak: %s or %s is never freed: the memref.dealloc at %s frees one of them, which an op picked at run time, and nothing frees the other", val, d.names.ValueName(cause), where)
		case d.names.Op(e).Name == "func.return":
			return fmt.Sprintf("leak: %s is not freed on a path to the return at %s, which does not hand it to the caller", val, where)
		}
		return fmt.Sprintf("leak: %s is not freed on a path through the %s at %s, after which nothing names it", val, d.names.Op(e).Name, where)
	}
	return kind
}

// memory describes the allocation site x by its kind (kind_of), for a
// finding of kind.
func (d memoryDescriber) memory(kind string, x int) string {
	switch d.lookup(contract.KindOf, x) {
	case "/global":
		if kind == "/readonly_write" {
			return "the constant global @" + strings.Trim(d.lookup(facts.GlobalRef, x), `"`)
		}
		return "the global @" + strings.Trim(d.lookup(facts.GlobalRef, x), `"`)
	case "/arg":
		fn := ir.SymbolName(d.names.Value(x).Block().ParentOp())
		if kind == "/readonly_write" {
			return "an argument of @" + fn + " marked bufferization.writable = false"
		}
		return "an argument of @" + fn + ", which it borrows from its callers"
	case "/stack":
		return "a stack buffer (memref.alloca)"
	case "/borrowed":
		if kind == "/readonly_write" {
			return "the result of a call whose callee may return read-only memory"
		}
		return "the result of a call that is no fresh buffer of the caller's"
	case "/heap":
		return "a heap buffer"
	}
	return "memory of unknown origin"
}

// lookup returns the second column of pred's fact about x, as Mangle
// writes it, or "".
func (d memoryDescriber) lookup(pred contract.Handle, x int) string {
	r := contract.Lookup(d.db, pred)
	if r == nil {
		return ""
	}
	if id := r.Index([]int{0}).First([]facts.Value{facts.Number(int64(x))}); id != facts.NoRow {
		return d.db.Symbols().Format(r.At(id, 1))
	}
	return ""
}

// position is op's LINE:COL.
func (d memoryDescriber) position(op int) string {
	loc := d.names.Location(op)
	rest, c, _ := cutLast(loc)
	_, l, _ := cutLast(rest)
	return fmt.Sprintf("%d:%d", l, c)
}

// writeFindings prints each finding in MLIR's diagnostic form, its line
// with a caret, and its derivation.
func writeFindings(b *bytes.Buffer, fs []checkFinding) {
	for i, f := range fs {
		if i > 0 {
			b.WriteString("\n")
		}
		fmt.Fprintf(b, "%s:%d:%d: %s: %s\n", f.File, f.Line, f.Col, f.Severity, f.Message)
		snippet(b, "  ", f.at)
		writeStep(b, f.Derivation, "  ")
	}
}
