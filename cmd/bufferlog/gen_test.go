package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"bufferlog/internal/mlirexec"
	"bufferlog/internal/parallel"
	"bufferlog/internal/tooltest"
	"bufferlog/internal/workload"
	"bufferlog/rules"
	"bufferlog/solve"
)

var (
	genCount = flag.Int("gen.count", 300, "TestGenerated: how many programs of workload.Boundary it runs")
	genSeed  = flag.Uint64("gen.seed", 1, "TestGenerated: the seed of the first program")
	genBatch = flag.Int("gen.batch", 10, "TestGenerated: how many programs it links into one module to bufferize and run at once")
	genDir   = flag.String("gen.dir", "", "TestGenerated: write each failing program, and bufferlog's output of it alone under each policy it fails, to this directory")
)

// genUnits is the number of random steps of each generated program's
// entry.
const genUnits = 12

// genFault is one way one program went wrong under one policy.
type genFault struct {
	seed   uint64
	policy string
	// class is the kind of fault, the same for the faults of one cause:
	// what the summary counts.
	class  string
	detail string
	// count is how many errors of the class valgrind reported.
	count int
}

// genBatchOutcome is what running one batch of programs gave.
type genBatchOutcome struct {
	faults []genFault
	// ref holds what the reference printed, by seed, for the programs it
	// ran to the end; refCrashed the seeds of those it did not.
	ref        map[uint64][][]float64
	refCrashed []uint64
	// printed holds what each program that ran to its end printed, by
	// policy and seed.
	printed map[string]map[uint64][][]float64
	// Time spent in the reference (mlir-opt-22's bufferization and the
	// run), in bufferlog, and in lowering, compiling and running our
	// outputs under valgrind.
	refTime, bufferizeTime, valgrindTime time.Duration
}

