package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"bufferlog/extract"
	"bufferlog/internal/mlirexec"
	"bufferlog/internal/parallel"
	"bufferlog/internal/tooltest"
	"bufferlog/internal/workload"
	"bufferlog/ir"
	"bufferlog/rules"
	"bufferlog/solve"
)

var (
	mutantCount = flag.Int("mutants", 30, "TestCheckMutants: how many mutants of bufferlog's outputs to check and run")
	mutantSeed  = flag.Uint64("mutants.seed", 1, "TestCheckMutants: the seed that picks the mutants")
	mutantKeep  = flag.String("mutants.keep", "", "TestCheckMutants: a directory to write the mutants the checker misses, and those it flags that run clean")
)

// mutantPrograms is how many generated programs (workload.Executable,
// seeds 1, 2, ...) join testdata/exec's as bases of the mutation test.
const mutantPrograms = 4

// faultKind is one kind of fault the mutation test injects into memref
// IR.
type faultKind struct {
	name string
	// sites lists the ways to inject the fault into m, in a fixed order,
	// each as the edit of m that does it.
	sites func(m *ir.Module) []func()
}

var faultKinds = []faultKind{
	{"delete_dealloc", deleteDeallocSites},
	{"duplicate_dealloc", duplicateDeallocSites},
	{"early_dealloc", earlyDeallocSites},
	{"drop_copy", dropCopySites},
	{"free_global", freeGlobalSites},
}

// opsNamed returns m's ops named name, in walk order.
func opsNamed(m *ir.Module, name string) []*ir.Operation {
	var ops []*ir.Operation
	ir.Walk(m.Op, func(op *ir.Operation) bool {
		if op.Name == name {
			ops = append(ops, op)
		}
		return true
	})
	return ops
}

func newDealloc(v *ir.Value) *ir.Operation {
	return ir.NewOperation("memref.dealloc", []*ir.Value{v}, nil)
}

// deleteDeallocSites erase a dealloc: a leak.
func deleteDeallocSites(m *ir.Module) []func() {
	var edits []func()
	for _, free := range opsNamed(m, "memref.dealloc") {
		edits = append(edits, free.Erase)
	}
	return edits
}

// duplicateDeallocSites repeat a dealloc right after it: a double free.
func duplicateDeallocSites(m *ir.Module) []func() {
	var edits []func()
	for _, free := range opsNamed(m, "memref.dealloc") {
		edits = append(edits, func() { free.Block().InsertBefore(free.Index()+1, newDealloc(free.Operand(0))) })
	}
	return edits
}

// earlyDeallocSites move a dealloc before an op of its block that uses
// the buffer or a view of it (in its regions, maybe): a use after free.
func earlyDeallocSites(m *ir.Module) []func() {
	var edits []func()
	for _, free := range opsNamed(m, "memref.dealloc") {
		buf, blk := free.Operand(0), free.Block()
		users := map[*ir.Operation]bool{}
		for _, u := range bufferUsers(buf) {
			if a := ir.AncestorInRegion(blk.Region(), u); a != nil && a.Block() == blk && a != free {
				users[a] = true
			}
		}
		for _, op := range blk.Ops()[:free.Index()] {
			if users[op] {
				edits = append(edits, func() {
					free.Erase()
					blk.InsertBefore(op.Index(), newDealloc(buf))
				})
			}
		}
	}
	return edits
}

// bufferUsers returns the ops that use v or a view of it, views left
// out.
func bufferUsers(v *ir.Value) []*ir.Operation {
	var users []*ir.Operation
	for _, u := range v.Uses() {
		if extract.IsMemrefView(u.Op.Name) && u.Index == 0 {
			for _, r := range u.Op.Results() {
				users = append(users, bufferUsers(r)...)
			}
			continue
		}
		users = append(users, u.Op)
	}
	return users
}

