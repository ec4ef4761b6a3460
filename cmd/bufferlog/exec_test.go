package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"bufferlog/driver"
	"bufferlog/internal/mlirexec"
	"bufferlog/internal/parallel"
	"bufferlog/internal/tooltest"
	"bufferlog/internal/workload"
	"bufferlog/ir"
	"bufferlog/rewrite"
	"bufferlog/rules"
	"bufferlog/solve"
)

// executablePrograms is how many generated programs
// (workload.Executable, seeds 1, 2, ...) TestExecAgreement adds to the
// hand-written ones of testdata/exec.
const executablePrograms = 70

// execProgram is one program of the differential corpus.
type execProgram struct {
	name string
	src  []byte
	opt  mlirexec.Options // how the reference must run it
	// wantRows, if set, are the data rows the program must print, where
	// the reference prints others (its EXPECTED-DATA lines).
	wantRows []string
	// refCrashes is whether the reference's output must crash when run
	// (REFERENCE-CRASHES: it writes read-only memory), refRejects whether
	// the reference must fail to bufferize the program (REFERENCE-REJECTS);
	// wantRows then say what the program prints.
	refCrashes, refRejects bool
}

// unmeasured reports whether the reference gives no run to compare with:
// its EXPECTED-DATA say what p prints.
func (p execProgram) unmeasured() bool { return p.refCrashes || p.refRejects }

// execCorpus returns testdata/exec's programs and the generated ones,
// with the reference options their REFERENCE-* markers ask for.
func execCorpus(t *testing.T) []execProgram {
	files, _ := filepath.Glob("../../testdata/exec/*.mlir")
	if len(files) == 0 {
		t.Fatal("no testdata/exec/*.mlir")
	}
	var progs []execProgram
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		p := execProgram{name: filepath.Base(f), src: src, opt: referenceOptions(src), wantRows: expectedData(src),
			refCrashes: referenceCrashes.Match(src), refRejects: referenceRejects.Match(src)}
		if p.unmeasured() && p.wantRows == nil {
			t.Fatalf("%s: REFERENCE-CRASHES or REFERENCE-REJECTS without EXPECTED-DATA: nothing says what it must print", f)
		}
		progs = append(progs, p)
	}
	for seed := range uint64(executablePrograms) {
		src := []byte(workload.Executable(seed+1, 12))
		progs = append(progs, execProgram{name: fmt.Sprintf("executable-%d", seed+1), src: src, opt: referenceOptions(src)})
	}
	return progs
}

var (
	expectedDataLine     = regexp.MustCompile(`(?m)^// EXPECTED-DATA: (.*)$`)
	referenceOptionsLine = regexp.MustCompile(`(?m)^// REFERENCE-OPTIONS: (.*)$`)
	referenceNoDealloc   = regexp.MustCompile(`(?m)^// REFERENCE-NO-DEALLOC\b`)
	referenceCrashes     = regexp.MustCompile(`(?m)^// REFERENCE-CRASHES\b`)
	referenceRejects     = regexp.MustCompile(`(?m)^// REFERENCE-REJECTS\b`)
)

// expectedData reads the EXPECTED-DATA lines of a program whose reference
// output is wrong (mlir-opt-22 writes a buffer that another result still
// shows): the data rows it must print, in order, or nil.
func expectedData(src []byte) []string {
	var rows []string
	for _, m := range expectedDataLine.FindAllSubmatch(src, -1) {
		rows = append(rows, string(m[1]))
	}
	return rows
}

// requireExecTools requires the tools that lowering, running and
// valgrind's native build of a program need (internal/mlirexec).
func requireExecTools(t *testing.T) {
	t.Helper()
	for _, tool := range []string{"mlir-opt-22", "mlir-runner-22", "gcc", "objcopy", "valgrind"} {
		tooltest.Require(t, tool)
	}
}

