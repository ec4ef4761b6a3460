package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"bufferlog/ir"
)

// phase is a step of the per-file pipeline, timed for --stats.
type phase int

const (
	phaseParse    phase = iota // read, parse and verify the input
	phaseAnalysis              // extract the facts and evaluate the in-place rules
	phaseRewrite               // rewrite to memref IR (or annotate), verify
	phaseDealloc               // evaluate dealloc*.mg and insert the frees
	phaseVerify                // check the output with the checker's rules (--verify)
	phasePrint                 // print and write the output
	numPhases
)

var phaseNames = [numPhases]string{"parse", "analysis", "rewrite", "dealloc", "verify", "print"}

// phaseTimes sums the time spent in each phase. Methods on a nil
// *phaseTimes time nothing, for callers that do not want the figures.
type phaseTimes [numPhases]time.Duration

func (t *phaseTimes) since(p phase, start time.Time) {
	if t != nil {
		t[p] += time.Since(start)
	}
}

func (t *phaseTimes) timed(p phase, f func() error) error {
	defer t.since(p, time.Now())
	return f()
}

// A job is one input of a bufferize run and where its output goes.
type job struct {
	in  string // as named on the command line or found by the walk; - is stdin
	out string // "" or - for stdout
	err error  // the walk could not read in: the job fails with this
	// ahead, if not nil, gives in parsed ahead of the job's turn (prefetch).
	ahead <-chan parsedFile
}

// parsedFile is an input parsed ahead of its job's turn.
type parsedFile struct {
	m    *ir.Module
	err  error
	took time.Duration
}

// parseInput parses and verifies the input in.
func parseInput(in string) parsedFile {
	start := time.Now()
	m, err := loadFile(in, true)
	return parsedFile{m, err, time.Since(start)}
}

// prefetch parses j's input on a goroutine of its own. Parsing needs no
// rules: the first file of a run is parsed while they are compiled.
func prefetch(j job) <-chan parsedFile {
	c := make(chan parsedFile, 1)
	go func() { c <- parseInput(j.in) }()
	return c
}

