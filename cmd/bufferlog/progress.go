package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"bufferlog/ir"
)

// progressMode is how a bufferize run reports on stderr as it goes.
type progressMode int

const (
	progressQuiet progressMode = iota // a single file: diagnostics only, as fmt does
	progressLines                     // a line per file: stderr is not a terminal
	progressBar                       // a bar redrawn in place on a terminal
)

// progressModeOf is the mode of a batch reporting to f: a bar when f is a
// terminal (a character device, which /dev/null also is, harmlessly),
// lines otherwise.
func progressModeOf(f *os.File) progressMode {
	if info, err := f.Stat(); err == nil && info.Mode()&os.ModeCharDevice != 0 {
		return progressBar
	}
	return progressLines
}

// progress reports a bufferize run on stderr: the diagnostics of each
// failed file, and the files done as mode says. Only the goroutine that
// collects the results calls it.
type progress struct {
	w            io.Writer
	mode         progressMode
	total        int
	done, failed int
	start        time.Time
}

func newProgress(w io.Writer, mode progressMode, total int) *progress {
	return &progress{w: w, mode: mode, total: total, start: time.Now()}
}

// finished counts a job that is done, for the bar.
func (p *progress) finished(r result) {
	p.done++
	if r.err != nil {
		p.failed++
	}
}

// report prints what became of a job: its diagnostics if it failed, and
// in line mode `ok IN -> OUT` or `FAILED IN`.
func (p *progress) report(r result) {
	if r.err != nil {
		p.clear()
		fmt.Fprint(p.w, formatDiagnostic(r.err))
	}
	if p.mode != progressLines {
		return
	}
	switch {
	case r.err == nil:
		fmt.Fprintf(p.w, "ok %s -> %s\n", r.in, r.out)
	case r.kept:
		fmt.Fprintf(p.w, "FAILED %s (%s, from an earlier run, left as it was)\n", r.in, r.out)
	default:
		fmt.Fprintf(p.w, "FAILED %s\n", r.in)
	}
}

// clear erases the bar, so that other text can take its line.
func (p *progress) clear() {
	if p.mode == progressBar {
		fmt.Fprint(p.w, "\r\033[K")
	}
}

// redraw draws the bar over its line:
// [#######.............] 70/200 files, 2 failed, 3.1s
func (p *progress) redraw() {
	if p.mode != progressBar {
		return
	}
	const width = 30
	filled := width * p.done / max(p.total, 1)
	fmt.Fprintf(p.w, "\r\033[K[%s%s] %d/%d files, %d failed, %.1fs",
		strings.Repeat("#", filled), strings.Repeat(".", width-filled),
		p.done, p.total, p.failed, time.Since(p.start).Seconds())
}

// opCounts are the figures of a bufferized module, counted on its ops.
// The JSON names are part of the --stats=json schema.
type opCounts struct {
	Allocs int64 `json:"allocs"` // memref.alloc
	Copies int64 `json:"copies"` // memref.copy
	// CopiedBytes sums the sizes of the copies whose type has a static
	// shape, each copy op once (a copy in a loop runs more often).
	CopiedBytes   int64 `json:"copied_bytes"`
	DynamicCopies int64 `json:"dynamic_copies"` // copies whose size is known only at run time
	Deallocs      int64 `json:"deallocs"`       // memref.dealloc
}

// countOps counts the allocations, copies and deallocations of m.
func countOps(m *ir.Module) opCounts {
	var c opCounts
	ir.Walk(m.Op, func(op *ir.Operation) bool {
		switch op.Name {
		case "memref.alloc":
			c.Allocs++
		case "memref.dealloc":
			c.Deallocs++
		case "memref.copy":
			c.Copies++
			if n, ok := ir.StaticBytes(op.Operands()[0].Type()); ok {
				c.CopiedBytes += n
			} else {
				c.DynamicCopies++
			}
		}
		return true
	})
	return c
}

func (c *opCounts) add(o opCounts) {
	c.Allocs += o.Allocs
	c.Copies += o.Copies
	c.CopiedBytes += o.CopiedBytes
	c.DynamicCopies += o.DynamicCopies
	c.Deallocs += o.Deallocs
}

// statsVersion is the version of the --stats=json schema: fields may be
// added without changing it, never renamed or removed.
const statsVersion = 1