// printsWhatItMust reports whether out, what a bufferization of p
// printed, is what p must print: its EXPECTED-DATA rows, or else what the
// reference printed (ref).
func printsWhatItMust(p execProgram, out, ref string) bool {
	if p.wantRows != nil {
		return slices.Equal(dataRows(out), p.wantRows)
	}
	return printedData(out) == printedData(ref)
}

// mustPrint says what p must print, for a failure's message.
func mustPrint(p execProgram, ref string) string {
	if p.wantRows != nil {
		return "EXPECTED-DATA\n" + strings.Join(p.wantRows, "\n") + "\n"
	}
	return "reference\n" + ref
}

// dataRows are the lines of printMemref output that hold data.
func dataRows(out string) []string {
	var rows []string
	for _, line := range strings.Split(out, "\n") {
		if strings.HasPrefix(line, "[") {
			rows = append(rows, line)
		}
	}
	return rows
}

// referenceOptions reads the markers of a program that mlir-opt's
// default pipeline rejects: extra one-shot options (a loop yielding
// another buffer than its iter_arg's), or no deallocation pipeline
// (unstructured cf loops).
func referenceOptions(src []byte) mlirexec.Options {
	var opt mlirexec.Options
	if m := referenceOptionsLine.FindSubmatch(src); m != nil {
		opt.OneShotOptions = strings.Fields(string(m[1]))
	}
	opt.SkipDeallocation = referenceNoDealloc.Match(src)
	return opt
}

// execVariant is one way to bufferize a program: a decision policy, with
// the default deallocation and buffer optimizations, and those of extra
// too (bufferize's --results-to-out-params).
type execVariant struct {
	name   string
	policy driver.Policy
	extra  []string
}

// execVariants are the ways each program is bufferized: each decision
// policy, and One-Shot's with every function's fresh results passed as
// arguments (--results-to-out-params=all). The first is the one compared
// with the reference's work and run under valgrind.
var execVariants = []execVariant{
	{"oneshot", driver.OneShot(driver.BottomUp), nil},
	{"mincopy", driver.MinCopy, nil},
	{"copy-before-write", driver.CopyBeforeWrite, nil},
	{"out-params", driver.OneShot(driver.BottomUp), []string{"out_params", "out_params_public"}},
}

// execRun selects programs of TestExecAgreement by name, to run a few
// while working on the rewrite or the rules.
var execRun = flag.String("exec.run", "", "TestExecAgreement: run only the programs whose name matches this regular expression")

// execOutcome is what running one program gave: ours under each of
// execVariants, and the reference's.
type execOutcome struct {
	name string
	ours []*mlirexec.Result
	// oursIR is our memref IR under the first variant.
	oursIR []byte
	ref    *mlirexec.Result
	// refClones is whether the reference's IR may clone buffers at run
	// time (clonesReachable).
	refClones bool
	// vg is valgrind's report on our output under the first variant: the
	// counting runtime sees bad frees and leaks, valgrind also reads of
	// freed memory.
	vg  *mlirexec.ValgrindReport
	err error
}

// runtimeAliasChecks are what ownership-based deallocation adds at run
// time, and what our output must not hold: deallocation is decided
// statically.
var runtimeAliasChecks = regexp.MustCompile(`bufferization\.dealloc|bufferization\.clone|@dealloc_helper`)

