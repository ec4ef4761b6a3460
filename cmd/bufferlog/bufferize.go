package main

import (
	"errors"
	"fmt"
	"os"
	"runtime"
	"time"

	"github.com/urfave/cli/v2"

	"bufferlog/driver"
	"bufferlog/extract"
	"bufferlog/facts"
	"bufferlog/ir"
	"bufferlog/rewrite"
	"bufferlog/rules/contract"
)

var heuristics = map[string]driver.Order{"bottom-up": driver.BottomUp, "top-down": driver.TopDown}

// rulesFlag is the --rules flag of every command that evaluates the rules.
var rulesFlag = &cli.StringSliceFlag{Name: "rules", Usage: "rule `FILE` that replaces the built-in file of its base name, or is added; alt:NAME adds a shipped alternative (bufferlog rules lists them)"}

// deallocMode is what bufferize does about freeing buffers.
type deallocMode int

const (
	noDealloc     deallocMode = iota
	staticDealloc             // rules/dealloc*.mg, with the copies it asks for
)

var deallocModes = map[string]deallocMode{"none": noDealloc, "static": staticDealloc}

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
			&cli.BoolFlag{Name: "analysis-only", Usage: "annotate the decisions instead of rewriting to memrefs"},
			&cli.BoolFlag{Name: "print-conflicts", Usage: "mark the read, write and definition of each conflict"},
			policyFlag, copyBeforeWriteFlag, heuristicFlag,
			rulesFlag,
			opModelFlag,
			layoutFlag, alignmentFlag, stackFlag,
			&cli.StringFlag{Name: "dealloc", Value: "static", Usage: "static: free every buffer where rules/dealloc*.mg places it, with no run-time ownership flags or alias checks, copying a buffer at the hand-overs where the rules ask (needs_clone); none: free nothing"},
			&cli.BoolFlag{Name: "allow-unknown-ops", Usage: "keep ops without a bufferization on tensors, with bufferization.to_tensor/to_buffer at their boundary"},
			&cli.BoolFlag{Name: "verify", Usage: "check each output with bufferlog check's built-in rules before writing it, and fail with their findings (errors and warnings) instead of writing memref IR they cannot prove memory-safe"},
			&cli.StringFlag{Name: "o", Usage: "write the output to `FILE` instead of stdout (one input only)"},
			&cli.StringFlag{Name: "out-dir", Usage: "write the outputs of a batch under `DIR`, mirroring each input directory's tree, and input files by base name"},
			&cli.BoolFlag{Name: "in-place", Usage: "replace each input that bufferizes by its output; inputs that fail are left as they were"},
			&cli.IntFlag{Name: "j", Value: runtime.NumCPU(), Usage: "bufferize `N` files at once"},
			&cli.GenericFlag{Name: "stats", Value: new(statsMode), Usage: "add the time of each phase to the summary; --stats=json writes the summary as JSON, to --stats-file or else to stderr"},
			&cli.StringFlag{Name: "stats-file", Usage: "write the summary as JSON to `FILE` (implies --stats=json)"},
		}, limitFlags...),
		Action: func(c *cli.Context) error {
			p, err := pipelineFlags(c)
			if err != nil {
				return cli.Exit("bufferlog bufferize: "+err.Error(), 2)
			}
			if p.limits, err = limitsOf(c); err != nil {
				return err
			}
			if p.verify != nil {
				p.verify.lim = p.limits
			}
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
			if _, p.prog, err = compileRules(c.StringSlice("rules")); err != nil {
				return report(err)
			}
			if p.opts, err = extractOptions(c.StringSlice("op-model")); err != nil {
				return report(err)
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

// pipelineFlags reads the flags that say what to do with each file.
func pipelineFlags(c *cli.Context) (*pipeline, error) {
	ropt, err := rewriteOptionsOf(c)
	if err != nil {
		return nil, err
	}
	ropt.AllowUnknownOps = c.Bool("allow-unknown-ops")
	dealloc, ok := deallocModes[c.String("dealloc")]
	if !ok {
		return nil, fmt.Errorf("unknown --dealloc %q (static or none)", c.String("dealloc"))
	}
	policy, _, err := policyNamed(c)
	if err != nil {
		return nil, err
	}
	var verify *checker
	if c.Bool("verify") {
		if c.Bool("analysis-only") || dealloc == noDealloc {
			return nil, errors.New("--verify checks memref IR with its frees: not with --analysis-only or --dealloc=none")
		}
		if verify, err = newChecker(nil, limits{}); err != nil {
			return nil, err
		}
	}
	return &pipeline{
		policy:         policy,
		ropt:           ropt,
		dealloc:        dealloc,
		analysisOnly:   c.Bool("analysis-only"),
		printConflicts: c.Bool("print-conflicts"),
		verify:         verify,
	}, nil
}

// The flags that choose the policy of the in-place analysis (policyOf),
// shared by bufferize, explain, report, graph and diff-rules, and those of
// the rewrite (the layout of function boundaries, the alignment of
// buffers), shared by bufferize, explain and report.
var (
	layoutFlag = &cli.StringFlag{Name: "function-boundary-type-conversion", Value: "infer-layout-map",
		Usage: "memref layout of function arguments and results: infer-layout-map, identity-layout-map or fully-dynamic-layout-map"}
	alignmentFlag = &cli.Int64Flag{Name: "buffer-alignment", Value: defaultAlignment,
		Usage: "alignment in bytes of the buffers allocated, as One-Shot Bufferize's buffer-alignment (0: none)"}
	stackFlag = &cli.Int64Flag{Name: "max-stack-bytes", Value: defaultMaxStackBytes,
		Usage: "stack that the buffers of one function promoted to memref.alloca may take together: buffers of static size, allocated once per call and never handed on (0: none)"}
	policyFlag          = &cli.StringFlag{Name: "policy", Value: "oneshot", Usage: "oneshot: MLIR's greedy decisions; mincopy: the fewest bytes copied; copy-before-write: no analysis, every write on a copy"}
	copyBeforeWriteFlag = &cli.BoolFlag{Name: "copy-before-write", Usage: "the same as --policy copy-before-write: a baseline and a safety net"}
	heuristicFlag       = &cli.StringFlag{Name: "heuristic", Value: "bottom-up", Usage: "op order of the oneshot policy: bottom-up or top-down"}
)

// policyNamed returns the policy that --policy, --copy-before-write and
// --heuristic choose, and how explain names it ("the oneshot policy,
// bottom-up order").
func policyNamed(c *cli.Context) (driver.Policy, string, error) {
	heuristic := c.String("heuristic")
	order, ok := heuristics[heuristic]
	if !ok {
		return nil, "", fmt.Errorf("unknown heuristic %q (bottom-up or top-down)", heuristic)
	}
	name := c.String("policy")
	if c.Bool("copy-before-write") {
		name = "copy-before-write"
	}
	switch name {
	case "oneshot":
		return driver.OneShot(order), "the oneshot policy, " + heuristic + " order", nil
	case "mincopy":
		return driver.MinCopy, "the mincopy policy", nil
	case "copy-before-write":
		return driver.CopyBeforeWrite, "the copy-before-write policy", nil
	}
	return nil, "", fmt.Errorf("unknown policy %q (oneshot, mincopy or copy-before-write)", name)
}

// policyOf is policyNamed for commands whose only pipeline flags are the
// policy's: an error is a usage error naming the command.
func policyOf(c *cli.Context) (driver.Policy, error) {
	policy, _, err := policyNamed(c)
	if err != nil {
		return nil, cli.Exit(fmt.Sprintf("bufferlog %s: %v", c.Command.Name, err), 2)
	}
	return policy, nil
}

// analysisChoice is what explain and report analyze and rewrite with: the
// policy, the words that name it in derivations, and the rewrite's
// options (the layout of function boundaries).
type analysisChoice struct {
	policy driver.Policy
	label  string
	ropt   rewrite.Options
}

// defaultAnalysis is bufferize's default: the oneshot policy, bottom-up,
// the inferred layout and 64-byte aligned buffers.
var defaultAnalysis = analysisChoice{policy: driver.OneShot(driver.BottomUp), label: "the oneshot policy, bottom-up order",
	ropt: rewrite.Options{Alignment: defaultAlignment, MaxStackBytes: defaultMaxStackBytes}}

const (
	// defaultAlignment is One-Shot Bufferize's default buffer alignment.
	defaultAlignment = 64
	// defaultMaxStackBytes is the default of promote-buffers-to-stack's
	// max-alloc-size-in-bytes.
	defaultMaxStackBytes = 1024
)

// analysisChoiceOf reads explain's and report's policy and layout flags;
// an error is a usage error naming the command.
func analysisChoiceOf(c *cli.Context) (analysisChoice, error) {
	usage := func(err error) error { return cli.Exit(fmt.Sprintf("bufferlog %s: %v", c.Command.Name, err), 2) }
	policy, label, err := policyNamed(c)
	if err != nil {
		return analysisChoice{}, usage(err)
	}
	ropt, err := rewriteOptionsOf(c)
	if err != nil {
		return analysisChoice{}, usage(err)
	}
	return analysisChoice{policy: policy, label: label, ropt: ropt}, nil
}

// rewriteOptionsOf reads the flags of the rewrite that bufferize, explain
// and report share: the layout of function boundaries, the alignment of
// buffers and the stack they may take.
func rewriteOptionsOf(c *cli.Context) (rewrite.Options, error) {
	layout, err := rewrite.ParseLayout(c.String(layoutFlag.Name))
	if err != nil {
		return rewrite.Options{}, err
	}
	align := c.Int64(alignmentFlag.Name)
	if align < 0 || align&(align-1) != 0 {
		return rewrite.Options{}, fmt.Errorf("--%s %d: want 0 or a power of two", alignmentFlag.Name, align)
	}
	stack := c.Int64(stackFlag.Name)
	if stack < 0 {
		return rewrite.Options{}, fmt.Errorf("--%s %d: want 0 or more", stackFlag.Name, stack)
	}
	return rewrite.Options{Layout: layout, Alignment: align, MaxStackBytes: stack}, nil
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
// the time of each phase to times (which may be nil). The annotations add
// attributes only: m's values are named (ir.AssignNames) beside the
// analysis, and, unless printConflicts numbers the conflicts of the whole
// module, each function is annotated and printed as soon as it is
// decided, beside the analysis of the next (the analysis phase's time
// includes this), unless it is long (aheadOps). Print m with Named and
// the returned Ahead.
func analyze(m *ir.Module, st stages, printConflicts bool) (*ir.Ahead, error) {
	opts, times := st.opts, st.times
	named := make(chan struct{})
	go func() {
		defer close(named)
		ir.AssignNames(m, opts.Workers)
	}()
	defer func() { <-named }()
	var ahead *ir.Ahead
	var done partDone
	if !printConflicts {
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
	a, err := decide(m, st, done)
	if err != nil {
		return nil, err
	}
	if done == nil {
		defer times.since(phaseRewrite, time.Now())
		rewrite.Annotate(rewrite.Annotation{Names: a.names, Decisions: a.dec, Summary: summary(a.parts)}, printConflicts, opts.Workers)
	}
	return ahead, nil
}

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

// stages is what the stages of the pipeline share for one module: how
// facts are extracted, the rules with their limits, the policy of the
// in-place analysis, the rewrite's options, and where the time of each
// phase goes (nil: nowhere).
type stages struct {
	opts   extract.Options
	run    rulesRun
	policy driver.Policy
	ropt   rewrite.Options
	times  *phaseTimes
}

// analysis is the in-place analysis of a module: the facts of its parts,
// their names, and the decisions.
type analysis struct {
	parts []*facts.DB
	names *extract.Names
	dec   *rewrite.Decisions
}

// bufferize runs the in-place analysis on m and rewrites it into memref
// IR by its decisions; unless dealloc is noDealloc, it then evaluates
// where the rules free each buffer, on the facts of the memref IR, and
// inserts the deallocations. The result is checked with the structural verifier: a
// rewrite bug must not reach the output.
func bufferize(m *ir.Module, file string, st stages, dealloc deallocMode) error {
	a, err := decide(m, st, nil, rewrite.PlanPredicates()...)
	if err != nil {
		return err
	}
	return rewriteDecided(m, file, st, a, dealloc)
}

// rewriteDecided is bufferize once the decisions are taken.
func rewriteDecided(m *ir.Module, file string, st stages, a analysis, dealloc deallocMode) error {
	times := st.times
	err := times.timed(phaseRewrite, func() error {
		err := rewrite.Bufferize(m, rewrite.NewPlan(a.names, a.dec, a.parts), st.ropt)
		var re *rewrite.Error
		if errors.As(err, &re) {
			line, col := m.Position(re.Op.Pos)
			return fmt.Errorf("%s:%d:%d: error: %s", file, line, col, re.Msg)
		}
		return err
	})
	if err != nil {
		return err
	}
	if dealloc != noDealloc {
		err := times.timed(phaseDealloc, func() error { return deallocate(m, st) })
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
// rules (rules/dealloc*.mg), with the copies they ask for (aligned as
// st.ropt says).
func deallocate(m *ir.Module, st stages) error {
	plan, err := driver.PlanDeallocation(st.run.ctx, st.run.rules(), m, driver.Deallocation{Clone: st.ropt.Clone, Hoist: rewrite.HoistAllocs, MaxStackBytes: st.ropt.MaxStackBytes, Extract: extractWith(st.opts)})
	if err != nil {
		return err
	}
	rewrite.Deallocate(plan.Names, plan.DB)
	return nil
}

// decide extracts m by function and runs the in-place analysis on it with
// st's policy, checking that the decisions leave no conflict. The parts
// keep the facts of the predicates named in keep too, derived after the
// decisions: a caller that rewrites names rewrite.PlanPredicates, which
// an annotation does not read. Its time is added to st's times as the
// analysis phase. done, if not nil, hears of each part as soon as it is
// decided.
func decide(m *ir.Module, st stages, done partDone, keep ...string) (analysis, error) {
	defer st.times.since(phaseAnalysis, time.Now())
	// must_inplace is kept to tell an unavoidable conflict (MLIR rejects
	// the program too) from a wrong decision.
	after := append(contract.Names(contract.FuncAccess, contract.ReturnEquivalent, contract.RemainingConflict,
		contract.RemainingReadOnly, contract.RemainingParallelWrite, facts.MustInplace), keep...)
	a, err := analyzeModule(m, st, st.opts.Workers, done, after...)
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
// decided.
func analyzeModule(m *ir.Module, st stages, workers int, done partDone, after ...string) (analysis, error) {
	split := extract.Split(m, st.opts)
	funcs, calls := split.CallGraph()
	parts := driver.ModuleParts{Funcs: funcs, Calls: calls, Part: split.Extract}
	if done != nil {
		parts.Done = func(i int, db *facts.DB, dec *rewrite.Decisions) { done(split.Names(), split.TopLevels(i), db, dec) }
	}
	dec, err := driver.AnalyzeParts(st.run.ctx, driver.Analysis{Rules: st.run.rules(), Policy: st.policy, Workers: workers}, parts, after...)
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