// dropCopySites remove a copy into a fresh buffer that is used after
// it, with the buffer and its deallocs, and make its uses the source's:
// a write meant for the copy lands in the source, which may be a constant
// global or read later.
func dropCopySites(m *ir.Module) []func() {
	var edits []func()
	for _, cp := range opsNamed(m, "memref.copy") {
		src, dst := cp.Operand(0), cp.Operand(1)
		alloc := dst.DefiningOp()
		if alloc == nil || alloc.Name != "memref.alloc" || src.Type().String() != dst.Type().String() ||
			!slices.ContainsFunc(dst.Uses(), func(u ir.Use) bool { return u.Op != cp && u.Op.Name != "memref.dealloc" }) {
			continue
		}
		edits = append(edits, func() {
			for _, u := range slices.Clone(dst.Uses()) {
				if u.Op.Name == "memref.dealloc" {
					u.Op.Erase()
				}
			}
			cp.Erase()
			dst.ReplaceAllUsesWith(src)
			alloc.Erase()
		})
	}
	return edits
}

// freeGlobalSites free a memref.get_global's result at the end of its
// block: a free of memory nobody allocated.
func freeGlobalSites(m *ir.Module) []func() {
	var edits []func()
	for _, g := range opsNamed(m, "memref.get_global") {
		edits = append(edits, func() {
			blk := g.Block()
			blk.InsertBefore(blk.Terminator().Index(), newDealloc(g.Result(0)))
		})
	}
	return edits
}

// mutationBase is one of bufferlog's outputs that mutants are made of.
type mutationBase struct {
	name string // program and policy, as corpusFindingsFile names them
	text []byte
	// sites counts the sites of each of faultKinds.
	sites []int
}

// mutant is a base with one fault.
type mutant struct {
	base       *mutationBase
	kind, site int
	text       []byte
}

func (mu *mutant) name() string {
	return fmt.Sprintf("%s %s#%d", mu.base.name, faultKinds[mu.kind].name, mu.site)
}

// mutate applies site number site of kind to base's text.
func mutate(base *mutationBase, kind, site int) ([]byte, error) {
	m, err := ir.Parse(base.name, base.text)
	if err != nil {
		return nil, err
	}
	faultKinds[kind].sites(m)[site]()
	if err := ir.Verify(m); err != nil {
		return nil, err
	}
	var b bytes.Buffer
	err = ir.Print(&b, m, ir.PrintOptions{})
	return b.Bytes(), err
}

// runFault runs text, memref IR with a @main, with the counting runtime
// and, if that sees nothing wrong, under valgrind, and says how it went
// wrong ("" if it did not): a crash, a leak, a bad free, an invalid
// access or lost bytes, or an output other than want (unless want is
// ""). It returns the output too. An error is a failure to lower or run
// text.
func runFault(text []byte, want string) (fault, output string, err error) {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	res, err := mlirexec.Run(ctx, text, mlirexec.Options{})
	if stderr, crashed := runCrash(ctx, err); crashed {
		return "crash: " + firstLine(stderr), "", nil
	}
	switch {
	case err != nil:
		return "", "", err
	case res.Stats.BadFrees > 0:
		return fmt.Sprintf("%d bad frees", res.Stats.BadFrees), res.Output, nil
	case res.Stats.Leaks > 0:
		return fmt.Sprintf("%d leaks (%d B)", res.Stats.Leaks, res.Stats.LeakBytes), res.Output, nil
	}
	vg, err := mlirexec.Valgrind(ctx, text, mlirexec.Options{})
	switch {
	case err != nil:
		return "", "", err
	case vg.ExitCode != 0:
		return fmt.Sprintf("valgrind: exit %d", vg.ExitCode), res.Output, nil
	case !vg.Clean():
		return fmt.Sprintf("valgrind: %d errors (%d invalid reads, %d invalid writes, %d invalid frees), %d B lost",
			vg.Errors, vg.InvalidReads, vg.InvalidWrites, vg.InvalidFrees, vg.DefinitelyLost+vg.IndirectlyLost+vg.PossiblyLost), res.Output, nil
	case want != "" && res.Output != want:
		return outputDiffers, res.Output, nil
	}
	return "", res.Output, nil
}

