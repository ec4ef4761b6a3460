package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"text/tabwriter"
	"time"

	"bufferlog/internal/workload"
)

// inputFile stands for the workload's path in a phase's arguments.
const inputFile = "FILE"

// phase is one piece of work measured on both tools: the arguments that make
// bufferlog and mlir-opt do the same thing.
type phase struct {
	Name      string
	Bufferlog []string
	MLIROpt   []string
	// Base, if set, is the bufferlog command whose work Bufferlog adds to:
	// the phase is measured against it, not against mlir-opt, and
	// reported as what it adds (see costCells).
	Base []string
}

// phases lists what can be measured.
var phases = []phase{
	{
		Name:      "parse", // parse and print
		Bufferlog: []string{"fmt", inputFile, "-o", "/dev/null"},
		MLIROpt:   []string{inputFile, "-o", "/dev/null"},
	},
	{
		Name:      "analysis", // one-shot bufferization analysis only
		Bufferlog: []string{"bufferize", "--analysis-only", inputFile, "-o", "/dev/null"},
		MLIROpt:   []string{"--one-shot-bufferize=bufferize-function-boundaries test-analysis-only", inputFile, "-o", "/dev/null"},
	},
	{
		Name:      "pipeline", // bufferization to memrefs, then deallocation; parse and print included
		Bufferlog: []string{"bufferize", inputFile, "-o", "/dev/null"},
		MLIROpt:   []string{"--one-shot-bufferize=bufferize-function-boundaries", "--buffer-deallocation-pipeline", inputFile, "-o", "/dev/null"},
	},
	{
		Name:      "verify", // the pipeline with bufferize --verify, against the pipeline: the checker's cost
		Bufferlog: []string{"bufferize", "--verify", inputFile, "-o", "/dev/null"},
		Base:      []string{"bufferize", inputFile, "-o", "/dev/null"},
	},
}

// kinds maps a workload kind to its generator.
var kinds = map[string]func(size, perFunc int) workload.Program{
	"chain":  func(size, _ int) workload.Program { return workload.Chain(size) },
	"module": workload.Module,
}

type options struct {
	sizes     []int
	kinds     []string
	phases    []phase
	bufferlog string
	mlirOpt   string
	reps      []int // runs per tool and file, one per size
	perFunc   int
	timeout   time.Duration
	// gomaxprocs, if not 0, is bufferlog's GOMAXPROCS: 1 measures the CPU
	// time of one thread, as mlir-opt's is measured.
	gomaxprocs int
	markdown   bool
}

func main() {
	if err := run(os.Args[1:], os.Stdout, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "blbench:", err)
		os.Exit(1)
	}
}