// batchJobs lists the inputs that args name, directories walked for
// regular *.mlir files in lexical order (symbolic links are not followed),
// and their outputs: the inputs themselves if inPlace, else under outDir,
// mirroring the tree of a directory argument and by base name for a file
// argument. The whole list is made before anything is written, so a run
// never reads its own outputs. Outputs must be distinct, and none may be
// an input unless inPlace. Every error is a usage error.
func batchJobs(args []string, outDir string, inPlace bool) ([]job, error) {
	var jobs []job
	var dirs []string
	for _, arg := range args {
		if arg == "-" {
			return nil, errors.New("- (stdin) is a single input: it cannot be part of a batch")
		}
		if info, err := os.Stat(arg); err != nil || !info.IsDir() {
			// A file that cannot be read fails with its diagnostic when
			// the pipeline reads it.
			jobs = append(jobs, job{in: arg, out: filepath.Base(arg)})
			continue
		}
		dirs = append(dirs, arg)
		err := filepath.WalkDir(arg, func(path string, d fs.DirEntry, err error) error {
			rel, _ := filepath.Rel(arg, path)
			switch {
			case err != nil:
				// An unreadable subdirectory fails as an input of its own,
				// and the walk goes on.
				var pe *fs.PathError
				if errors.As(err, &pe) {
					err = pe.Err
				}
				jobs = append(jobs, job{in: path, out: rel, err: fmt.Errorf("%s: error: cannot read input: %v", path, err)})
			case d.Type().IsRegular() && strings.HasSuffix(path, ".mlir"):
				jobs = append(jobs, job{in: path, out: rel})
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
	}
	if len(jobs) == 0 {
		return nil, fmt.Errorf("no *.mlir file in %s", strings.Join(args, ", "))
	}
	if !inPlace {
		for _, dir := range dirs {
			if within(outDir, dir) {
				return nil, fmt.Errorf("--out-dir %s is inside the input directory %s: a later run would take the outputs for inputs", outDir, dir)
			}
		}
	}
	written := map[string]string{} // resolved output path -> input
	for i := range jobs {
		j := &jobs[i]
		if inPlace {
			// Replace the file a link names, not the link.
			if target, err := filepath.EvalSymlinks(j.in); err == nil {
				j.out = target
			} else {
				j.out = j.in
			}
		} else {
			j.out = filepath.Join(outDir, j.out)
			if sameFile(j.in, j.out) {
				return nil, fmt.Errorf("%s would overwrite the input %s (--in-place replaces inputs)", j.out, j.in)
			}
		}
		key := resolved(j.out)
		if prev, ok := written[key]; ok {
			return nil, fmt.Errorf("%s and %s would both be written to %s", prev, j.in, j.out)
		}
		written[key] = j.in
	}
	return jobs, nil
}

// within reports whether path is dir or lies under it, after resolving
// symbolic links in the part of each that exists.
func within(path, dir string) bool {
	rel, err := filepath.Rel(resolved(dir), resolved(path))
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
}

// resolved is path made absolute, with the symbolic links of its longest
// existing prefix resolved.
func resolved(path string) string {
	abs, err := filepath.Abs(path)
	if err != nil {
		return filepath.Clean(path)
	}
	rest := ""
	for dir := abs; ; dir = filepath.Dir(dir) {
		if real, err := filepath.EvalSymlinks(dir); err == nil {
			return filepath.Join(real, rest)
		}
		if dir == filepath.Dir(dir) {
			return abs
		}
		rest = filepath.Join(filepath.Base(dir), rest)
	}
}

// sameFile reports whether a and b name the same existing file, or the
// same path.
func sameFile(a, b string) bool {
	ia, errA := os.Stat(a)
	ib, errB := os.Stat(b)
	if errA == nil && errB == nil {
		return os.SameFile(ia, ib)
	}
	return resolved(a) == resolved(b)
}

// result is what became of one job.
type result struct {
	job
	err    error // the diagnostic of a failed job
	counts opCounts
	times  phaseTimes
	kept   bool // the job failed, and an earlier output (not the input) was left as it was
}

// run takes one file through p: it parses, analyses and rewrites it and
// writes its output, which happens only once everything else succeeded:
// a failed job writes nothing and removes nothing.
func (p *pipeline) run(j job) (r result) {
	r.job = j
	defer func() {
		// A bug on one file must not lose the rest of the batch.
		if v := recover(); v != nil {
			r.err = fmt.Errorf("%s: error: internal error: %v", j.in, v)
		}
		if r.err != nil && j.out != "" && j.out != "-" {
			_, err := os.Stat(j.out)
			r.kept = err == nil && !sameFile(j.in, j.out)
		}
	}()
	if j.err != nil {
		r.err = j.err
		return r
	}
	var parsed parsedFile
	if j.ahead != nil {
		parsed = <-j.ahead
	} else {
		parsed = parseInput(j.in)
	}
	m := parsed.m
	r.err = parsed.err
	r.times[phaseParse] += parsed.took
	if r.err != nil {
		return r
	}
	var ahead *ir.Ahead
	var verified []byte // the output, printed beside --verify's check
	ps, stop := p.start(p.opts.Workers)
	ps.times = &r.times
	if p.analysisOnly {
		ahead, r.err = analyze(m, ps)
	} else {
		r.err = bufferize(m, j.in, ps)
		if r.err == nil && p.verify != nil {
			verified, r.err = p.printVerified(m, j.in, ps)
		}
	}
	stop()
	if r.err != nil {
		r.err = p.limitError(j.in, r.err)
		return r
	}
	// Counting reads the ops and printing their text (and the values'
	// names): they run beside each other.
	var counted sync.WaitGroup
	counted.Go(func() { r.counts = countOps(m) })
	r.err = r.times.timed(phasePrint, func() error {
		if j.out != "" && j.out != "-" {
			if err := os.MkdirAll(filepath.Dir(j.out), 0o755); err != nil {
				return fmt.Errorf("%s: error: cannot write output: %v", j.out, errors.Unwrap(err))
			}
		}
		write := func(w io.Writer) error {
			return ir.Print(w, m, ir.PrintOptions{Workers: p.opts.Workers, Named: p.analysisOnly, Ahead: ahead})
		}
		if verified != nil {
			write = func(w io.Writer) error {
				_, err := w.Write(verified)
				return err
			}
		}
		if err := writeOutput(j.out, write); err != nil {
			return fmt.Errorf("%s: error: cannot write output: %v", j.out, err)
		}
		return nil
	})
	counted.Wait()
	return r
}

// printVerified prints m, the bufferized module of file, beside the
// check of --verify, which would otherwise wait for it, and returns the
// text if the check passes; if not, the checker's findings are located in
// that text.
func (p *pipeline) printVerified(m *ir.Module, file string, ps pass) ([]byte, error) {
	var (
		text     bytes.Buffer
		printErr error
		printed  sync.WaitGroup
	)
	printed.Go(func() {
		printErr = ps.times.timed(phasePrint, func() error { return ir.Print(&text, m, ir.PrintOptions{Workers: p.opts.Workers}) })
	})
	err := ps.times.timed(phaseVerify, func() error {
		chk, err := p.verify()
		if err != nil {
			return err
		}
		return chk.verify(m, file, ps, func() ([]byte, error) {
			printed.Wait()
			return text.Bytes(), printErr
		})
	})
	printed.Wait()
	if err == nil {
		err = printErr
	}
	return text.Bytes(), err
}

// runJobs runs p on jobs with up to workers goroutines. rep hears of
// each job as it finishes, and gets each result to report in the order of
// jobs, as soon as it and all before it are done, so that logs of two runs
// compare line by line.
func runJobs(jobs []job, p *pipeline, workers int, rep *progress) []result {
	results := make([]result, len(jobs))
	todo, done := make(chan int), make(chan int)
	go func() {
		for i := range jobs {
			todo <- i
		}
		close(todo)
	}()
	var wg sync.WaitGroup
	for range min(workers, len(jobs)) {
		wg.Go(func() {
			for i := range todo {
				results[i] = p.run(jobs[i])
				done <- i
			}
		})
	}
	go func() {
		wg.Wait()
		close(done)
	}()
	var tick <-chan time.Time
	if rep.mode == progressBar {
		t := time.NewTicker(200 * time.Millisecond)
		defer t.Stop()
		tick = t.C
	}
	ready := make([]bool, len(jobs))
	next := 0
	for {
		select {
		case i, ok := <-done:
			if !ok {
				rep.clear()
				return results
			}
			ready[i] = true
			rep.finished(results[i])
			for ; next < len(jobs) && ready[next]; next++ {
				rep.report(results[next])
			}
		case <-tick:
		}
		rep.redraw()
	}
}