// runCrash reports whether err, from running a program within ctx, is
// the program's own failure (mlir-runner-22 exits with an error, a crash
// included, in time), with what it wrote on stderr.
func runCrash(ctx context.Context, err error) (string, bool) {
	var tool *mlirexec.ToolError
	if errors.As(err, &tool) && filepath.Base(tool.Tool) == "mlir-runner-22" && ctx.Err() == nil {
		return tool.Stderr, true
	}
	return "", false
}

// outputDiffers is the fault of a mutant that is memory-safe (the
// counting runtime and valgrind see nothing wrong) but prints another
// output than its base: a copy dropped so that a write lands in a buffer
// read later. Nothing in memref IR alone says that the later read wanted
// the old contents, so the checker, which proves memory safety, cannot
// see it; such misses are counted and logged, not failed.
const outputDiffers = "output differs"

func firstLine(s string) string {
	line, _, _ := strings.Cut(strings.TrimSpace(s), "\n")
	return line
}

// checkErrors checks text with the built-in checker and returns its
// error findings.
func checkErrors(name string, text []byte) ([]checkFinding, error) {
	chk, err := testChecker()
	if err != nil {
		return nil, err
	}
	opts, err := extractOptions(nil)
	if err != nil {
		return nil, err
	}
	m, err := ir.Parse(name, text)
	if err != nil {
		return nil, err
	}
	found, err := chk.findings(m, text, unbounded(pipeline{opts: opts}))
	return slices.DeleteFunc(found, func(f checkFinding) bool { return f.Severity != "error" }), err
}

// findingLines has a line per finding: its position and message.
func findingLines(fs []checkFinding) string {
	var b strings.Builder
	for _, f := range fs {
		fmt.Fprintf(&b, "\n\t%d:%d: %s", f.Line, f.Col, f.Message)
	}
	return b.String()
}