func run(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("blbench", flag.ContinueOnError)
	fs.SetOutput(stderr)
	sizes := fs.String("sizes", "1000,10000,100000,300000", "comma-separated workload sizes, in operations")
	kindList := fs.String("kinds", "chain,module", "comma-separated workload kinds: chain, module")
	phaseList := fs.String("phase", "parse", "comma-separated phases: "+phaseNames())
	var o options
	fs.StringVar(&o.bufferlog, "bufferlog", "", "bufferlog binary (default: build ./cmd/bufferlog)")
	fs.StringVar(&o.mlirOpt, "mlir-opt", "mlir-opt-22", "mlir-opt binary")
	repList := fs.String("reps", "3", "runs per tool and file, one count for all sizes or one per size (e.g. 3,3,1); the median time is reported")
	fs.IntVar(&o.perFunc, "per", 100, "operations per function in module workloads")
	fs.DurationVar(&o.timeout, "timeout", 10*time.Minute, "time limit of one tool run")
	fs.IntVar(&o.gomaxprocs, "gomaxprocs", 0, "run bufferlog with GOMAXPROCS=`N` (0: as the environment says)")
	fs.BoolVar(&o.markdown, "markdown", false, "print a Markdown table")
	emit := fs.String("emit", "", "write the workload KIND:SIZE (e.g. chain:1000) to stdout and exit")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("unexpected arguments %q", fs.Args())
	}
	if *emit != "" {
		return emitWorkload(*emit, o.perFunc, stdout, stderr)
	}

	var err error
	if o.sizes, err = parseCounts("sizes", *sizes); err != nil {
		return err
	}
	if o.reps, err = parseCounts("reps", *repList); err != nil {
		return err
	}
	switch len(o.reps) {
	case len(o.sizes):
	case 1:
		o.reps = slices.Repeat(o.reps, len(o.sizes))
	default:
		return fmt.Errorf("-reps has %d counts for %d sizes; give one, or one per size", len(o.reps), len(o.sizes))
	}
	for _, k := range strings.Split(*kindList, ",") {
		if kinds[k] == nil {
			return fmt.Errorf("unknown kind %q (have chain, module)", k)
		}
		o.kinds = append(o.kinds, k)
	}
	for _, name := range strings.Split(*phaseList, ",") {
		i := slices.IndexFunc(phases, func(p phase) bool { return p.Name == name })
		if i < 0 {
			return fmt.Errorf("unknown phase %q (have %s)", name, phaseNames())
		}
		o.phases = append(o.phases, phases[i])
	}
	if o.mlirOpt, err = exec.LookPath(o.mlirOpt); err != nil {
		return err
	}

	dir, err := os.MkdirTemp("", "blbench-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	if o.bufferlog == "" {
		if o.bufferlog, err = buildBufferlog(dir, stderr); err != nil {
			return err
		}
	} else if o.bufferlog, err = filepath.Abs(o.bufferlog); err != nil {
		return err
	}

	rows, err := measureAll(o, dir, stderr)
	if err != nil {
		return err
	}
	printTable := printText
	if o.markdown {
		printTable = printMarkdown
	}
	var compared, added []row
	for _, r := range rows {
		if r.base != nil {
			added = append(added, r)
		} else {
			compared = append(compared, r)
		}
	}
	if len(compared) > 0 {
		printTable(stdout, header, cells(compared), growthNote)
	}
	if len(added) > 0 {
		if len(compared) > 0 {
			fmt.Fprintln(stdout)
		}
		printTable(stdout, costHeader, costCells(added), costNote)
	}
	printFailures(stdout, rows, o.markdown)
	return nil
}

func phaseNames() string {
	var names []string
	for _, p := range phases {
		names = append(names, p.Name)
	}
	return strings.Join(names, ", ")
}

// parseCounts parses the comma-separated positive integers of flag name.
func parseCounts(name, list string) ([]int, error) {
	var counts []int
	for _, s := range strings.Split(list, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(s))
		if err != nil || n < 1 {
			return nil, fmt.Errorf("bad count %q in -%s", s, name)
		}
		counts = append(counts, n)
	}
	return counts, nil
}

func emitWorkload(spec string, perFunc int, stdout, stderr io.Writer) error {
	kind, sizeText, _ := strings.Cut(spec, ":")
	size, err := strconv.Atoi(sizeText)
	if kinds[kind] == nil || err != nil {
		return fmt.Errorf("bad -emit %q, want KIND:SIZE such as chain:1000", spec)
	}
	p := kinds[kind](size, perFunc)
	fmt.Fprintf(stderr, "%s: %d ops\n", spec, p.Ops)
	_, err = stdout.Write(p.Text)
	return err
}

// buildBufferlog builds ./cmd/bufferlog of the enclosing module into dir.
func buildBufferlog(dir string, stderr io.Writer) (string, error) {
	gomod, err := exec.Command("go", "env", "GOMOD").Output()
	if err != nil {
		return "", fmt.Errorf("go env GOMOD: %v", err)
	}
	root := filepath.Dir(strings.TrimSpace(string(gomod)))
	if root == "." || strings.TrimSpace(string(gomod)) == os.DevNull {
		return "", errors.New("not inside the bufferlog module; run from the repository or pass -bufferlog")
	}
	bin := filepath.Join(dir, "bufferlog")
	fmt.Fprintln(stderr, "building ./cmd/bufferlog")
	cmd := exec.Command("go", "build", "-o", bin, "./cmd/bufferlog")
	cmd.Dir = root
	cmd.Stdout, cmd.Stderr = stderr, stderr
	if err := cmd.Run(); err != nil {
		return "", fmt.Errorf("go build ./cmd/bufferlog: %v", err)
	}
	return bin, nil
}

