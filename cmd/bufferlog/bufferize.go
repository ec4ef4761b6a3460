package main

import (
	"errors"
	"fmt"
	"os"
	"runtime"
	"slices"
	"time"

	"github.com/urfave/cli/v2"

	"bufferlog/driver"
	"bufferlog/extract"
	"bufferlog/facts"
	"bufferlog/ir"
	"bufferlog/rewrite"
	"bufferlog/rules"
	"bufferlog/rules/contract"
)

func bufferizeCommand() *cli.Command {
	return &cli.Command{
		Name:      "bufferize",
		Usage:     "rewrite tensor IR into memref IR, reusing buffers in place where the rules allow",
		ArgsUsage: "FILE... | DIR...",
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
			"come from the rules (inplace*.mg: conflicts and read-only buffers; decisions.mg: what\n" +
			"follows from them); `bufferlog query` shows every derived fact behind them.\n\n" +
			"With --verify, each output is checked as bufferlog check does, with its built-in rules\n" +
			"(whatever --rules says), before it is written: a finding fails the file with the\n" +
			"findings, located in its memref IR (named FILE.memref.mlir in the messages only).\n\n" +
			"Given several files or directories (walked for *.mlir), bufferize runs a batch on -j\n" +
			"workers, with every flag applied to every file: --out-dir DIR mirrors the input tree\n" +
			"under DIR, --in-place replaces each input that bufferizes. Outputs are replaced\n" +
			"atomically; a file that fails gets its diagnostic and writes nothing. Stderr shows\n" +
			"the progress and a summary of the outputs' allocations, copies and deallocations\n" +
			"(--stats: with the time of each phase; --stats=json: as JSON, to --stats-file or\n" +
			"stderr). Exit status 1 if any file failed, 2 for a usage error.",
		Flags: append([]cli.Flag{
			analysisOnlyFlag, printConflictsFlag,
			policyFlag, copyBeforeWriteFlag, heuristicFlag,
			rulesFlag,
			opModelFlag,
			layoutFlag, alignmentFlag, stackFlag, optimizeFlag, outParamsFlag,
			deallocFlag,
			allowUnknownOpsFlag, encodingSpaceFlag,
			verifyFlag,
			&cli.StringFlag{Name: "o", Usage: "write the output to `FILE` instead of stdout (one input only)"},
			&cli.StringFlag{Name: "out-dir", Usage: "write the outputs of a batch under `DIR`, mirroring each input directory's tree, and input files by base name"},
			&cli.BoolFlag{Name: "in-place", Usage: "replace each input that bufferizes by its output; inputs that fail are left as they were"},
			&cli.IntFlag{Name: "j", Value: runtime.NumCPU(), Usage: "bufferize `N` files at once"},
			&cli.GenericFlag{Name: "stats", Value: new(statsMode), Usage: "add the time of each phase to the summary; --stats=json writes the summary as JSON, to --stats-file or else to stderr"},
			&cli.StringFlag{Name: "stats-file", Usage: "write the summary as JSON to `FILE` (implies --stats=json)"},
		}, limitFlags...),
		Action: func(c *cli.Context) error {
			jobs, batch, err := bufferizeJobs(c)
			if err != nil {
				return cli.Exit("bufferlog bufferize: "+err.Error(), 2)
			}
			workers := c.Int("j")
			if workers < 1 {
				return cli.Exit(fmt.Sprintf("bufferlog bufferize: -j %d: want at least one worker", workers), 2)
			}
			stats, statsFile := *c.Generic("stats").(*statsMode), c.String("stats-file")
			if statsFile != "" && stats == "" {
				stats = "json"
			}
			if len(jobs) > 0 && jobs[0].err == nil {
				jobs[0].ahead = prefetch(jobs[0])
			}
			p, err := newPipeline(c, rules.Analysis())
			if err != nil {
				return err
			}
			// The workers share the CPUs: each file's own parallelism gets
			// its part of them.
			p.opts.Workers = max(1, p.opts.Workers/min(workers, len(jobs)))
			mode := progressQuiet
			if batch {
				mode = progressModeOf(os.Stderr)
			}
			start := time.Now()
			sum := summarize(runJobs(jobs, p, workers, newProgress(os.Stderr, mode, len(jobs))), time.Since(start))
			if err := writeSummary(sum, batch, stats, statsFile); err != nil {
				return cli.Exit("bufferlog bufferize: "+err.Error(), 1)
			}
			if sum.Failed > 0 {
				return errReported
			}
			return nil
		},
	}
}

