package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"bufferlog/driver"
	"bufferlog/extract"
	"bufferlog/facts"
	"bufferlog/internal/workload"
	"bufferlog/ir"
	"bufferlog/rewrite"
	"bufferlog/solve"
)

// TestAnalyzeModuleStops: the module analysis, whose early phase runs
// ahead on other goroutines, returns the error of a part that exhausts
// the fact budget or of a context that ends, and stops every goroutine
// instead of waiting for parts nobody will analyze; on parts extracted
// first (driver.AnalyzeModule) and on parts extracted as the analysis
// takes them (analyzeModule).
func TestAnalyzeModuleStops(t *testing.T) {
	prog := analysisRules(t).prog
	text := workload.Module(3000, 100).Text
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	analyses := map[string]func(context.Context, *ir.Module, solve.Options) error{
		"extracted first": func(ctx context.Context, m *ir.Module, opt solve.Options) error {
			parts, _, err := extract.Functions(m, extract.Options{Workers: 2})
			if err != nil {
				t.Fatal(err)
			}
			_, err = driver.AnalyzeModule(ctx, driver.Analysis{Rules: driver.Rules{Program: prog, Limits: opt}, Policy: driver.OneShot(driver.BottomUp), Workers: 2}, parts)
			return err
		},
		"extracted as analyzed": func(ctx context.Context, m *ir.Module, opt solve.Options) error {
			opt.Workers = 2
			p := pipeline{rules: ruleSet{prog: prog}, opts: extract.Options{Workers: 2}, policy: driver.OneShot(driver.BottomUp)}
			_, err := analyzeModule(m, pass{pipeline: p, ctx: ctx, eval: opt}, nil)
			return err
		},
	}
	for _, tc := range []struct {
		name string
		ctx  context.Context
		opt  solve.Options
		want error // nil: the analysis succeeds
	}{
		{"whole", context.Background(), solve.Options{}, nil},
		// MaxFacts bounds each evaluation, and a function's analysis is
		// several: 100 is below what any of them derives here.
		{"budget", context.Background(), solve.Options{MaxFacts: 100}, solve.ErrBudget},
		{"cancelled", cancelled, solve.Options{}, context.Canceled},
	} {
		for how, analyze := range analyses {
			m, err := ir.Parse("module.mlir", text)
			if err != nil {
				t.Fatal(err)
			}
			goroutines := runtime.NumGoroutine()
			done := make(chan error, 1)
			go func() { done <- analyze(tc.ctx, m, tc.opt) }()
			select {
			case err := <-done:
				switch {
				case tc.want == nil && err != nil:
					t.Errorf("%s, %s: %v", tc.name, how, err)
				case tc.want != nil && !errors.Is(err, tc.want):
					t.Errorf("%s, %s: got %v, want an error wrapping %v", tc.name, how, err, tc.want)
				}
			case <-time.After(time.Minute):
				t.Fatalf("%s, %s: the analysis did not return within a minute", tc.name, how)
			}
			if n := goroutinesAfter(goroutines); n > goroutines {
				t.Errorf("%s, %s: %d goroutines left running, %d before", tc.name, how, n, goroutines)
			}
		}
	}
}

// goroutinesAfter returns the number of goroutines once it is at most
// before, or after a second: a goroutine that has just delivered its
// result may not have ended yet.
func goroutinesAfter(before int) int {
	n := runtime.NumGoroutine()
	for deadline := time.Now().Add(time.Second); n > before && time.Now().Before(deadline); n = runtime.NumGoroutine() {
		time.Sleep(time.Millisecond)
	}
	return n
}

// TestAnalyzeModuleAsExtracted checks that analyzing each part as it is
// extracted (analyzeModule) decides as analyzing parts extracted first
// does, and leaves the same facts in every part, row for row: on the
// one-shot test programs (calls, mutual recursion), many functions calling
// each other, a chain long enough to be evaluated whole, and random
// programs with calls; with one and two workers.
func TestAnalyzeModuleAsExtracted(t *testing.T) {
	prog := analysisRules(t).prog
	inputs := map[string][]byte{
		"module": workload.Module(3000, 100).Text,
		"chain":  workload.Chain(3500).Text,
	}
	for seed := range uint64(3) {
		inputs[fmt.Sprint("random", seed)] = []byte(workload.Random(seed, 40))
	}
	files, _ := filepath.Glob("../../testdata/oneshot/*.mlir")
	for _, file := range files {
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		inputs[filepath.Base(file)] = src
	}
	after := rewrite.PlanPredicates()
	for name, src := range inputs {
		for _, workers := range []int{1, 2} {
			opts, opt := extract.Options{Workers: workers}, solve.Options{Workers: workers}
			m, err := ir.Parse(name, src)
			if err != nil {
				t.Fatal(err)
			}
			want, _, err := extract.Functions(m, opts)
			if err != nil {
				t.Fatal(err)
			}
			wantDec, err := driver.AnalyzeModule(context.Background(), driver.Analysis{Rules: driver.Rules{Program: prog, Limits: opt}, Policy: driver.OneShot(driver.BottomUp), Workers: workers}, want, after...)
			if err != nil {
				t.Fatal(err)
			}
			p := pipeline{rules: ruleSet{prog: prog}, opts: opts, policy: driver.OneShot(driver.BottomUp)}
			a, err := analyzeModule(m, pass{pipeline: p, ctx: context.Background(), eval: opt}, nil, after...)
			got, dec := a.parts, a.dec
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(dec, wantDec) {
				t.Errorf("%s, %d workers: the decisions differ", name, workers)
			}
			if len(got) != len(want) {
				t.Fatalf("%s, %d workers: %d parts, want %d", name, workers, len(got), len(want))
			}
			for i := range want {
				if g, w := relationRows(got[i]), relationRows(want[i]); !slices.Equal(g, w) {
					t.Errorf("%s, %d workers: part %d differs:\n--- want\n%s\n--- got\n%s", name, workers, i, strings.Join(w, "\n"), strings.Join(g, "\n"))
				}
			}
		}
	}
}