// measurement is the result of running one tool reps times on one file.
type measurement struct {
	seconds   float64 // median wall time
	cpu       float64 // median CPU time, user and system, of all threads
	maxRSSKiB int64   // largest peak resident set size of the child
	err       error   // the first failure; then the other fields are unset
}

type row struct {
	phase     string
	kind      string
	size      int // requested
	ops       int // generated
	bufferlog measurement
	mlirOpt   measurement
	base      *measurement // the phase's Base command, if it has one (then mlirOpt is unset)
}

func measureAll(o options, dir string, stderr io.Writer) ([]row, error) {
	var rows []row
	for _, kind := range o.kinds {
		for i, size := range o.sizes {
			file := filepath.Join(dir, fmt.Sprintf("%s-%d.mlir", kind, size))
			ops, err := generateFile(kind, size, o.perFunc, file)
			if err != nil {
				return nil, err
			}
			for _, ph := range o.phases {
				r := row{phase: ph.Name, kind: kind, size: size, ops: ops}
				bufferlog := command{o.bufferlog, withFile(ph.Bufferlog, file), nil}
				if o.gomaxprocs > 0 {
					bufferlog.env = []string{fmt.Sprintf("GOMAXPROCS=%d", o.gomaxprocs)}
				}
				if ph.Base != nil {
					base := bufferlog
					base.args = withFile(ph.Base, file)
					r.base = new(measurement)
					*r.base, r.bufferlog = measurePair(o.timeout, o.reps[i], base, bufferlog)
					fmt.Fprintf(stderr, "%-8s %-6s %7d ops: bufferlog %s, without %s\n",
						ph.Name, kind, ops, r.bufferlog.summary(), r.base.summary())
					rows = append(rows, r)
					continue
				}
				r.bufferlog, r.mlirOpt = measurePair(o.timeout, o.reps[i], bufferlog,
					command{o.mlirOpt, withFile(ph.MLIROpt, file), nil})
				fmt.Fprintf(stderr, "%-8s %-6s %7d ops: bufferlog %s, mlir-opt %s\n",
					ph.Name, kind, ops, r.bufferlog.summary(), r.mlirOpt.summary())
				rows = append(rows, r)
			}
			os.Remove(file) // keep the temp dir small at large sizes
		}
	}
	// Group by phase, in the order -phase gave them.
	slices.SortStableFunc(rows, func(a, b row) int {
		return slices.IndexFunc(o.phases, func(p phase) bool { return p.Name == a.phase }) -
			slices.IndexFunc(o.phases, func(p phase) bool { return p.Name == b.phase })
	})
	return rows, nil
}

// generateFile writes the workload to file and returns its op count. It runs
// this program again with -emit to do so, because a child's peak RSS as the
// kernel reports it is at least the peak RSS of the process that started it
// (Linux records the parent's high-water mark when the child execs), and
// generating a large workload in this process would raise that floor for
// every tool run after it.
func generateFile(kind string, size, perFunc int, file string) (int, error) {
	self, err := os.Executable()
	if err != nil {
		return 0, err
	}
	out, err := os.Create(file)
	if err != nil {
		return 0, err
	}
	defer out.Close()
	spec := fmt.Sprintf("%s:%d", kind, size)
	var errOut bytes.Buffer
	cmd := exec.Command(self, "-emit", spec, "-per", strconv.Itoa(perFunc))
	cmd.Stdout, cmd.Stderr = out, &errOut
	if err := cmd.Run(); err != nil {
		return 0, fmt.Errorf("generating %s: %v: %s", spec, err, errOut.Bytes())
	}
	var ops int
	if _, err := fmt.Sscanf(errOut.String(), spec+": %d ops", &ops); err != nil {
		return 0, fmt.Errorf("generating %s: cannot read the op count from %q", spec, errOut.String())
	}
	return ops, out.Close()
}