// runSummary is the summary of a bufferize run, printed as text or, for
// --stats=json, as JSON.
type runSummary struct {
	Version int           `json:"version"`
	Files   int           `json:"files"`
	OK      int           `json:"ok"`
	Failed  int           `json:"failed"`
	Totals  opCounts      `json:"totals"`
	Seconds phaseSeconds  `json:"seconds"`
	Results []fileSummary `json:"results"` // in the order of the inputs

	times phaseTimes // summed over the files
}

// phaseSeconds are the phase times summed over the files, and the wall
// time of the run.
type phaseSeconds struct {
	Parse    float64 `json:"parse"`
	Analysis float64 `json:"analysis"`
	Rewrite  float64 `json:"rewrite"`
	Dealloc  float64 `json:"dealloc"`
	Verify   float64 `json:"verify,omitempty"` // with --verify only
	Print    float64 `json:"print"`
	Wall     float64 `json:"wall"`
}

type fileSummary struct {
	Input  string   `json:"input"`
	Output string   `json:"output,omitempty"` // absent when the file failed
	Error  string   `json:"error,omitempty"`  // the diagnostic of a failed file
	Counts opCounts `json:"counts"`
}

// summarize sums up results of a run that took wall.
func summarize(results []result, wall time.Duration) *runSummary {
	s := &runSummary{Version: statsVersion, Files: len(results), Results: []fileSummary{}}
	for _, r := range results {
		f := fileSummary{Input: r.in, Counts: r.counts}
		if r.err != nil {
			s.Failed++
			f.Error = strings.TrimSuffix(formatDiagnostic(r.err), "\n")
		} else {
			s.OK++
			f.Output = r.out
			if f.Output == "" {
				f.Output = "-"
			}
		}
		s.Totals.add(r.counts)
		for p, d := range r.times {
			s.times[p] += d
		}
		s.Results = append(s.Results, f)
	}
	t := &s.times
	s.Seconds = phaseSeconds{
		Parse: t[phaseParse].Seconds(), Analysis: t[phaseAnalysis].Seconds(),
		Rewrite: t[phaseRewrite].Seconds(), Dealloc: t[phaseDealloc].Seconds(),
		Verify: t[phaseVerify].Seconds(), Print: t[phasePrint].Seconds(), Wall: wall.Seconds(),
	}
	return s
}

// writeText writes the summary for people; with phases, the time of each
// phase too.
//
//	bufferize: 190 ok, 10 failed
//	outputs: 812 memref.alloc, 245 memref.copy (61440 bytes static, 5 dynamic), 790 memref.dealloc
//	time: parse 0.21s, analysis 4.10s, ... (summed over files); wall 3.41s
func (s *runSummary) writeText(w io.Writer, phases bool) error {
	t := s.Totals
	text := fmt.Sprintf("bufferize: %d ok, %d failed\n"+
		"outputs: %d memref.alloc, %d memref.copy (%d bytes static, %d dynamic), %d memref.dealloc\n",
		s.OK, s.Failed, t.Allocs, t.Copies, t.CopiedBytes, t.DynamicCopies, t.Deallocs)
	if phases {
		var parts []string
		for p, name := range phaseNames {
			if phase(p) != phaseVerify || s.times[p] > 0 { // with --verify only
				parts = append(parts, fmt.Sprintf("%s %.2fs", name, s.times[p].Seconds()))
			}
		}
		text += fmt.Sprintf("time: %s (summed over files); wall %.2fs\n", strings.Join(parts, ", "), s.Seconds.Wall)
	}
	_, err := io.WriteString(w, text)
	return err
}

func (s *runSummary) writeJSON(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(s)
}

// statsMode is the value of --stats: "" (off), "text" (a bare --stats) or
// "json". It is a boolean flag to the flag package, so that --stats takes
// no argument and --stats=json still parses.
type statsMode string

func (s *statsMode) Set(v string) error {
	switch v {
	case "true", "text":
		*s = "text"
	case "json":
		*s = "json"
	case "false":
		*s = ""
	default:
		return fmt.Errorf("want text or json, not %q", v)
	}
	return nil
}

func (s *statsMode) String() string   { return string(*s) }
func (s *statsMode) IsBoolFlag() bool { return true }
