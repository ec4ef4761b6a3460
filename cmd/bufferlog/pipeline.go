package main

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/urfave/cli/v2"

	"bufferlog/driver"
	"bufferlog/extract"
	"bufferlog/facts"
	"bufferlog/rewrite"
	"bufferlog/rules"
	"bufferlog/solve"
)

// pipeline is everything that decides what bufferlog does to a file: the
// rules, the policy of the in-place analysis, the rewrite's options, the
// deallocation and the limits of the evaluations. newPipeline builds it
// from a command's flags, and a flag the command lacks takes bufferize's
// default, so that explain, report, graph, diff-rules and query show what
// bufferize does with the same flags. bufferize's workers share it: the
// compiled program is immutable (see package solve), every other field is
// only read.
type pipeline struct {
	rules ruleSet         // the command's built-in rules with the files of --rules
	opts  extract.Options // the op models of --op-model, and the extraction's workers
	// policy decides the in-place analysis (--policy, --copy-before-write,
	// --heuristic); label names it in explanations.
	policy driver.Policy
	label  string
	// ropt is the rewrite's: --function-boundary-type-conversion,
	// --buffer-alignment, --max-stack-bytes, --allow-unknown-ops.
	ropt    rewrite.Options
	dealloc deallocMode
	// optimize names the buffer optimizations of --optimize.
	optimize []string
	// analysisOnly annotates the decisions instead of rewriting, with
	// printConflicts marking each conflict.
	analysisOnly, printConflicts bool
	// verify, if set, returns the checker of each output before it is
	// written.
	verify func() (*checker, error)
	// timeout bounds all of one input's evaluations together; maxFacts
	// bounds each (0: solve's default budget).
	timeout  time.Duration
	maxFacts int
}

// ruleSet is a compiled rule program.
type ruleSet struct {
	prog *solve.Program
	// decls returns the declarations of prog's predicates, which say how
	// to print their facts and word explanations, read off the files
	// parsed for prog.
	decls func() []*facts.Predicate
}

// compileRules compiles the built-in sources base (rules.Analysis,
// rules.Builtin or rules.Checker) with the rule files at paths (the
// values of --rules), checking that they keep the contract with the
// drivers (rules.Compile).
func compileRules(base []solve.Source, paths []string) (ruleSet, error) {
	srcs, err := rules.Over(base, paths)
	if err != nil {
		return ruleSet{}, err
	}
	parsed, err := solve.Parse(srcs...)
	if err != nil {
		return ruleSet{}, err
	}
	prog, err := rules.CompileParsed(parsed, srcs)
	return ruleSet{prog: prog, decls: sync.OnceValue(func() []*facts.Predicate { return rules.PredicatesOf(parsed) })}, err
}

// deallocMode is what bufferize does about freeing buffers.
type deallocMode int

const (
	noDealloc     deallocMode = iota
	staticDealloc             // rules/dealloc*.mg, with the copies it asks for
)

var deallocModes = map[string]deallocMode{"none": noDealloc, "static": staticDealloc}

var heuristics = map[string]driver.Order{"bottom-up": driver.BottomUp, "top-down": driver.TopDown}

const (
	// defaultAlignment is One-Shot Bufferize's default buffer alignment.
	defaultAlignment = 64
	// defaultMaxStackBytes is the default of promote-buffers-to-stack's
	// max-alloc-size-in-bytes.
	defaultMaxStackBytes = 1024
	// defaultTimeout is --timeout's default: far above the minute or so
	// that the largest inputs bufferlog is measured on take, and still a
	// bound on rules that never stop without growing (a join that takes
	// forever).
	defaultTimeout = 10 * time.Minute
)