// TestExecAgreement is the differential test of the rewrite and the
// deallocation: each program is bufferized by bufferlog in each way of
// execVariants and by mlir-opt-22's one-shot bufferization with its
// deallocation pipeline; all are lowered and run with mlir-runner-22.
// The printed results must be identical, and no variant may free a
// buffer twice or one it does not own (leaks of the other policies are
// logged, those of One-Shot's decisions with more optimizations fail). With One-Shot's decisions, ours must free every buffer,
// allocate, copy and copy bytes no more than the reference at run time,
// and allocate fewer buffers or bytes where the reference's clones ran
// (its IR clones in a function the program calls, and its run-time
// counts differ from ours); its
// peak of live bytes may not exceed the reference's; its output may hold
// no run-time alias check; valgrind must see no read, write or free of
// memory that is not live and no lost byte.
// testdata/exec/differences.txt lists the programs exempt from the
// comparison of work, testdata/exec/dealloc_differences.txt those exempt
// from the deallocation goals, each with its reason. mincopy copies
// strictly fewer bytes than the reference on the greedy_two_writers
// programs, where One-Shot's order is wasteful; it minimizes the bytes
// copied as the program is written, so a copy it moves into a loop can
// cost more at run time, which is logged. -exec.run REGEXP runs the
// programs whose name matches.
func TestExecAgreement(t *testing.T) {
	tooltest.Slow(t)
	requireExecTools(t)
	prog, err := solve.Compile(rules.Builtin()...)
	if err != nil {
		t.Fatal(err)
	}
	selected, err := regexp.Compile(*execRun)
	if err != nil {
		t.Fatalf("-exec.run: %v", err)
	}
	var progs []execProgram
	for _, p := range execCorpus(t) {
		if selected.MatchString(p.name) {
			progs = append(progs, p)
		}
	}
	outcomes := make([]execOutcome, len(progs))
	parallel.For(len(progs), 2, func(i int) { outcomes[i] = runBoth(prog, progs[i]) })

	known := readDifferences(t, "../../testdata/exec/differences.txt")
	knownDealloc := readDifferences(t, "../../testdata/exec/dealloc_differences.txt")
	var fewer, fewerMinCopy, fewerAllocs, fewerPeak, refCloning []string
	leakingOther := make([][]string, len(execVariants)-1)
	leakFree, valgrindClean := 0, 0
	total := make([]mlirexec.Stats, len(execVariants)+1)
	measured := 0 // programs whose reference ran, in the totals
	for i, o := range outcomes {
		if o.err != nil {
			t.Errorf("%s: %v", o.name, o.err)
			continue
		}
		want := progs[i].wantRows
		if want != nil && slices.Equal(dataRows(o.ref.Output), want) {
			t.Errorf("%s: the reference now prints its EXPECTED-DATA: compare with it instead", o.name)
		}
		for k, ours := range o.ours {
			if !printsWhatItMust(progs[i], ours.Output, o.ref.Output) {
				t.Errorf("%s (%s): outputs differ\n--- %s--- bufferlog\n%s", o.name, execVariants[k].name, mustPrint(progs[i], o.ref.Output), ours.Output)
			}
			if ours.Stats.BadFrees > 0 {
				t.Errorf("%s (%s): %d invalid or double frees", o.name, execVariants[k].name, ours.Stats.BadFrees)
			}
		}
		if o.ref.Output == "" && !progs[i].unmeasured() {
			t.Errorf("%s: the program printed nothing", o.name)
		}
		if v := o.vg; v.InvalidReads+v.InvalidWrites+v.InvalidFrees > 0 {
			t.Errorf("%s: valgrind: %d invalid reads, %d invalid writes, %d invalid frees\n%s", o.name, v.InvalidReads, v.InvalidWrites, v.InvalidFrees, v.Log)
		}
		if printedData(o.vg.Output) != printedData(o.ours[0].Output) {
			t.Errorf("%s: the native build prints other results than the JIT run", o.name)
		}
		if m := runtimeAliasChecks.Find(o.oursIR); m != nil {
			t.Errorf("%s: our output holds %s", o.name, m)
		}
		us, them, minCopy := o.ours[0].Stats, o.ref.Stats, o.ours[1].Stats
		if progs[i].unmeasured() {
			// No run of the reference to measure against: ours must
			// still free every buffer.
			if lost := o.vg.DefinitelyLost + o.vg.IndirectlyLost; us.Leaks > 0 || lost > 0 {
				t.Errorf("%s: leaks %d B in %d buffers; valgrind: %d B lost", o.name, us.LeakBytes, us.Leaks, lost)
			} else {
				leakFree++
				valgrindClean++
			}
			continue
		}
		// What the deallocation must achieve, with the default mode.
		var short []string
		if us.Leaks > 0 {
			short = append(short, fmt.Sprintf("leaks %d B in %d buffers", us.LeakBytes, us.Leaks))
		}
		for k, ours := range o.ours[1:] {
			if ours.Stats.Leaks > 0 {
				leakingOther[k] = append(leakingOther[k], fmt.Sprintf("%s (%d B)", o.name, ours.Stats.LeakBytes))
				// One-Shot's decisions with more optimizations must free
				// every buffer, as without them.
				if v := execVariants[k+1]; v.extra != nil {
					t.Errorf("%s (%s): leaks %d B in %d buffers", o.name, v.name, ours.Stats.LeakBytes, ours.Stats.Leaks)
				}
			}
		}
		if lost := o.vg.DefinitelyLost + o.vg.IndirectlyLost; lost > 0 {
			short = append(short, fmt.Sprintf("valgrind: %d B lost", lost))
		}
		if us.Allocs > them.Allocs || us.AllocBytes > them.AllocBytes {
			short = append(short, "more allocations than the reference")
		}
		if us.PeakBytes > them.PeakBytes {
			short = append(short, fmt.Sprintf("a higher peak of live bytes than the reference: %d B against %d B", us.PeakBytes, them.PeakBytes))
		}
		// Identical counts show that none of the reference's clones ran:
		// each would have added an allocation and a copy.
		sameWork := us.Allocs == them.Allocs && us.AllocBytes == them.AllocBytes && us.Copies == them.Copies && us.CopyBytes == them.CopyBytes
		if o.refClones && !sameWork {
			refCloning = append(refCloning, o.name)
			if us.Allocs >= them.Allocs && us.AllocBytes >= them.AllocBytes {
				short = append(short, "the reference may clone, and we allocate no fewer buffers or bytes")
			}
		}
		switch {
		case len(short) > 0 && !knownDealloc[o.name]:
			t.Errorf("%s: %s: ours %s, peak %d B; reference %s, peak %d B", o.name, strings.Join(short, "; "), statsText(us), us.PeakBytes, statsText(them), them.PeakBytes)
		case len(short) > 0:
			t.Logf("%s: as testdata/exec/dealloc_differences.txt says: %s", o.name, strings.Join(short, "; "))
		case knownDealloc[o.name]:
			t.Errorf("%s is listed in testdata/exec/dealloc_differences.txt but meets every deallocation goal: remove it", o.name)
		}
		if us.Leaks == 0 {
			leakFree++
		}
		if o.vg.DefinitelyLost+o.vg.IndirectlyLost == 0 {
			valgrindClean++
		}
		if us.Allocs < them.Allocs || us.AllocBytes < them.AllocBytes {
			fewerAllocs = append(fewerAllocs, o.name)
		}
		if us.PeakBytes < them.PeakBytes {
			fewerPeak = append(fewerPeak, o.name)
		}
		more := moreWork(us, them)
		switch {
		case more && !known[o.name]:
			t.Errorf("%s: more run-time work than the reference: ours %s, reference %s", o.name, statsText(us), statsText(them))
		case more:
			t.Logf("%s: more run-time work than the reference, as testdata/exec/differences.txt says: ours %s, reference %s", o.name, statsText(us), statsText(them))
		case known[o.name]:
			t.Errorf("%s is listed in testdata/exec/differences.txt but does no more work than the reference: remove it", o.name)
		}
		if minCopy.CopyBytes > us.CopyBytes {
			t.Logf("%s: mincopy copies more bytes than oneshot at run time: %s against %s", o.name, statsText(minCopy), statsText(us))
		}
		if strings.HasPrefix(o.name, "greedy_two_writers") && minCopy.CopyBytes >= them.CopyBytes {
			t.Errorf("%s: mincopy copies no fewer bytes than the reference: %s against %s", o.name, statsText(minCopy), statsText(them))
		}
		if us.CopyBytes < them.CopyBytes {
			fewer = append(fewer, o.name)
		}
		if minCopy.CopyBytes < them.CopyBytes {
			fewerMinCopy = append(fewerMinCopy, o.name)
		}
		measured++
		for k, s := range append(statsOf(o.ours), them) {
			total[k].Allocs += s.Allocs
			total[k].AllocBytes += s.AllocBytes
			total[k].Copies += s.Copies
			total[k].CopyBytes += s.CopyBytes
			total[k].Frees += s.Frees
			total[k].LeakBytes += s.LeakBytes
			total[k].PeakBytes += s.PeakBytes
		}
	}
	for k, v := range execVariants {
		t.Logf("run-time totals over %d programs, bufferlog %s: %s; peaks sum to %d B", measured, v.name, statsText(total[k]), total[k].PeakBytes)
	}
	t.Logf("run-time totals, reference: %s; peaks sum to %d B", statsText(total[len(execVariants)]), total[len(execVariants)].PeakBytes)
	t.Logf("%d programs copy fewer bytes than the reference with oneshot: %s", len(fewer), strings.Join(fewer, " "))
	t.Logf("%d programs copy fewer bytes than the reference with mincopy", len(fewerMinCopy))
	t.Logf("deallocation (oneshot): %d of %d programs free every buffer; valgrind: 0 bytes definitely or indirectly lost in %d", leakFree, len(progs), valgrindClean)
	for k, names := range leakingOther {
		t.Logf("deallocation (%s): %d programs leak: %s", execVariants[k+1].name, len(names), strings.Join(names, " "))
	}
	t.Logf("%d programs allocate fewer buffers or bytes than the reference, %d have a lower peak of live bytes; %d may clone at run time in the reference", len(fewerAllocs), len(fewerPeak), len(refCloning))
}