// TestGenerated is the differential test at scale: it links the
// programs of workload.Boundary (seeds -gen.seed ... -gen.seed +
// -gen.count - 1) by -gen.batch into one module, bufferizes it with each
// policy of execVariants (each output checked by bufferlog check's rules,
// as bufferizeText does), lowers it, compiles it with mlir-runner-22 and
// runs it under valgrind (mlirexec.Valgrind). Each program must print
// what the generator's model says, and the run must not crash, leak,
// free badly or touch memory it should not.
//
// Each fault names its program and policy: a program's output follows
// the seed line it prints first, a crash is charged to the last seed
// printed (the programs after it run again, linked without it), and
// valgrind's errors to the generated function their stacks name; when
// bufferlog fails on a batch, each of its programs is bufferized alone.
//
// mlir-opt-22's own bufferization runs the same modules (with the
// programs' REFERENCE-* markers) as a check of the model: it must accept
// every program, and where it prints what every policy prints, the model
// must agree. Where it prints other results (its own flaws: writes into
// constants returned by calls, results of a call aliasing each other),
// that is logged. -gen.dir writes the failing programs and our outputs.
func TestGenerated(t *testing.T) {
	tooltest.Slow(t)
	requireExecTools(t)
	if *genCount < 1 || *genBatch < 1 {
		t.Fatalf("-gen.count and -gen.batch must be at least 1")
	}
	prog, err := solve.Compile(rules.Builtin()...)
	if err != nil {
		t.Fatal(err)
	}
	var batches [][]workload.BoundaryProgram
	for k := 0; k < *genCount; k += *genBatch {
		var batch []workload.BoundaryProgram
		for j := k; j < min(k+*genBatch, *genCount); j++ {
			batch = append(batch, workload.Boundary(*genSeed+uint64(j), genUnits))
		}
		batches = append(batches, batch)
	}

	start := time.Now()
	outcomes := make([]genBatchOutcome, len(batches))
	parallel.For(len(batches), 2, func(i int) { outcomes[i] = runGenBatch(context.Background(), prog, batches[i]) })
	wall := time.Since(start)

	var all genBatchOutcome
	for _, o := range outcomes {
		all.faults = append(all.faults, o.faults...)
		all.refCrashed = append(all.refCrashed, o.refCrashed...)
		all.refTime += o.refTime
		all.bufferizeTime += o.bufferizeTime
		all.valgrindTime += o.valgrindTime
	}
	var refDiffers []uint64
	for k, batch := range batches {
		for _, p := range batch {
			ref, ok := outcomes[k].ref[p.Seed]
			if !ok || slices.EqualFunc(ref, p.Want, slices.Equal) {
				continue
			}
			refDiffers = append(refDiffers, p.Seed)
			// Four bufferizations that agree against the model point at
			// the model.
			agree := true
			for _, v := range execVariants {
				ours, ran := outcomes[k].printed[v.name][p.Seed]
				agree = agree && ran && slices.EqualFunc(ours, ref, slices.Equal)
			}
			if agree {
				all.faults = append(all.faults, genFault{seed: p.Seed, policy: "model", class: "the reference and every policy print what the model does not",
					detail: fmt.Sprintf("  reference %v\n  model     %v", ref, p.Want)})
			}
		}
	}

	byClass := map[string][]string{}
	failing := map[string]map[uint64]bool{}
	for _, f := range all.faults {
		n := len(byClass[f.class])
		byClass[f.class] = append(byClass[f.class], fmt.Sprintf("%d/%s", f.seed, f.policy))
		if failing[f.policy] == nil {
			failing[f.policy] = map[uint64]bool{}
		}
		failing[f.policy][f.seed] = true
		what := f.class
		if f.count > 1 {
			what += fmt.Sprintf(" (%d errors)", f.count)
		}
		// The first faults of a class in full, the others on one line.
		if n < 3 {
			t.Errorf("seed %d, %s: %s\n%s", f.seed, f.policy, what, f.detail)
		} else {
			t.Errorf("seed %d, %s: %s", f.seed, f.policy, what)
		}
	}
	for _, c := range slices.Sorted(maps.Keys(byClass)) {
		list := byClass[c]
		t.Logf("%d of %d program x policy runs: %s (%s)", len(list), *genCount*len(execVariants), c, strings.Join(list[:min(len(list), 20)], " "))
	}
	for _, v := range execVariants {
		t.Logf("%s: %d of %d programs fail", v.name, len(failing[v.name]), *genCount)
	}
	if len(all.faults) > 0 {
		t.Logf("to look at one: go test ./cmd/bufferlog -run TestGenerated -gen.seed=SEED -gen.count=1 -gen.dir=DIR writes DIR/seed_SEED.mlir (and our outputs); bufferlog bufferize --policy POLICY DIR/seed_SEED.mlir")
	}
	t.Logf("reference: crashed on %d programs %v; ran and printed other results than the model on %d %v", len(all.refCrashed), all.refCrashed, len(refDiffers), refDiffers)
	t.Logf("%d programs in %d batches, %d policies: %s wall; summed over the workers: reference %s, bufferlog %s, lowering, compiling and valgrind %s",
		*genCount, len(batches), len(execVariants), wall.Round(time.Millisecond), all.refTime.Round(time.Millisecond), all.bufferizeTime.Round(time.Millisecond), all.valgrindTime.Round(time.Millisecond))

	if *genDir != "" {
		writeGenFailures(t, prog, batches, all.faults)
	}
}