// The flags that newPipeline reads. Each command has those it needs;
// bufferize has them all.
var (
	rulesFlag   = &cli.StringSliceFlag{Name: "rules", Usage: "rule `FILE` that replaces the built-in file of its base name, or is added; alt:NAME adds a shipped alternative (bufferlog rules lists them)"}
	opModelFlag = &cli.StringSliceFlag{Name: "op-model", Usage: "memory models of custom ops, from op-model `FILE`s (Mangle facts; later files override earlier ones)"}

	policyFlag          = &cli.StringFlag{Name: "policy", Value: "oneshot", Usage: "oneshot: MLIR's greedy decisions; mincopy: the fewest bytes copied; copy-before-write: no analysis, every write on a copy"}
	copyBeforeWriteFlag = &cli.BoolFlag{Name: "copy-before-write", Usage: "the same as --policy copy-before-write: a baseline and a safety net"}
	heuristicFlag       = &cli.StringFlag{Name: "heuristic", Value: "bottom-up", Usage: "op order of the oneshot policy: bottom-up or top-down"}

	layoutFlag = &cli.StringFlag{Name: "function-boundary-type-conversion", Value: "infer-layout-map",
		Usage: "memref layout of function arguments and results: infer-layout-map, identity-layout-map or fully-dynamic-layout-map"}
	alignmentFlag = &cli.Int64Flag{Name: "buffer-alignment", Value: defaultAlignment,
		Usage: "alignment in bytes of the buffers allocated, as One-Shot Bufferize's buffer-alignment (0: none)"}
	stackFlag = &cli.Int64Flag{Name: "max-stack-bytes", Value: defaultMaxStackBytes,
		Usage: "stack that the buffers of one function promoted to memref.alloca may take together: buffers of static size, allocated once per call, handed on only to scf.if and loop results that stay in the function (0: none)"}
	optimizeFlag = &cli.StringFlag{Name: "optimize", Value: "all",
		Usage: "buffer optimizations the rules may make, comma-separated: empty (a tensor.empty computed in the slice it is inserted into, before the in-place analysis: eliminate-empty-tensors; not with --analysis-only), hoist (allocations out of loops), stack (small buffers on the stack, see --max-stack-bytes), move (copies that end their source's life become renames), reuse (a buffer takes the storage of one of its type freed just before, or the alloca of one dead before it); all, or none"}
	outParamsFlag = &cli.StringFlag{Name: "results-to-out-params", Value: "none",
		Usage: "none; private: a private function's results that are fresh buffers of static shape become arguments that each call allocates (MLIR's buffer-results-to-out-params), where the caller may put them on the stack, hoist them or free them; all: public functions' too"}
	allowUnknownOpsFlag = &cli.BoolFlag{Name: "allow-unknown-ops", Usage: "keep ops without a bufferization on tensors, with bufferization.to_tensor/to_buffer at their boundary"}
	encodingSpaceFlag   = &cli.BoolFlag{Name: "use-encoding-for-memory-space", Usage: "read a ranked tensor type's encoding as the memory space of the buffers allocated for it and of function arguments and results of its type, as One-Shot Bufferize's option of that name (tensor<4xf32, 1> becomes memref<4xf32, 1>)"}
	deallocFlag         = &cli.StringFlag{Name: "dealloc", Value: "static", Usage: "static: free every buffer where rules/dealloc*.mg places it, with no run-time ownership flags or alias checks, copying a buffer at the hand-overs where the rules ask (needs_clone); none: free nothing"}

	analysisOnlyFlag   = &cli.BoolFlag{Name: "analysis-only", Usage: "annotate the decisions instead of rewriting to memrefs"}
	printConflictsFlag = &cli.BoolFlag{Name: "print-conflicts", Usage: "mark the read, write and definition of each conflict"}
	verifyFlag         = &cli.BoolFlag{Name: "verify", Usage: "check each output with bufferlog check's built-in rules before writing it, and fail with their findings (errors and warnings) instead of writing memref IR they cannot prove memory-safe"}

	timeoutFlag = &cli.DurationFlag{Name: "timeout", Value: defaultTimeout,
		Usage: "fail an input whose evaluations of the rules take longer than `DURATION` in all (0: no limit)"}
	maxFactsFlag = &cli.IntFlag{Name: "max-facts",
		Usage: fmt.Sprintf("fail an evaluation of the rules that derives more than `N` facts; 0: %d per fact it starts from "+
			"(those extracted from the input and those earlier evaluations gave it), and at least %d",
			solve.BudgetPerFact, solve.BudgetFloor)}
	// limitFlags bound the evaluation of the rules, on every command that
	// evaluates them, so that rules that never stop end in a diagnostic,
	// not in a full memory.
	limitFlags = []cli.Flag{timeoutFlag, maxFactsFlag}
)