// moreWork reports whether a allocates, or copies, more than b.
func moreWork(a, b mlirexec.Stats) bool {
	return a.Allocs > b.Allocs || a.AllocBytes > b.AllocBytes || a.Copies > b.Copies || a.CopyBytes > b.CopyBytes
}

func statsOf(rs []*mlirexec.Result) []mlirexec.Stats {
	var out []mlirexec.Stats
	for _, r := range rs {
		out = append(out, r.Stats)
	}
	return out
}

// layoutInHeader is the offset and strides printMemref reports of the
// view it prints: they depend on where a bufferization placed the data
// (a view of a larger buffer, or a compact copy), not on the data.
var layoutInHeader = regexp.MustCompile(`offset = \d+ | strides = \[[^\]]*\]`)

// printedData is a program's output without what depends on layout.
func printedData(out string) string { return layoutInHeader.ReplaceAllString(out, "") }

func statsText(s mlirexec.Stats) string {
	return fmt.Sprintf("%d allocs (%d B), %d copies (%d B), %d frees, %d B leaked", s.Allocs, s.AllocBytes, s.Copies, s.CopyBytes, s.Frees, s.LeakBytes)
}

// runBoth bufferizes and runs p both ways.
func runBoth(prog *solve.Program, p execProgram) execOutcome {
	o := execOutcome{name: p.name}
	ctx := context.Background()
	refIR, ref, err := runReference(ctx, p)
	if err != nil {
		o.err = err
		return o
	}
	o.ref = ref
	if refIR != nil {
		if o.refClones, err = clonesReachable(refIR); err != nil {
			o.err = fmt.Errorf("reading the reference: %v", err)
			return o
		}
	}
	for k, v := range execVariants {
		ours, err := bufferizeText(prog, v, staticDealloc, p.name, p.src)
		if err != nil {
			o.err = fmt.Errorf("%s: %v", v.name, err)
			return o
		}
		res, err := mlirexec.Run(ctx, ours, mlirexec.Options{})
		if err != nil {
			o.err = fmt.Errorf("running ours (%s): %v\n%s", v.name, err, ours)
			return o
		}
		if k == 0 {
			o.oursIR = ours
			if o.vg, err = mlirexec.Valgrind(ctx, ours, mlirexec.Options{}); err != nil {
				o.err = fmt.Errorf("valgrind on ours (%s): %v", v.name, err)
				return o
			}
		}
		o.ours = append(o.ours, res)
	}
	return o
}