// bufferizeJobs reads the inputs and where their outputs go. One input
// that is not a directory, without --out-dir or --in-place, is a batch of
// one written to -o or stdout; anything else is a batch (see batchJobs).
func bufferizeJobs(c *cli.Context) (jobs []job, batch bool, err error) {
	args := c.Args().Slice()
	outDir, inPlace, out := c.String("out-dir"), c.Bool("in-place"), c.String("o")
	if len(args) == 0 {
		return nil, false, errors.New("want input files or directories")
	}
	for _, a := range args {
		// Flags that interspersed did not know stay among the files.
		if _, err := os.Stat(a); err != nil && len(a) > 1 && a[0] == '-' {
			return nil, false, fmt.Errorf("flag provided but not defined: %s", a)
		}
	}
	batch = outDir != "" || inPlace || len(args) > 1
	if info, err := os.Stat(args[0]); err == nil && info.IsDir() {
		batch = true
	}
	switch {
	case !batch:
		return []job{{in: args[0], out: out}}, false, nil
	case outDir != "" && inPlace:
		return nil, true, errors.New("--out-dir and --in-place exclude each other")
	case out != "":
		return nil, true, errors.New("-o takes a single input file: write a batch with --out-dir DIR or --in-place")
	case outDir == "" && !inPlace:
		return nil, true, errors.New("several inputs or a directory: give --out-dir DIR, or --in-place to replace the inputs")
	}
	jobs, err = batchJobs(args, outDir, inPlace)
	return jobs, true, err
}

// writeSummary writes the summary of a run on stderr: as text for a
// batch, or for one file with --stats; as JSON for --stats=json, into
// statsFile if given, else on stderr instead of the text. Stdout only
// ever carries the output of a single file.
func writeSummary(sum *runSummary, batch bool, stats statsMode, statsFile string) error {
	if stats == "json" {
		if statsFile != "" {
			if err := writeOutput(statsFile, sum.writeJSON); err != nil {
				return err
			}
		} else {
			return sum.writeJSON(os.Stderr)
		}
	}
	if batch || stats == "text" {
		return sum.writeText(os.Stderr, stats == "text")
	}
	return nil
}

// analyze runs the in-place analysis on m and annotates m with it, adding
// the time of each phase to ps's times. The annotations add attributes
// only: m's values are named (ir.AssignNames) beside the analysis, and,
// unless ps's printConflicts numbers the conflicts of the whole module, each function is annotated and printed as soon as it is
// decided, beside the analysis of the next (the analysis phase's time
// includes this), unless it is long (aheadOps). Print m with Named and
// the returned Ahead.
func analyze(m *ir.Module, ps pass) (*ir.Ahead, error) {
	opts, times := ps.opts, ps.times
	named := make(chan struct{})
	go func() {
		defer close(named)
		ir.AssignNames(m, opts.Workers)
	}()
	defer func() { <-named }()
	var ahead *ir.Ahead
	var done partDone
	if !ps.printConflicts {
		ahead = ir.NewAhead(ir.PrintOptions{Workers: opts.Workers})
		done = func(names *extract.Names, tops []extract.TopLevel, db *facts.DB, dec *rewrite.Decisions) {
			a := rewrite.Annotation{Names: names, Decisions: dec, Summary: summary([]*facts.DB{db})}
			for _, top := range tops {
				rewrite.AnnotateOps(a, top.First, top.End, opts.Workers)
			}
			<-named
			for _, top := range tops {
				if top.End-top.First <= aheadOps {
					ahead.Print(top.Op)
				}
			}
		}
	}
	a, err := decide(m, ps, done)
	if err != nil {
		return nil, err
	}
	if done == nil {
		defer times.since(phaseRewrite, time.Now())
		rewrite.Annotate(rewrite.Annotation{Names: a.names, Decisions: a.dec, Summary: summary(a.parts)}, ps.printConflicts, opts.Workers)
	}
	return ahead, nil
}

// collectOps is the fewest ops of a module for which bufferize collects
// the analysis' garbage before the deallocation: below it, there is too
// little to gain for a collection per file of a batch.
const collectOps = 1 << 14

// aheadOps bounds the ops of a function that analyze prints ahead. A long
// function prints faster with the module, streamed out on the workers:
// held in memory, the text of a 100k-op function cost a copy and page
// faults, 0.1 s in all, and there was no analysis left to print it
// beside.
const aheadOps = 1 << 14

// partDone hears of each part of a module as soon as its decisions are
// taken (driver.ModuleParts.Done): its top-level ops, its facts and its
// decisions.
type partDone func(names *extract.Names, tops []extract.TopLevel, db *facts.DB, dec *rewrite.Decisions)

// analysis is the in-place analysis of a module: the facts of its parts,
// their names, and the decisions.
type analysis struct {
	parts []*facts.DB
	names *extract.Names
	dec   *rewrite.Decisions
}

