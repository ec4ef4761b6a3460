package main

import (
	"context"
	"errors"
	"fmt"

	"github.com/urfave/cli/v2"

	"bufferlog/extract"
	"bufferlog/facts"
	"bufferlog/ir"
	"bufferlog/rewrite"
	"bufferlog/solve"
)

var heuristics = map[string]solve.Order{"bottom-up": solve.BottomUp, "top-down": solve.TopDown}

// deallocMode is what bufferize does about freeing buffers.
type deallocMode int

const (
	noDealloc     deallocMode = iota
	staticDealloc             // rules/dealloc.mg, with the copies it asks for
)

var deallocModes = map[string]deallocMode{"none": noDealloc, "static": staticDealloc}

func bufferizeCommand() *cli.Command {
	return &cli.Command{
		Name:      "bufferize",
		Usage:     "rewrite tensor IR into memref IR, reusing buffers in place where the rules allow",
		ArgsUsage: "FILE",
		Description: "Rewrites tensor IR into memref IR: every tensor value gets a buffer, an operand\n" +
			"decided out of place gets a new one (memref.alloc, plus memref.copy where its contents\n" +
			"are read: copy_contents in decisions.mg), every other operand reuses its value's buffer.\n" +
			"Function arguments and results become memrefs, typed by\n" +
			"--function-boundary-type-conversion as in MLIR.\n\n" +
			"With --analysis-only, writes the tensor IR annotated as\n" +
			"mlir-opt --one-shot-bufferize=\"bufferize-function-boundaries test-analysis-only\" does:\n" +
			"__inplace_operands_attr__ on every op with tensor operands, bufferization.access on\n" +
			"tensor function arguments, __equivalent_func_args__ on returns, and with\n" +
			"--print-conflicts the conflict that sent each operand out of place. The decisions\n" +
			"come from the rules (inplace.mg: conflicts and read-only buffers; decisions.mg: what\n" +
			"follows from them); `bufferlog query` shows every derived fact behind them.",
		Flags: []cli.Flag{
			&cli.BoolFlag{Name: "analysis-only", Usage: "annotate the decisions instead of rewriting to memrefs"},
			&cli.BoolFlag{Name: "print-conflicts", Usage: "mark the read, write and definition of each conflict"},
			&cli.StringFlag{Name: "policy", Value: "oneshot", Usage: "oneshot: MLIR's greedy decisions; mincopy: the fewest bytes copied; copy-before-write: no analysis, every write on a copy"},
			&cli.BoolFlag{Name: "copy-before-write", Usage: "the same as --policy copy-before-write: a baseline and a safety net"},
			&cli.StringFlag{Name: "heuristic", Value: "bottom-up", Usage: "op order of the oneshot policy: bottom-up or top-down"},
			&cli.StringSliceFlag{Name: "rules", Usage: "rule `FILE` that replaces the built-in file of its base name, or is added"},
			opModelFlag,
			&cli.StringFlag{Name: "function-boundary-type-conversion", Value: "infer-layout-map",
				Usage: "memref layout of function arguments and results: infer-layout-map, identity-layout-map or fully-dynamic-layout-map"},
			&cli.StringFlag{Name: "dealloc", Value: "static", Usage: "static: free every buffer where rules/dealloc.mg places it, with no run-time ownership flags or alias checks, copying a buffer at the hand-overs where the rules ask (needs_clone); none: free nothing"},
			&cli.BoolFlag{Name: "allow-unknown-ops", Usage: "keep ops without a bufferization on tensors, with bufferization.to_tensor/to_buffer at their boundary"},
			&cli.StringFlag{Name: "o", Usage: "write the output to `FILE` instead of stdout"},
		},
		Action: func(c *cli.Context) error {
			if c.NArg() != 1 {
				return cli.Exit("bufferlog bufferize: want one input file", 2)
			}
			layout, err := rewrite.ParseLayout(c.String("function-boundary-type-conversion"))
			if err != nil {
				return cli.Exit("bufferlog bufferize: "+err.Error(), 2)
			}
			dealloc, ok := deallocModes[c.String("dealloc")]
			if !ok {
				return cli.Exit(fmt.Sprintf("bufferlog bufferize: unknown --dealloc %q (static or none)", c.String("dealloc")), 2)
			}
			order, ok := heuristics[c.String("heuristic")]
			if !ok {
				return cli.Exit(fmt.Sprintf("bufferlog bufferize: unknown heuristic %q (bottom-up or top-down)", c.String("heuristic")), 2)
			}
			var policy solve.Policy
			name := c.String("policy")
			if c.Bool("copy-before-write") {
				name = "copy-before-write"
			}
			switch name {
			case "oneshot":
				policy = solve.OneShot(order)
			case "mincopy":
				policy = solve.MinCopy
			case "copy-before-write":
				policy = solve.CopyBeforeWrite
			default:
				return cli.Exit(fmt.Sprintf("bufferlog bufferize: unknown policy %q (oneshot, mincopy or copy-before-write)", name), 2)
			}
			_, prog, err := compileRules(c)
			if err != nil {
				return report(err)
			}
			m, opts, err := loadForExtraction(c.Args().First(), c.StringSlice("op-model"))
			if err != nil {
				return report(err)
			}
			if c.Bool("analysis-only") {
				err = analyze(m, opts, prog, policy, c.Bool("print-conflicts"))
			} else {
				err = bufferize(m, c.Args().First(), opts, prog, policy, rewrite.Options{Layout: layout, AllowUnknownOps: c.Bool("allow-unknown-ops")}, dealloc)
			}
			if err != nil {
				return report(err)
			}
			if err := writeModule(c.String("o"), m, ir.PrintOptions{}); err != nil {
				return cli.Exit(err.Error(), 1)
			}
			return nil
		},
	}
}