// runReference bufferizes p with the reference and runs it. Where p is
// marked REFERENCE-REJECTS, the bufferization must fail, and where it is
// marked REFERENCE-CRASHES, the run must crash: either gives an empty
// result (and the first no IR), p's EXPECTED-DATA say what it prints.
func runReference(ctx context.Context, p execProgram) (refIR []byte, res *mlirexec.Result, err error) {
	refIR, err = mlirexec.Reference(ctx, p.src, p.opt)
	switch {
	case p.refRejects && err != nil:
		return nil, &mlirexec.Result{}, nil
	case p.refRejects:
		return nil, nil, errors.New("the reference bufferizes it now (REFERENCE-REJECTS): compare with it instead")
	case err != nil:
		return nil, nil, fmt.Errorf("reference: %v", err)
	}
	res, err = mlirexec.Run(ctx, refIR, mlirexec.Options{})
	switch _, crashed := runCrash(ctx, err); {
	case p.refCrashes && crashed:
		return refIR, &mlirexec.Result{}, nil
	case p.refCrashes && err == nil:
		return nil, nil, errors.New("the reference no longer crashes (REFERENCE-CRASHES): compare with it instead")
	case err != nil:
		return nil, nil, fmt.Errorf("running the reference: %v", err)
	}
	return refIR, res, nil
}