// writeGenFailures writes each failing program to -gen.dir as
// seed_N.mlir, and our output of it under policy P as seed_N.P.out.mlir.
func writeGenFailures(t *testing.T, prog *solve.Program, batches [][]workload.BoundaryProgram, faults []genFault) {
	if err := os.MkdirAll(*genDir, 0o755); err != nil {
		t.Fatal(err)
	}
	programs := map[uint64]workload.BoundaryProgram{}
	for _, batch := range batches {
		for _, p := range batch {
			programs[p.Seed] = p
		}
	}
	variants := map[string]execVariant{}
	for _, v := range execVariants {
		variants[v.name] = v
	}
	for _, f := range faults {
		p := programs[f.seed]
		base := filepath.Join(*genDir, fmt.Sprintf("seed_%d", f.seed))
		src := []byte(workload.Link(p))
		if err := os.WriteFile(base+".mlir", src, 0o644); err != nil {
			t.Fatal(err)
		}
		v, ok := variants[f.policy]
		if !ok {
			continue
		}
		if ours, err := bufferizeText(prog, v, staticDealloc, base+".mlir", src); err == nil {
			if err := os.WriteFile(base+"."+f.policy+".out.mlir", ours, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// runGenBatch runs the reference and each policy on one batch.
func runGenBatch(ctx context.Context, prog *solve.Program, progs []workload.BoundaryProgram) genBatchOutcome {
	o := genBatchOutcome{ref: map[uint64][][]float64{}, printed: map[string]map[uint64][][]float64{}}
	start := time.Now()
	o.runReference(ctx, progs)
	o.refTime = time.Since(start)
	for _, v := range execVariants {
		o.faults = append(o.faults, o.runPolicy(ctx, prog, v, progs)...)
	}
	return o
}

// runReference bufferizes the linked progs with mlir-opt-22, runs them
// and records what each printed. After a crash it goes on with the
// programs that did not run; a batch it rejects, it tries program by
// program.
func (o *genBatchOutcome) runReference(ctx context.Context, progs []workload.BoundaryProgram) {
	for pending := progs; len(pending) > 0; {
		text := []byte(workload.Link(pending...))
		var vg *mlirexec.ValgrindReport
		refIR, err := mlirexec.Reference(ctx, text, referenceOptions(text))
		if err == nil {
			// One-Shot writes into constants that calls return; in
			// writable globals that shows as a wrong output of the
			// program, where a crash would cost a run of the programs
			// after it.
			refIR = bytes.ReplaceAll(refIR, []byte(`memref.global "private" constant `), []byte(`memref.global "private" `))
			vg, err = mlirexec.Valgrind(ctx, refIR, mlirexec.Options{})
		}
		if err != nil {
			if len(pending) == 1 {
				o.faults = append(o.faults, genFault{seed: pending[0].Seed, policy: "reference", class: "mlir-opt-22 rejects the program or cannot lower its output", detail: err.Error()})
				return
			}
			for _, p := range pending {
				o.runReference(ctx, []workload.BoundaryProgram{p})
			}
			return
		}
		run := readGenRun(vg, pending)
		for _, p := range run.ran {
			o.ref[p.Seed] = run.printed[p.Seed]
		}
		if run.crashed != nil {
			o.refCrashed = append(o.refCrashed, run.crashed.Seed)
		}
		pending = run.rest
	}
}

// runPolicy bufferizes the linked progs with policy, runs the output
// under valgrind and returns the faults of each program. Programs that
// did not run because an earlier one crashed run again, linked without
// it; when bufferlog fails on the linked module, the programs it
// bufferizes alone go on without those it does not.
func (o *genBatchOutcome) runPolicy(ctx context.Context, prog *solve.Program, v execVariant, progs []workload.BoundaryProgram) []genFault {
	name := v.name
	var faults []genFault
	fault := func(p workload.BoundaryProgram, class, detail string) {
		faults = append(faults, genFault{seed: p.Seed, policy: name, class: class, detail: detail})
	}
	for pending := progs; len(pending) > 0; {
		ours, err := o.bufferize(prog, v, pending)
		if err != nil {
			if len(pending) == 1 {
				fault(pending[0], "bufferlog fails: "+errorClass(err), err.Error())
				break
			}
			var ok []workload.BoundaryProgram
			for _, p := range pending {
				if _, err := o.bufferize(prog, v, []workload.BoundaryProgram{p}); err != nil {
					fault(p, "bufferlog fails: "+errorClass(err), err.Error())
				} else {
					ok = append(ok, p)
				}
			}
			if len(ok) == len(pending) {
				fault(pending[0], "bufferlog fails on linked programs that it bufferizes one by one: "+errorClass(err), err.Error())
				for _, p := range pending {
					faults = append(faults, o.runPolicy(ctx, prog, v, []workload.BoundaryProgram{p})...)
				}
				break
			}
			pending = ok
			continue
		}
		start := time.Now()
		vg, err := mlirexec.Valgrind(ctx, ours, mlirexec.Options{})
		o.valgrindTime += time.Since(start)
		if err != nil {
			if len(pending) == 1 {
				fault(pending[0], "our output does not lower or compile: "+errorClass(err), err.Error())
				break
			}
			for _, p := range pending {
				faults = append(faults, o.runPolicy(ctx, prog, v, []workload.BoundaryProgram{p})...)
			}
			break
		}
		run := readGenRun(vg, pending)
		for _, f := range run.faults {
			f.policy = name
			faults = append(faults, f)
		}
		if o.printed[name] == nil {
			o.printed[name] = map[uint64][][]float64{}
		}
		for _, p := range run.ran {
			o.printed[name][p.Seed] = run.printed[p.Seed]
			if diff := o.outputDiff(p, run.printed[p.Seed]); diff != "" {
				fault(p, "wrong output", diff)
			}
		}
		if run.crashed != nil {
			class, detail := crash(vg)
			fault(*run.crashed, class, detail)
		}
		pending = run.rest
	}
	return faults
}

// bufferize runs bufferlog on the linked progs; a panic is an error
// like any other, of the programs that cause it.
func (o *genBatchOutcome) bufferize(prog *solve.Program, v execVariant, progs []workload.BoundaryProgram) (out []byte, err error) {
	start := time.Now()
	defer func() {
		o.bufferizeTime += time.Since(start)
		if r := recover(); r != nil {
			err = fmt.Errorf("panic: %v", r)
		}
	}()
	return bufferizeText(prog, v, staticDealloc, fmt.Sprintf("seed_%d.mlir", progs[0].Seed), []byte(workload.Link(progs...)))
}

// genRun is what one run of linked programs under valgrind says about
// each of them.
type genRun struct {
	// ran are the programs that ran to their end; printed holds what
	// they printed.
	ran     []workload.BoundaryProgram
	printed map[uint64][][]float64
	// crashed is the program running when the run crashed; rest are the
	// programs after it, which did not run.
	crashed *workload.BoundaryProgram
	rest    []workload.BoundaryProgram
	// faults are valgrind's errors, each charged to the program whose
	// function its stack names (policy not set).
	faults []genFault
}

var (
	// The function of a frame in a valgrind stack: "by 0x4023C4:
	// s17_main (in /tmp/...)".
	frameFunction = regexp.MustCompile(`^(?:at|by) 0x[0-9A-F]+: ([\w.$]+)`)
	// "64 bytes in 1 blocks are definitely lost in loss record 1 of 8"
	lostRecord = regexp.MustCompile(`in ([\d,]+) blocks are (?:definitely|indirectly) lost in loss record`)
	// The first line of a valgrind error that is a fault, and its class.
	valgrindFaults = []struct {
		re    *regexp.Regexp
		class string
	}{
		{regexp.MustCompile(`^Invalid read of size`), "invalid read"},
		{regexp.MustCompile(`^Invalid write of size`), "invalid write"},
		{regexp.MustCompile(`^(Invalid|Mismatched) free\(\)`), "invalid free"},
		{regexp.MustCompile(`uninitialised`), "use of uninitialised memory"},
		{lostRecord, "leak"},
	}
)

// readGenRun reads the report of a run of the linked progs: what each
// printed (each program's output starts with its seed line), which one
// crashed if one did (the last seed printed: stdout is line buffered),
// and valgrind's errors by program. The buffers of the program that
// crashed were live, not leaked.
func readGenRun(vg *mlirexec.ValgrindReport, progs []workload.BoundaryProgram) genRun {
	run := genRun{printed: printedSections(vg.Output), ran: progs}
	if vg.ExitCode != 0 {
		last := 0
		for k, p := range progs {
			if _, ok := run.printed[p.Seed]; ok {
				last = k
			}
		}
		run.ran, run.crashed, run.rest = progs[:last], &progs[last], progs[last+1:]
	}
	bySeed := map[uint64]workload.BoundaryProgram{}
	for _, p := range progs {
		bySeed[p.Seed] = p
	}
	type key struct {
		seed  uint64
		class string
	}
	index := map[key]int{}
	var leaked int64
	for _, block := range valgrindBlocks(vg.Log) {
		class := ""
		for _, f := range valgrindFaults {
			if f.re.MatchString(block[0]) {
				class = f.class
			}
		}
		if class == "" {
			continue
		}
		if m := lostRecord.FindStringSubmatch(block[0]); m != nil {
			n, _ := strconv.ParseInt(strings.ReplaceAll(m[1], ",", ""), 10, 64)
			leaked += n
		}
		seed, kind := generatedFunction(block[1:])
		if _, ok := bySeed[seed]; ok {
			class += " in " + kind
		} else {
			seed, class = progs[0].Seed, class+" in no generated function"
		}
		if run.crashed != nil && seed == run.crashed.Seed && strings.HasPrefix(class, "leak") {
			continue
		}
		// One fault per program and class: the first message, and how
		// many there were.
		if k, ok := index[key{seed, class}]; ok {
			run.faults[k].count++
			continue
		}
		index[key{seed, class}] = len(run.faults)
		run.faults = append(run.faults, genFault{seed: seed, class: class, detail: "  " + strings.Join(block, "\n  "), count: 1})
	}
	// The counting runtime sees every leak and bad free; valgrind must
	// have charged each to a program.
	if vg.Stats.Leaks > leaked {
		run.faults = append(run.faults, genFault{seed: progs[0].Seed, class: "leak in no generated function", count: 1,
			detail: fmt.Sprintf("the runtime counts %d buffers never freed, valgrind's loss records %d", vg.Stats.Leaks, leaked)})
	}
	if vg.Stats.BadFrees > 0 && vg.InvalidFrees == 0 {
		run.faults = append(run.faults, genFault{seed: progs[0].Seed, class: "invalid free in no generated function", count: 1,
			detail: fmt.Sprintf("the runtime counts %d frees of memory that is not a live allocation", vg.Stats.BadFrees)})
	}
	return run
}

// generatedFunction finds the innermost generated function of a valgrind
// stack, and says which program it belongs to and its kind.
func generatedFunction(stack []string) (uint64, string) {
	for _, line := range stack {
		if m := frameFunction.FindStringSubmatch(line); m != nil {
			if seed, kind, ok := workload.BoundaryFunction(m[1]); ok {
				return seed, kind
			}
		}
	}
	return 0, ""
}

// valgrindBlocks splits a valgrind log into its messages: runs of
// lines, without the "==pid== " prefixes, between blank ones.
func valgrindBlocks(log string) [][]string {
	var blocks [][]string
	var cur []string
	for line := range strings.SplitSeq(log, "\n") {
		if _, rest, ok := strings.Cut(line, "== "); ok {
			line = rest
		}
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "==") {
			if len(cur) > 0 {
				blocks = append(blocks, cur)
			}
			cur = nil
			continue
		}
		cur = append(cur, line)
	}
	if len(cur) > 0 {
		blocks = append(blocks, cur)
	}
	return blocks
}

// outputDiff says how what p printed differs from the model, and what
// the reference printed there; "" if it does not.
func (o *genBatchOutcome) outputDiff(p workload.BoundaryProgram, got [][]float64) string {
	if slices.EqualFunc(got, p.Want, slices.Equal) {
		return ""
	}
	k := 0
	for k < min(len(got), len(p.Want)) && slices.Equal(got[k], p.Want[k]) {
		k++
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%d tensors printed, the model says %d; print %d differs:\n", len(got), len(p.Want), k+1)
	if k < len(got) {
		fmt.Fprintf(&b, "  printed   %v\n", got[k])
	}
	if k < len(p.Want) {
		fmt.Fprintf(&b, "  model     %v\n", p.Want[k])
	}
	switch ref, ok := o.ref[p.Seed]; {
	case !ok:
		b.WriteString("  reference did not run to the end\n")
	case k < len(ref):
		fmt.Fprintf(&b, "  reference %v\n", ref[k])
	}
	return b.String()
}

// printedSections splits the output of linked programs into the tensors
// each printed, by the seed line printed before each program. A line it
// cannot read counts as a tensor of no values, which matches nothing.
func printedSections(out string) map[uint64][][]float64 {
	sections := map[uint64][][]float64{}
	var seed uint64
	for line := range strings.SplitSeq(out, "\n") {
		line = strings.TrimSpace(line)
		if n, err := strconv.ParseUint(line, 10, 64); err == nil {
			seed = n
			sections[seed] = [][]float64{}
			continue
		}
		if !strings.HasPrefix(line, "[") {
			continue
		}
		var v []float64
		for f := range strings.SplitSeq(strings.Trim(line, "[]"), ",") {
			x, err := strconv.ParseFloat(strings.TrimSpace(f), 64)
			if err != nil {
				v = nil
				break
			}
			v = append(v, x)
		}
		sections[seed] = append(sections[seed], v)
	}
	return sections
}

var (
	// A diagnostic's location, and names of values and symbols, which
	// differ between faults of one cause.
	diagnosticLocation = regexp.MustCompile(`^\S+:\d+:\d+: `)
	namesInMessage     = regexp.MustCompile(`[%@^][\w$.-]+`)
)

// errorClass is the first diagnostic of err (a line with "error: "), or
// else its first line, without what differs between faults of one
// cause.
func errorClass(err error) string {
	line, _, _ := strings.Cut(err.Error(), "\n")
	for l := range strings.SplitSeq(err.Error(), "\n") {
		if strings.Contains(l, "error: ") {
			line = strings.TrimSpace(l)
			break
		}
	}
	line = diagnosticLocation.ReplaceAllString(line, "")
	return namesInMessage.ReplaceAllStringFunc(line, func(s string) string { return s[:1] + "…" })
}

// crash describes how a program under valgrind died: the class, with the
// kind of generated function that was running, and valgrind's message.
func crash(vg *mlirexec.ValgrindReport) (class, detail string) {
	class = fmt.Sprintf("crash: exit status %d", vg.ExitCode)
	switch {
	case strings.Contains(vg.Log, "Bad permissions for mapped region"):
		class = "crash: write into read-only memory"
	case strings.Contains(vg.Log, "Access not within mapped region"):
		class = "crash: access outside mapped memory"
	}
	for _, block := range valgrindBlocks(vg.Log) {
		if strings.HasPrefix(block[0], "Process terminating") {
			if _, kind := generatedFunction(block[1:]); kind != "" {
				class += " in " + kind
			}
			return class, "  " + strings.Join(block, "\n  ")
		}
	}
	return class, vg.Log
}

// TestReadGenRun checks how a run of linked programs is read: outputs by
// seed line, the crash charged to the last seed printed, valgrind's
// errors charged by the generated function their stacks name, one fault
// per program and class, and no leak charged to the program that
// crashed.
func TestReadGenRun(t *testing.T) {
	progs := []workload.BoundaryProgram{{Seed: 3}, {Seed: 5}, {Seed: 8}}
	vg := &mlirexec.ValgrindReport{
		ExitCode: 139,
		Output:   "3\nUnranked Memref base@ = <ptr> rank = 1 offset = 0 sizes = [2] strides = [1] data = \n[1,  2]\n[4,  5]\n5\n[7,  x]\n",
		Log: `==1== Invalid read of size 4
==1==    at 0x401000: memrefCopy (mlirexec_rt.c:10)
==1==    by 0x402000: s3_h2 (in /tmp/p.exe)
==1==    by 0x403000: s3_main (in /tmp/p.exe)
==1== 
==1== Invalid read of size 4
==1==    at 0x401000: memrefCopy (mlirexec_rt.c:10)
==1==    by 0x402000: s3_h2 (in /tmp/p.exe)
==1== 
==1== Process terminating with default action of signal 11 (SIGSEGV)
==1==  Bad permissions for mapped region at address 0x407178
==1==    at 0x401FBE: s5_c1_1 (in /tmp/p.exe)
==1==    by 0x4023C4: s5_main (in /tmp/p.exe)
==1== 
==1== 64 bytes in 1 blocks are definitely lost in loss record 1 of 3
==1==    at 0x48417B4: malloc (in /usr/libexec/valgrind/vgpreload_memcheck-amd64-linux.so)
==1==    by 0x401944: _mlir_memref_to_llvm_alloc (mlirexec_rt.c:135)
==1==    by 0x402467: s3_f4 (in /tmp/p.exe)
==1== 
==1== 64 bytes in 1 blocks are definitely lost in loss record 2 of 3
==1==    by 0x402467: s5_main (in /tmp/p.exe)
==1== 
==1== 16 bytes in 1 blocks are definitely lost in loss record 3 of 3
==1==    by 0x401944: _mlir_memref_to_llvm_alloc (mlirexec_rt.c:135)
==1== 
`,
	}
	run := readGenRun(vg, progs)
	if len(run.ran) != 1 || run.ran[0].Seed != 3 || run.crashed == nil || run.crashed.Seed != 5 || len(run.rest) != 1 || run.rest[0].Seed != 8 {
		t.Fatalf("ran %v, crashed %v, rest %v; want [3], 5, [8]", run.ran, run.crashed, run.rest)
	}
	if got := fmt.Sprint(run.printed[3]); got != "[[1 2] [4 5]]" {
		t.Errorf("seed 3 printed %s, want [[1 2] [4 5]]", got)
	}
	var faults []string
	for _, f := range run.faults {
		faults = append(faults, fmt.Sprintf("%d %s x%d", f.seed, f.class, f.count))
	}
	want := []string{"3 invalid read in a helper x2", "3 leak in a cf function x1", "3 leak in no generated function x1"}
	if !slices.Equal(faults, want) {
		t.Errorf("faults %q\nwant   %q", faults, want)
	}
	if class, detail := crash(vg); class != "crash: write into read-only memory in a chain" || !strings.Contains(detail, "s5_c1_1") {
		t.Errorf("crash: %q\n%s", class, detail)
	}
}

func TestErrorClass(t *testing.T) {
	for _, tc := range []struct{ err, want string }{
		{"internal error: the deallocation rules did not settle in 16 rounds", "internal error: the deallocation rules did not settle in 16 rounds"},
		{"seed_3.mlir:12:5: error: op %t7 has no bufferization", "error: op %… has no bufferization"},
		{"mlir-opt-22 - --convert-x: exit status 1\n<stdin>:50:13: error: 'memref.cast' op operand type 'memref<8xf32>' and result type are cast incompatible\n   %cast = memref.cast", "error: 'memref.cast' op operand type 'memref<8xf32>' and result type are cast incompatible"},
	} {
		if got := errorClass(errors.New(tc.err)); got != tc.want {
			t.Errorf("errorClass(%q) = %q, want %q", tc.err, got, tc.want)
		}
	}
}