// bufferize runs the in-place analysis on m and rewrites it into memref
// IR by its decisions; unless ps's dealloc is noDealloc, it then
// evaluates where the rules free each buffer, on the facts of the memref
// IR, and inserts the deallocations. The result is checked with the
// structural verifier: a rewrite bug must not reach the output.
func bufferize(m *ir.Module, file string, ps pass) error {
	if _, err := eliminateEmpty(m, ps); err != nil {
		return err
	}
	a, err := decide(m, ps, nil, rewrite.PlanPredicates()...)
	if err != nil {
		return err
	}
	return rewriteDecided(m, file, ps, a, ps.dealloc)
}

// eliminateEmpty replaces the uses of tensor.empty results that
// rules/empty.mg names by slices of the tensors they are inserted into,
// if --optimize has empty, and returns its plan (nil if it had nothing to
// evaluate). It is part of the analysis phase.
func eliminateEmpty(m *ir.Module, ps pass) (*driver.EmptyPlan, error) {
	if !slices.Contains(ps.optimize, "empty") {
		return nil, nil
	}
	defer ps.times.since(phaseAnalysis, time.Now())
	return driver.EliminateEmpty(ps.ctx, ps.driverRules(), m, ps.opts)
}

// rewriteDecided is bufferize once the decisions are taken, with dealloc
// in place of ps's: explain places the frees itself, to explain them.
func rewriteDecided(m *ir.Module, file string, ps pass, a analysis, dealloc deallocMode) error {
	times := ps.times
	plan := rewrite.NewPlan(a.names, a.dec, a.parts)
	large := a.names.Ops() >= collectOps
	a = analysis{}
	if large {
		// The analysis is over: all but the plan's facts are garbage, and
		// the buffers spare keeps for relations to come would wait out
		// the rewrite, which makes none, and count in the heap that paces
		// the collector. Collected now, they leave the heap that the
		// memref IR grows into (100k-op pipelines, function and module:
		// peak RSS 248 -> 236 MiB and 217 -> 208).
		facts.DropSpare()
		runtime.GC()
	}
	err := times.timed(phaseRewrite, func() error {
		err := rewrite.Bufferize(m, plan, ps.ropt)
		plan = nil
		var re *rewrite.Error
		if errors.As(err, &re) {
			line, col := m.Position(re.Op.Pos)
			return fmt.Errorf("%s:%d:%d: error: %s", m.File, line, col, re.Msg)
		}
		return err
	})
	if err != nil {
		return err
	}
	if dealloc != noDealloc {
		if large {
			// The plan's facts and the ops the rewrite replaced are garbage
			// now. Collected at once, they leave the heap the
			// deallocation's facts grow into; else the heap grows by both
			// before the next collection (100k-op pipelines, function and
			// module: peak RSS 244 -> 230 MiB and 230 -> 206).
			runtime.GC()
		}
		err := times.timed(phaseDealloc, func() error { return deallocate(m, ps) })
		if err != nil {
			return err
		}
	}
	return times.timed(phaseRewrite, func() error {
		if err := ir.Verify(m); err != nil {
			return fmt.Errorf("%s: error: internal error: the bufferized module does not verify: %v", file, err)
		}
		return nil
	})
}

// deallocate places the deallocations of the memref module m by the
// rules (rules/dealloc*.mg), with the copies they ask for.
func deallocate(m *ir.Module, ps pass) error {
	d := ps.deallocation()
	d.Release = true
	plan, err := driver.PlanDeallocation(ps.ctx, ps.driverRules(), m, d)
	if err != nil {
		return err
	}
	rewrite.Deallocate(plan.Names, plan.DB)
	// What comes next (--verify's extraction) reuses its storage.
	plan.Release()
	return nil
}

// decide extracts m by function and runs the in-place analysis on it with
// ps's policy, checking that the decisions leave no conflict. The parts
// keep the facts of the predicates named in keep too, derived after the
// decisions: a caller that rewrites names rewrite.PlanPredicates, which
// an annotation does not read. Its time is added to ps's times as the
// analysis phase. done, if not nil, hears of each part as soon as it is
// decided.
func decide(m *ir.Module, ps pass, done partDone, keep ...string) (analysis, error) {
	defer ps.times.since(phaseAnalysis, time.Now())
	// must_inplace is kept to tell an unavoidable conflict (MLIR rejects
	// the program too) from a wrong decision.
	after := append(contract.Names(contract.FuncAccess, contract.ReturnEquivalent, contract.RemainingConflict,
		contract.RemainingReadOnly, contract.RemainingParallelWrite, facts.MustInplace), keep...)
	a, err := analyzeModule(m, ps, done, after...)
	if err == nil {
		err = remainingConflicts(a.parts, a.names)
	}
	return a, err
}