func withFile(args []string, file string) []string {
	out := slices.Clone(args)
	for i, a := range out {
		if a == inputFile {
			out[i] = file
		}
	}
	return out
}

type command struct {
	path string
	args []string
	env  []string // added to the environment
}

// measurePair runs a and b reps times each, alternating, so that a change in
// machine load during the run affects both alike.
func measurePair(timeout time.Duration, reps int, a, b command) (measurement, measurement) {
	var ra, rb runs
	var ma, mb measurement
	for range reps {
		if ma.err == nil {
			ma.err = ra.runOnce(timeout, a)
		}
		if mb.err == nil {
			mb.err = rb.runOnce(timeout, b)
		}
	}
	ma.seconds, ma.cpu, ma.maxRSSKiB = median(ra.wall), median(ra.cpu), ra.maxRSSKiB
	mb.seconds, mb.cpu, mb.maxRSSKiB = median(rb.wall), median(rb.cpu), rb.maxRSSKiB
	return ma, mb
}

// runs collects the runs of one tool on one file.
type runs struct {
	wall, cpu []float64 // seconds
	maxRSSKiB int64
}

// runOnce runs c and records its wall and CPU time and peak RSS.
func (rs *runs) runOnce(timeout time.Duration, c command) error {
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	var errOut bytes.Buffer
	cmd := exec.CommandContext(ctx, c.path, c.args...)
	if c.env != nil {
		cmd.Env = append(os.Environ(), c.env...)
	}
	cmd.Stdout = io.Discard
	cmd.Stderr = &errOut
	start := time.Now()
	err := cmd.Run()
	elapsed := time.Since(start)
	if ctx.Err() != nil {
		return fmt.Errorf("%s: timed out after %v", filepath.Base(c.path), timeout)
	}
	if err != nil {
		msg, _, _ := strings.Cut(strings.TrimSpace(errOut.String()), "\n")
		return fmt.Errorf("%s %s: %v: %s", filepath.Base(c.path), strings.Join(c.args, " "), err, msg)
	}
	rs.wall = append(rs.wall, elapsed.Seconds())
	rs.cpu = append(rs.cpu, (cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()).Seconds())
	if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
		rs.maxRSSKiB = max(rs.maxRSSKiB, int64(ru.Maxrss)) // KiB on Linux
	}
	return nil
}