// newPipeline builds the pipeline that c's flags choose, with the
// built-in rules base under the files of --rules. A flag that c's command
// lacks takes its default, which is bufferize's. A bad flag is a usage
// error (exit status 2, one line naming the command); a rule file or op
// model that does not load is reported as a diagnostic, and comes after
// every usage error.
func newPipeline(c *cli.Context, base []solve.Source) (*pipeline, error) {
	usage := func(err error) error { return cli.Exit(fmt.Sprintf("bufferlog %s: %v", c.Command.Name, err), 2) }
	p := &pipeline{analysisOnly: c.Bool(analysisOnlyFlag.Name), printConflicts: c.Bool(printConflictsFlag.Name)}
	policy := flagValue(c, policyFlag, policyFlag.Value)
	if c.Bool(copyBeforeWriteFlag.Name) {
		policy = "copy-before-write"
	}
	var err error
	if p.policy, p.label, err = policyNamed(policy, flagValue(c, heuristicFlag, heuristicFlag.Value)); err != nil {
		return nil, usage(err)
	}
	if p.ropt, err = rewriteOptions(c); err != nil {
		return nil, usage(err)
	}
	if p.optimize, err = optimizations(flagValue(c, optimizeFlag, optimizeFlag.Value)); err != nil {
		return nil, usage(err)
	}
	switch out := flagValue(c, outParamsFlag, outParamsFlag.Value); out {
	case "none":
	case "private":
		p.optimize = append(p.optimize, "out_params")
	case "all":
		p.optimize = append(p.optimize, "out_params", "out_params_public")
	default:
		return nil, usage(fmt.Errorf("unknown --results-to-out-params %q (none, private or all)", out))
	}
	dealloc := flagValue(c, deallocFlag, deallocFlag.Value)
	var ok bool
	if p.dealloc, ok = deallocModes[dealloc]; !ok {
		return nil, usage(fmt.Errorf("unknown --dealloc %q (static or none)", dealloc))
	}
	verify := c.Bool(verifyFlag.Name)
	if verify && (p.analysisOnly || p.dealloc == noDealloc) {
		return nil, usage(errors.New("--verify checks memref IR with its frees: not with --analysis-only or --dealloc=none"))
	}
	p.timeout, p.maxFacts = flagValue(c, timeoutFlag, timeoutFlag.Value), c.Int(maxFactsFlag.Name)
	switch {
	case p.timeout < 0:
		return nil, usage(fmt.Errorf("--timeout %v: want a duration of 0 or more", p.timeout))
	case p.maxFacts < 0:
		return nil, usage(fmt.Errorf("--max-facts %d: want 0 or more", p.maxFacts))
	}
	if p.rules, err = compileRules(base, c.StringSlice(rulesFlag.Name)); err != nil {
		return nil, report(err)
	}
	if p.opts, err = extractOptions(c.StringSlice(opModelFlag.Name)); err != nil {
		return nil, report(err)
	}
	if verify {
		// The built-in checker, whatever --rules says: it judges the
		// output of the rules given. It compiles beside the first input's
		// parse and analysis (45 ms a run, most of it in Mangle's
		// parser), and only the built-in files, so that it cannot fail on
		// anything a user wrote.
		p.verify = sync.OnceValues(func() (*checker, error) {
			rs, err := compileRules(rules.Checker(), nil)
			if err != nil {
				return nil, report(err)
			}
			return newChecker(rs), nil
		})
		go p.verify()
	}
	return p, nil
}

// flagValue is the value of flag f on c's command, or def, f's default,
// if the command has no flag f. urfave/cli reads a flag a command lacks
// as its zero value: right for the flags whose default that is (the
// booleans, --rules, --op-model, --max-facts), wrong for the others,
// which newPipeline reads through flagValue.
func flagValue[T any](c *cli.Context, f interface {
	cli.Flag
	Get(*cli.Context) T
}, def T) T {
	name := f.Names()[0]
	if slices.ContainsFunc(c.Command.Flags, func(g cli.Flag) bool { return slices.Contains(g.Names(), name) }) {
		return f.Get(c)
	}
	return def
}