// clonesReachable reports whether memref IR holds a bufferization.clone
// in @main or a function that @main calls, directly or not: a clone the
// run may make. The reference's ownership-based deallocation clones
// buffers returned from functions, called or not.
func clonesReachable(memrefIR []byte) (bool, error) {
	m, err := ir.Parse("reference.mlir", memrefIR)
	if err != nil {
		return false, err
	}
	funcs := map[string]*ir.Operation{}
	for _, fn := range m.Funcs() {
		funcs[ir.SymbolName(fn)] = fn
	}
	seen := map[string]bool{}
	todo := []string{"main"}
	clones := false
	for len(todo) > 0 {
		name := todo[len(todo)-1]
		todo = todo[:len(todo)-1]
		if seen[name] || funcs[name] == nil {
			continue
		}
		seen[name] = true
		ir.Walk(funcs[name], func(op *ir.Operation) bool {
			clones = clones || op.Name == "bufferization.clone"
			if ref, ok := op.Inherent("callee").(*ir.SymbolRefAttr); ok && op.Name == "func.call" {
				todo = append(todo, ref.Root)
			}
			return true
		})
	}
	return clones, nil
}

// bufferizeText runs bufferlog's analysis with v's policy, the rewrite
// and deallocation on src, with bufferize's defaults otherwise (the
// buffer optimizations on, with v's extra ones, --max-stack-bytes 1024),
// and with deallocation checks the output as bufferize --verify does
// (verifyKnown).
func bufferizeText(prog *solve.Program, v execVariant, dealloc deallocMode, name string, src []byte) ([]byte, error) {
	m, err := ir.Parse(name, src)
	if err != nil {
		return nil, err
	}
	opts, err := extractOptions(nil)
	if err != nil {
		return nil, err
	}
	p := pipeline{rules: ruleSet{prog: prog}, opts: opts, policy: v.policy, dealloc: dealloc,
		optimize: append(slices.Clone(bufferOptimizations), v.extra...),
		ropt:     rewrite.Options{Layout: rewrite.InferLayout, Alignment: defaultAlignment, MaxStackBytes: defaultMaxStackBytes}}
	if err := bufferize(m, name, unbounded(p)); err != nil {
		return nil, err
	}
	var out bytes.Buffer
	err = ir.Print(&out, m, ir.PrintOptions{})
	if err == nil && dealloc == staticDealloc {
		err = verifyKnown(name, out.Bytes())
	}
	return out.Bytes(), err
}