func median(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	s := slices.Sorted(slices.Values(xs))
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

func (m measurement) summary() string {
	if m.err != nil {
		return "failed"
	}
	return fmt.Sprintf("%.3fs (cpu %.3fs) %.1fMiB", m.seconds, m.cpu, mib(m.maxRSSKiB))
}

func mib(kib int64) float64 { return float64(kib) / 1024 }

var header = []string{"phase", "kind", "ops", "bufferlog s", "mlir-opt s", "time ratio",
	"bufferlog cpu s", "mlir-opt cpu s", "cpu ratio", "bufferlog MiB", "mlir-opt MiB", "RSS ratio", "growth"}

const growthNote = "time, cpu and RSS ratio: bufferlog / mlir-opt; cpu is user and system time of all threads. growth: bufferlog time, and peak RSS, / those at the previous size (ops ratio in parentheses)."

// cells renders the rows; growth compares with the previous row of the same
// phase and kind.
func cells(rows []row) [][]string {
	var out [][]string
	for i, r := range rows {
		b, m := r.bufferlog, r.mlirOpt
		c := append(sideBySide(r, b, m, ratio), "-", "-")
		if b.err == nil && m.err == nil {
			c[11] = ratio(float64(b.maxRSSKiB), float64(m.maxRSSKiB))
		}
		if i > 0 {
			prev := rows[i-1]
			if prev.phase == r.phase && prev.kind == r.kind && b.err == nil && prev.bufferlog.err == nil {
				c[12] = ratio(b.seconds, prev.bufferlog.seconds) + ", " + ratio(float64(b.maxRSSKiB), float64(prev.bufferlog.maxRSSKiB)) +
					" (" + ratio(float64(r.ops), float64(prev.ops)) + ")"
			}
		}
		out = append(out, c)
	}
	return out
}

func ratio(a, b float64) string {
	if b == 0 {
		return "-"
	}
	return fmt.Sprintf("%.2fx", a/b)
}

var costHeader = []string{"phase", "kind", "ops", "without s", "with s", "added",
	"without cpu s", "with cpu s", "added cpu", "without MiB", "with MiB"}

const costNote = "without: the bufferlog command the phase adds to (verify: bufferize without --verify), run alternately with the phase's; added: (with - without) / without, of the median wall and CPU times."

// costCells renders the rows of phases measured against their Base.
func costCells(rows []row) [][]string {
	var out [][]string
	for _, r := range rows {
		out = append(out, sideBySide(r, *r.base, r.bufferlog, func(without, with float64) string { return added(with, without) }))
	}
	return out
}

// sideBySide renders the first cells of both tables: r's phase, kind
// and ops, then the wall time, CPU time and peak RSS of a and b, each
// pair followed by compare's word on the two times when both ran.
func sideBySide(r row, a, b measurement, compare func(a, b float64) string) []string {
	c := []string{r.phase, r.kind, strconv.Itoa(r.ops), "failed", "failed", "-", "failed", "failed", "-", "failed", "failed"}
	if a.err == nil {
		c[3], c[6], c[9] = fmt.Sprintf("%.3f", a.seconds), fmt.Sprintf("%.3f", a.cpu), fmt.Sprintf("%.1f", mib(a.maxRSSKiB))
	}
	if b.err == nil {
		c[4], c[7], c[10] = fmt.Sprintf("%.3f", b.seconds), fmt.Sprintf("%.3f", b.cpu), fmt.Sprintf("%.1f", mib(b.maxRSSKiB))
	}
	if a.err == nil && b.err == nil {
		c[5], c[8] = compare(a.seconds, b.seconds), compare(a.cpu, b.cpu)
	}
	return c
}

// added is how much more with is than without, in percent.
func added(with, without float64) string {
	if without == 0 {
		return "-"
	}
	return fmt.Sprintf("%+.1f%%", 100*(with-without)/without)
}

func printText(w io.Writer, header []string, cells [][]string, note string) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, strings.Join(header, "\t")+"\t")
	for _, c := range cells {
		fmt.Fprintln(tw, strings.Join(c, "\t")+"\t")
	}
	tw.Flush()
	fmt.Fprintln(w, note)
}

func printMarkdown(w io.Writer, header []string, cells [][]string, note string) {
	fmt.Fprintln(w, "| "+strings.Join(header, " | ")+" |")
	align := []string{":--", ":--"}
	for range header[2:] {
		align = append(align, "--:")
	}
	fmt.Fprintln(w, "| "+strings.Join(align, " | ")+" |")
	for _, c := range cells {
		fmt.Fprintln(w, "| "+strings.Join(c, " | ")+" |")
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w, note)
}

func printFailures(w io.Writer, rows []row, markdown bool) {
	bullet := ""
	if markdown {
		bullet = "- "
	}
	for _, r := range rows {
		against := r.mlirOpt
		if r.base != nil {
			against = *r.base
		}
		for _, m := range []measurement{r.bufferlog, against} {
			if m.err != nil {
				fmt.Fprintf(w, "%s%s %s %d: %v\n", bullet, r.phase, r.kind, r.ops, m.err)
			}
		}
	}
}