// TestCheckMutants is the mutation test of the checker. Its bases are
// bufferlog's outputs (default policy) on testdata/exec and a few
// generated programs; mutants are bases with one fault each, of each of
// faultKinds in turn, picked at random (-mutants.seed) among the sites of
// the bases (-mutants of them). Each mutant is checked, and run with the
// counting runtime and valgrind: a mutant that crashes, leaks, frees
// badly, makes an invalid access or prints another output than its base
// is faulty, and the test fails unless the checker has an error finding
// on it, or the mutant is memory-safe and only prints another output
// (outputDiffers), which is logged. The mutants it flags that run clean
// are logged: faults the input does not show (a leak on a path not
// taken), or false alarms.
// Bases must have no finding that corpusFindingsFile does not list
// (bufferizeText verifies them); those with a listed one, or that do not
// run clean, get no mutants.
func TestCheckMutants(t *testing.T) {
	tooltest.Slow(t)
	requireExecTools(t)
	analysis, err := solve.Compile(rules.Builtin()...)
	if err != nil {
		t.Fatal(err)
	}
	progs := execCorpus(t)
	progs = slices.DeleteFunc(progs, func(p execProgram) bool { return strings.HasPrefix(p.name, "executable-") })
	for seed := range uint64(mutantPrograms) {
		progs = append(progs, execProgram{name: fmt.Sprintf("executable-%d", seed+1), src: []byte(workload.Executable(seed+1, 12))})
	}
	bases := make([]*mutationBase, len(progs))
	parallel.For(len(progs), 2, func(i int) {
		// bufferizeText verifies its output: a finding not in
		// corpusFindingsFile is an error.
		text, err := bufferizeText(analysis, execVariants[0], staticDealloc, progs[i].name, progs[i].src)
		name := progs[i].name + " " + execVariants[0].name
		if err != nil {
			t.Errorf("%s: %v", name, err)
			return
		}
		errs, err := checkErrors(name, text)
		if err != nil {
			t.Errorf("%s: check: %v", name, err)
			return
		}
		b := &mutationBase{name: name, text: text}
		if len(errs) == 0 {
			m, err := ir.Parse(name, text)
			if err != nil {
				t.Errorf("%s: %v", name, err)
				return
			}
			for _, k := range faultKinds {
				b.sites = append(b.sites, len(k.sites(m)))
			}
		}
		bases[i] = b
	})
	if t.Failed() {
		return
	}

	mutants, invalid := pickMutants(bases, *mutantCount, *mutantSeed)
	if invalid > 0 {
		t.Logf("%d edits left out: their IR does not verify", invalid)
	}
	// baseRun runs a base once, for its output: "" if it does not run
	// clean.
	type baseRun struct{ fault, output string }
	baseRuns := map[*mutationBase]func() (baseRun, error){}
	for _, mu := range mutants {
		if baseRuns[mu.base] == nil {
			baseRuns[mu.base] = sync.OnceValues(func() (baseRun, error) {
				fault, output, err := runFault(mu.base.text, "")
				return baseRun{fault, output}, err
			})
		}
	}
	type verdict struct {
		fault, skip string
		errs        []checkFinding
	}
	verdicts := make([]verdict, len(mutants))
	parallel.For(len(mutants), 2, func(i int) {
		mu := mutants[i]
		base, err := baseRuns[mu.base]()
		if err != nil || base.fault != "" {
			verdicts[i].skip = fmt.Sprintf("%s%v", base.fault, err)
			return
		}
		v := &verdicts[i]
		if v.errs, err = checkErrors(mu.name(), mu.text); err != nil {
			t.Errorf("%s: check: %v", mu.name(), err)
			return
		}
		if v.fault, _, err = runFault(mu.text, base.output); err != nil {
			t.Errorf("%s: run: %v", mu.name(), err)
		}
	})

	type tally struct{ made, faulty, flagged, falseAlarms, missed, wrongOutput int }
	byKind := make([]tally, len(faultKinds))
	skipped := map[string]string{}
	for i, mu := range mutants {
		v, k := verdicts[i], &byKind[mu.kind]
		if v.skip != "" {
			skipped[mu.base.name] = v.skip
			continue
		}
		k.made++
		flagged := len(v.errs) > 0
		if flagged {
			k.flagged++
		}
		switch {
		case v.fault == outputDiffers && !flagged:
			k.faulty++
			k.wrongOutput++
			t.Logf("%s: memory-safe, prints another output, not flagged%s", mu.name(), keepMutant(t, mu))
		case v.fault != "" && !flagged:
			k.faulty++
			k.missed++
			t.Errorf("%s: the checker misses the fault (%s)%s", mu.name(), v.fault, keepMutant(t, mu))
		case v.fault != "":
			k.faulty++
		case flagged:
			k.falseAlarms++
			t.Logf("%s: flagged, runs clean%s:%s", mu.name(), keepMutant(t, mu), findingLines(v.errs))
		}
	}
	for name, why := range skipped {
		t.Logf("%s: no mutants, the base does not run clean: %s", name, why)
	}
	logTally := func(name string, k tally) {
		t.Logf("%-17s %3d mutants, %3d faulty, %3d flagged, %3d flagged but clean, %d missed, %d memory-safe with another output", name, k.made, k.faulty, k.flagged, k.falseAlarms, k.missed, k.wrongOutput)
	}
	var total tally
	for i, k := range byKind {
		logTally(faultKinds[i].name, k)
		total.made += k.made
		total.faulty += k.faulty
		total.flagged += k.flagged
		total.falseAlarms += k.falseAlarms
		total.missed += k.missed
		total.wrongOutput += k.wrongOutput
	}
	logTally("all", total)
}

// keepMutant writes mu to the -mutants.keep directory, if set, and
// says where.
func keepMutant(t *testing.T, mu *mutant) string {
	if *mutantKeep == "" {
		return ""
	}
	name := strings.NewReplacer(" ", "-", "#", "-").Replace(mu.name()) + ".mlir"
	path := filepath.Join(*mutantKeep, name)
	err := os.MkdirAll(*mutantKeep, 0o755)
	if err == nil {
		err = os.WriteFile(path, mu.text, 0o644)
	}
	if err != nil {
		t.Error(err)
	}
	return " [" + path + "]"
}