// analyze runs the in-place analysis on m and annotates m with it.
func analyze(m *ir.Module, opts extract.Options, prog *solve.Program, policy solve.Policy, printConflicts bool) error {
	parts, names, dec, err := decide(m, opts, prog, policy)
	if err != nil {
		return err
	}
	rewrite.Annotate(m, names, dec, summary(parts), printConflicts)
	return nil
}

// bufferize runs the in-place analysis on m and rewrites it into memref
// IR by its decisions; unless dealloc is noDealloc, it then evaluates
// where the rules free each buffer, on the facts of the memref IR, and
// inserts the deallocations. The result is checked with the structural verifier: a
// rewrite bug must not reach the output.
func bufferize(m *ir.Module, file string, opts extract.Options, prog *solve.Program, policy solve.Policy, ropt rewrite.Options, dealloc deallocMode) error {
	parts, names, dec, err := decide(m, opts, prog, policy)
	if err != nil {
		return err
	}
	if err := rewrite.Bufferize(m, rewrite.NewPlan(names, dec, parts), ropt); err != nil {
		var re *rewrite.Error
		if errors.As(err, &re) {
			line, col := m.Position(re.Op.Pos)
			return fmt.Errorf("%s:%d:%d: error: %s", file, line, col, re.Msg)
		}
		return err
	}
	if dealloc != noDealloc {
		if err := deallocate(m, opts, prog); err != nil {
			return err
		}
	}
	if err := ir.Verify(m); err != nil {
		return fmt.Errorf("%s: error: internal error: the bufferized module does not verify: %v", file, err)
	}
	return nil
}

// deallocate places the deallocations of the memref module m by the
// rules (rules/dealloc.mg), with the clones they ask for.
func deallocate(m *ir.Module, opts extract.Options, prog *solve.Program) error {
	plan, err := rewrite.PlanDeallocation(context.Background(), m, prog, true, extractWith(opts))
	if err != nil {
		return err
	}
	rewrite.Deallocate(plan.Names, plan.DB)
	return nil
}

// decide extracts m by function and runs the in-place analysis on it with
// policy, checking that the decisions leave no conflict.
func decide(m *ir.Module, opts extract.Options, prog *solve.Program, policy solve.Policy) ([]*facts.DB, *extract.Names, *solve.Decisions, error) {
	parts, names, err := extract.Functions(m, opts)
	if err != nil {
		return nil, nil, nil, err
	}
	// must_inplace is kept to tell an unavoidable conflict (MLIR rejects
	// the program too) from a wrong decision.
	after := append([]string{"func_access", "return_equivalent", "remaining_conflict", "must_inplace"}, rewrite.PlanPredicates()...)
	dec, err := solve.AnalyzeModule(context.Background(), prog, parts, solve.Options{}, policy, opts.Workers, after...)
	if err == nil {
		err = remainingConflicts(parts, names)
	}
	return parts, names, dec, err
}

// summary reads the function boundary facts of decisions.mg.
func summary(parts []*facts.DB) *rewrite.Summary {
	s := &rewrite.Summary{Access: map[[2]int64]string{}, Equivalent: map[[2]int64]int64{}}
	for _, db := range parts {
		if r := db.Lookup("func_access", 3); r != nil {
			for id := range uint32(r.Len()) {
				row := r.Row(id)
				s.Access[[2]int64{row[0].Int(), row[1].Int()}] = db.Symbols().Text(row[2])
			}
		}
		if r := db.Lookup("return_equivalent", 3); r != nil {
			for id := range uint32(r.Len()) {
				row := r.Row(id)
				s.Equivalent[[2]int64{row[0].Int(), row[1].Int()}] = row[2].Int()
			}
		}
	}
	return s
}

// remainingConflicts re-derives, from the decisions, the conflicts they
// leave (decisions.mg: remaining_conflict), which must be none: a policy
// that left one would produce wrong code.
func remainingConflicts(parts []*facts.DB, names *extract.Names) error {
	for _, db := range parts {
		r := db.Lookup("remaining_conflict", 5)
		if r == nil || r.Len() == 0 {
			continue
		}
		row := r.Row(0)
		write, read := int(row[2].Int()), int(row[0].Int())
		if must := db.Lookup("must_inplace", 2); must != nil && must.Contains([]facts.Value{row[2], row[3]}) {
			// MLIR's verdict too: the op must write in place (its
			// interface says so), and a later read needs the old contents.
			return fmt.Errorf("%s: error: '%s' op not bufferizable under the given constraints: cannot avoid RaW conflict (it must write in place, and %s reads what it overwrites)",
				names.Location(write), names.Op(write).Name, names.OpName(read))
		}
		return fmt.Errorf("%s: error: internal error: the decisions leave a conflict: %s writes what %s reads",
			names.Location(write), names.OpName(write), names.OpName(read))
	}
	return nil
}