// analyzeModule runs the in-place analysis on m's functions
// (driver.AnalyzeParts), extracting each part of m (extract.Split) as the
// analysis comes to it, and returns the parts, their Names and the
// decisions. An extraction error is the one extract.Functions gives, and
// comes before any error of the analysis, as when every part is
// extracted first. done, if not nil, hears of each part as soon as it is
// decided. The analysis runs on as many goroutines as ps's evaluations.
func analyzeModule(m *ir.Module, ps pass, done partDone, after ...string) (analysis, error) {
	split := extract.Split(m, ps.opts)
	funcs, calls := split.CallGraph()
	parts := driver.ModuleParts{Funcs: funcs, Calls: calls, Part: split.Extract}
	if done != nil {
		parts.Done = func(i int, db *facts.DB, dec *rewrite.Decisions) { done(split.Names(), split.TopLevels(i), db, dec) }
	}
	parts.Decided = func(i int) {
		// A part that is most of a large module leaves most of the heap
		// garbage once decided, its conflict relations let go. Collected
		// now, that garbage does not set the heap the collector lets the
		// rest grow to (100k-op function, GOMAXPROCS=1: peak RSS of the
		// analysis 215 -> 208 MiB, of the pipeline 227 -> 202).
		ops := 0
		for _, top := range split.TopLevels(i) {
			ops += top.End - top.First
		}
		if ops >= collectOps && 2*ops >= split.Names().Ops() {
			facts.DropSpare()
			runtime.GC()
		}
	}
	dec, err := driver.AnalyzeParts(ps.ctx, driver.Analysis{Rules: ps.driverRules(), Policy: ps.policy, Workers: ps.eval.Workers}, parts, after...)
	if err != nil {
		if xerr := split.Err(); xerr != nil {
			err = xerr
		}
		return analysis{}, err
	}
	return analysis{split.DBs(), split.Names(), dec}, nil
}

// summary reads the function boundary facts of decisions.mg.
func summary(parts []*facts.DB) *rewrite.Summary {
	s := &rewrite.Summary{Access: map[[2]int64]string{}, Equivalent: map[[2]int64]int64{}}
	for _, db := range parts {
		if r := contract.FuncAccess.Lookup(db); r != nil {
			for id := range uint32(r.Len()) {
				row := r.Row(id)
				s.Access[[2]int64{row[0].Int(), row[1].Int()}] = db.Symbols().Text(row[2])
			}
		}
		if r := contract.ReturnEquivalent.Lookup(db); r != nil {
			for id := range uint32(r.Len()) {
				row := r.Row(id)
				s.Equivalent[[2]int64{row[0].Int(), row[1].Int()}] = row[2].Int()
			}
		}
	}
	return s
}

// remainingConflicts re-derives, from the decisions, the conflicts they
// leave (decisions.mg: remaining_conflict, remaining_read_only,
// remaining_parallel_write), which must be none: a policy, or a rule file,
// that left one would produce wrong code.
func remainingConflicts(parts []*facts.DB, names *extract.Names) error {
	first := func(db *facts.DB, p contract.Pred) []facts.Value {
		if r := p.Lookup(db); r != nil && r.Len() > 0 {
			return r.Row(0)
		}
		return nil
	}
	for _, db := range parts {
		if row := first(db, contract.RemainingConflict); row != nil {
			write, read := int(row[2].Int()), int(row[0].Int())
			if must := contract.Lookup(db, facts.MustInplace); must != nil && must.Contains([]facts.Value{row[2], row[3]}) {
				// MLIR's verdict too: the op must write in place (its
				// interface says so), and a later read needs the old contents.
				return fmt.Errorf("%s: error: '%s' op not bufferizable under the given constraints: cannot avoid RaW conflict (it must write in place, and %s reads what it overwrites)",
					names.Location(write), names.Op(write).Name, names.OpName(read))
			}
			return fmt.Errorf("%s: error: internal error: the decisions leave a conflict: %s writes what %s reads",
				names.Location(write), names.OpName(write), names.OpName(read))
		}
		if row := first(db, contract.RemainingReadOnly); row != nil {
			write := int(row[0].Int())
			return fmt.Errorf("%s: error: the decisions write into read-only memory: %s writes in place the buffer of %s, which must not be written",
				names.Location(write), names.OpName(write), names.ValueName(int(row[2].Int())))
		}
		if row := first(db, contract.RemainingParallelWrite); row != nil {
			write := int(row[0].Int())
			return fmt.Errorf("%s: error: the decisions leave a race: %s writes in place, in a parallel region, a buffer from outside it that %s reads",
				names.Location(write), names.OpName(write), names.OpName(int(row[2].Int())))
		}
	}
	return nil
}