// pickMutants picks n distinct mutants of bases, seeded by seed, the
// kinds in turn and the bases and sites at random; it makes fewer when
// sites run out, and leaves out edits that give invalid IR, which it
// counts.
func pickMutants(bases []*mutationBase, n int, seed uint64) (mutants []*mutant, invalid int) {
	rng := rand.New(rand.NewPCG(seed, 0))
	seen := map[string]bool{}
	for try := 0; len(mutants) < n && try < 20*n; try++ {
		kind := try % len(faultKinds)
		var with []*mutationBase
		for _, b := range bases {
			if b != nil && len(b.sites) > 0 && b.sites[kind] > 0 {
				with = append(with, b)
			}
		}
		if len(with) == 0 {
			continue
		}
		b := with[rng.IntN(len(with))]
		mu := &mutant{base: b, kind: kind, site: rng.IntN(b.sites[kind])}
		if seen[mu.name()] {
			continue
		}
		seen[mu.name()] = true
		text, err := mutate(b, kind, mu.site)
		if err != nil {
			invalid++
			continue
		}
		mu.text = text
		mutants = append(mutants, mu)
	}
	return mutants, invalid
}

// TestCheckReference checks mlir-opt-22's outputs on testdata/exec:
// One-Shot Bufferize with the deallocation pipeline (mlirexec.Reference)
// and without it, where nothing is freed. The checker must take every
// output; its findings are logged per program, each output with an error
// finding run as in TestCheckMutants to tell a fault that shows at run
// time from one that does not (a false alarm, or a fault of a path the
// input does not take). They do not fail the test: the outputs are the
// reference's.
func TestCheckReference(t *testing.T) {
	tooltest.Slow(t)
	requireExecTools(t)
	// The reference's outputs: none where it rejects the program.
	progs := slices.DeleteFunc(execCorpus(t), func(p execProgram) bool { return strings.HasPrefix(p.name, "executable-") || p.refRejects })
	variants := []struct {
		name    string
		dealloc bool
	}{{"one-shot+dealloc", true}, {"one-shot", false}}
	type outcome struct {
		errs  []checkFinding
		fault string
	}
	outcomes := make([]outcome, len(progs)*len(variants))
	parallel.For(len(outcomes), 2, func(i int) {
		p, v := progs[i/len(variants)], variants[i%len(variants)]
		name := p.name + " " + v.name
		opt := p.opt
		opt.SkipDeallocation = opt.SkipDeallocation || !v.dealloc
		text, err := mlirexec.Reference(context.Background(), p.src, opt)
		if err != nil {
			t.Errorf("%s: mlir-opt-22: %v", name, err)
			return
		}
		o := &outcomes[i]
		if o.errs, err = checkErrors(name, text); err != nil {
			t.Errorf("%s: check: %v", name, err)
			return
		}
		if len(o.errs) == 0 {
			return
		}
		if o.fault, _, err = runFault(text, ""); err != nil {
			t.Errorf("%s: run: %v", name, err)
		}
	})
	for k, v := range variants {
		flagged, confirmed := 0, 0
		kinds := map[string]int{}
		for i, p := range progs {
			o := outcomes[i*len(variants)+k]
			if len(o.errs) == 0 {
				continue
			}
			flagged++
			for _, f := range o.errs {
				kinds[f.Kind]++
			}
			runs := "runs clean: false alarm, or a fault this input does not show"
			if o.fault != "" {
				confirmed++
				runs = "confirmed: " + o.fault
			}
			if v.dealloc && p.opt.SkipDeallocation {
				runs += " (REFERENCE-NO-DEALLOC: no deallocation pipeline)"
			}
			t.Logf("%s %s: %d errors, %s%s", p.name, v.name, len(o.errs), runs, findingLines(o.errs))
		}
		t.Logf("%s: %d of %d programs flagged, %d of them faulty at run time; errors by kind: %v", v.name, flagged, len(progs), confirmed, kinds)
	}
}