// policyNamed returns the policy named name, with heuristic as the op
// order of the oneshot policy, and how explain names it ("the oneshot
// policy, bottom-up order").
func policyNamed(name, heuristic string) (driver.Policy, string, error) {
	order, ok := heuristics[heuristic]
	if !ok {
		return nil, "", fmt.Errorf("unknown heuristic %q (bottom-up or top-down)", heuristic)
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

// bufferOptimizations are the names --optimize takes, each the name of an
// optimization fact of the deallocation rules (rules/dealloc.mg), but
// for empty, which says whether the driver applies rules/empty.mg.
var bufferOptimizations = []string{"empty", "hoist", "stack", "move", "reuse"}

// optimizations parses --optimize: names of bufferOptimizations, all,
// or none.
func optimizations(list string) ([]string, error) {
	switch list {
	case "all":
		return bufferOptimizations, nil
	case "none":
		return nil, nil
	}
	var out []string
	for _, name := range strings.Split(list, ",") {
		name = strings.TrimSpace(name)
		if !slices.Contains(bufferOptimizations, name) {
			return nil, fmt.Errorf("--optimize %q: unknown optimization %q (want a list of %s; all; or none)", list, name, strings.Join(bufferOptimizations, ", "))
		}
		if !slices.Contains(out, name) {
			out = append(out, name)
		}
	}
	return out, nil
}

// rewriteOptions reads the flags of the rewrite: the layout of function
// boundaries, the alignment of buffers, the stack they may take,
// whether unknown ops are kept and whether encodings are memory spaces.
func rewriteOptions(c *cli.Context) (rewrite.Options, error) {
	layout, err := rewrite.ParseLayout(flagValue(c, layoutFlag, layoutFlag.Value))
	if err != nil {
		return rewrite.Options{}, err
	}
	align := flagValue(c, alignmentFlag, alignmentFlag.Value)
	if align < 0 || align&(align-1) != 0 {
		return rewrite.Options{}, fmt.Errorf("--%s %d: want 0 or a power of two", alignmentFlag.Name, align)
	}
	stack := flagValue(c, stackFlag, stackFlag.Value)
	if stack < 0 {
		return rewrite.Options{}, fmt.Errorf("--%s %d: want 0 or more", stackFlag.Name, stack)
	}
	return rewrite.Options{Layout: layout, Alignment: align, MaxStackBytes: stack, AllowUnknownOps: c.Bool(allowUnknownOpsFlag.Name),
		EncodingSpace: c.Bool(encodingSpaceFlag.Name)}, nil
}

// deallocation is how the deallocation driver runs on a memref module
// that it changes as the rules ask: copies inserted (with the rewrite's
// alignment), allocations hoisted out of loops, and function results
// made arguments.
func (p *pipeline) deallocation() driver.Deallocation {
	d := p.deallocationAsIs()
	d.Clone, d.Hoist, d.OutParams = p.ropt.Clone, rewrite.HoistAllocs, p.ropt.ResultsToOutParams
	return d
}

// deallocationAsIs is deallocation on a module left as it is: a query's
// input, or explain's printed text, whose changes are made already.
func (p *pipeline) deallocationAsIs() driver.Deallocation {
	return driver.Deallocation{Optimize: p.optimize, MaxStackBytes: p.ropt.MaxStackBytes, Extract: extractWith(p.opts)}
}

// pass is one input on its way through a pipeline: every evaluation of
// the rules for it (analysis, deallocation, queries, the checker) shares
// ctx, whose deadline is the pipeline's timeout, and has eval's budget
// and workers; times, unless nil, gets the time of each phase.
type pass struct {
	pipeline
	ctx   context.Context
	eval  solve.Options
	times *phaseTimes
}

// start begins an input's pass through p, its evaluations on workers
// goroutines; stop it with the returned function once the input is done.
func (p *pipeline) start(workers int) (pass, context.CancelFunc) {
	ctx, cancel := context.Background(), context.CancelFunc(func() {})
	if p.timeout > 0 {
		ctx, cancel = context.WithTimeout(ctx, p.timeout)
	}
	return pass{pipeline: *p, ctx: ctx, eval: solve.Options{MaxFacts: p.maxFacts, Workers: workers}}, cancel
}

// driverRules are the pass's rules and bounds, as the driver takes them.
func (ps pass) driverRules() driver.Rules {
	return driver.Rules{Program: ps.rules.prog, Limits: ps.eval}
}

// limitError turns an evaluation of the input file that p's limits
// stopped into its diagnostic, FILE: error: evaluation exceeded ...; any
// other error is returned as it is.
func (p *pipeline) limitError(file string, err error) error {
	var le *solve.LimitError
	switch {
	case errors.Is(err, solve.ErrBudget) && errors.As(err, &le):
		return fmt.Errorf("%s: error: %v", file, le)
	case errors.Is(err, context.DeadlineExceeded):
		culprit := ""
		if errors.As(err, &le) {
			culprit = le.Culprit()
		}
		return fmt.Errorf("%s: error: evaluation exceeded the timeout of %v%s", file, p.timeout, culprit)
	}
	return err
}