// relationRows renders every row of every relation of db, in row order,
// its symbols as text.
func relationRows(db *facts.DB) []string {
	var out []string
	for _, r := range db.Relations() {
		for id := range uint32(r.Len()) {
			row := fmt.Sprintf("%s#%d", r.Name(), id)
			for _, v := range r.Row(id) {
				row += " " + db.Symbols().Format(v)
			}
			out = append(out, row)
		}
	}
	return out
}

// TestAnalyzeModuleExtractionError: when several functions fail to
// extract, analyzing parts as they are extracted gives the error of
// extract.Functions, the first function in module order, although the
// analysis reaches another first (@f5: @early calls @f29, which is
// analyzed last); an extraction error comes before an error of the
// analysis (an exhausted budget), as when every part is extracted
// first; and bufferize prints that diagnostic and no output.
func TestAnalyzeModuleExtractionError(t *testing.T) {
	prog := analysisRules(t).prog
	dir := t.TempDir()
	model := filepath.Join(dir, "model.mg")
	if err := os.WriteFile(model, []byte(`op_model_reads("my.op", 1).`), 0o644); err != nil {
		t.Fatal(err)
	}
	opts, err := extractOptions([]string{model})
	if err != nil {
		t.Fatal(err)
	}
	const bad = `"my.op"(%arg0) : (tensor<16xf32>) -> ()` + "\n"
	text := strings.Replace(string(workload.Module(3000, 100).Text), "module {\n", "module {\n"+
		"  func.func @early(%arg0: tensor<16xf32>) -> tensor<16xf32> {\n    "+bad+
		"    %0 = func.call @f29(%arg0, %arg0) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>\n"+
		"    return %0 : tensor<16xf32>\n  }\n", 1)
	f5 := "func.func @f5(%arg0: tensor<16xf32>, %arg1: tensor<16xf32>) -> tensor<16xf32> {\n"
	if !strings.Contains(text, f5) {
		t.Fatal("no @f5 in the module")
	}
	text = strings.Replace(text, f5, f5+"    "+bad, 1)
	const want = "early.mlir:4:5: error: the op-model of my.op names index 1, but the op has 1"
	m, err := ir.Parse("early.mlir", []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := extract.Functions(m, opts); err == nil || err.Error() != want {
		t.Fatalf("extract.Functions: error %v, want %s", err, want)
	}
	for _, workers := range []int{1, 2} {
		for _, opt := range []solve.Options{{Workers: workers}, {Workers: workers, MaxFacts: 100}} {
			goroutines := runtime.NumGoroutine()
			opts.Workers = workers
			p := pipeline{rules: ruleSet{prog: prog}, opts: opts, policy: driver.OneShot(driver.BottomUp)}
			a, err := analyzeModule(m, pass{pipeline: p, ctx: context.Background(), eval: opt}, nil)
			parts := a.parts
			if err == nil || err.Error() != want || parts != nil {
				t.Errorf("%d workers, budget %d: error %v, %d parts; want %s and none", workers, opt.MaxFacts, err, len(parts), want)
			}
			if n := goroutinesAfter(goroutines); n > goroutines {
				t.Errorf("%d workers, budget %d: %d goroutines left running, %d before", workers, opt.MaxFacts, n, goroutines)
			}
		}
	}
	input, out := filepath.Join(dir, "early.mlir"), filepath.Join(dir, "out.mlir")
	if err := os.WriteFile(input, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"--analysis-only"}, {}} {
		stdout, stderr, code := run(t, "", append([]string{"bufferize", "--op-model", model, input, "-o", out}, args...)...)
		if code == 0 || stdout != "" || stderr != strings.Replace(want, "early.mlir", input, 1)+"\n" {
			t.Errorf("bufferize %v: exit %d, stdout %q, stderr %q; want the diagnostic alone", args, code, stdout, stderr)
		}
		if _, err := os.Stat(out); !os.IsNotExist(err) {
			t.Errorf("bufferize %v wrote %s", args, out)
		}
	}
}
