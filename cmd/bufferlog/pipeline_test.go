package main

import (
	"errors"
	"runtime"
	"slices"
	"testing"
	"time"

	"github.com/urfave/cli/v2"

	"bufferlog/rewrite"
	"bufferlog/rules"
)

// analysisRules compiles the built-in rules of the bufferization.
func analysisRules(tb testing.TB) ruleSet {
	tb.Helper()
	rs, err := compileRules(rules.Analysis(), nil)
	if err != nil {
		tb.Fatal(err)
	}
	return rs
}

// pipelineOf builds the pipeline of cmd's flags given args, as cmd's
// action does, without running the action.
func pipelineOf(cmd *cli.Command, args ...string) (p *pipeline, err error) {
	cmd.Action = func(c *cli.Context) error {
		p, err = newPipeline(c, rules.Analysis())
		return nil
	}
	app := &cli.App{Name: "bufferlog", Commands: []*cli.Command{cmd}, DisableSliceFlagSeparator: true}
	if runErr := app.Run(append([]string{"bufferlog", cmd.Name}, args...)); runErr != nil {
		return nil, runErr
	}
	return p, err
}

// commandPipeline is the pipeline of cmd with args, which must build.
func commandPipeline(t *testing.T, cmd *cli.Command, args ...string) *pipeline {
	t.Helper()
	p, err := pipelineOf(cmd, args...)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// TestNewPipeline checks what newPipeline reads from the flags of each
// command that takes them: bufferize's defaults, those of a command that
// lacks the flags (which must be bufferize's), each flag's effect, and
// each bad value's usage error.
func TestNewPipeline(t *testing.T) {
	defaults := func(p *pipeline) {
		p.label = "the oneshot policy, bottom-up order"
		p.ropt = rewrite.Options{Layout: rewrite.InferLayout, Alignment: defaultAlignment, MaxStackBytes: defaultMaxStackBytes}
		p.dealloc = staticDealloc
		p.timeout = defaultTimeout
		p.optimize = bufferOptimizations
	}
	for _, tt := range []struct {
		name string
		cmd  func() *cli.Command
		args []string
		want func(*pipeline) // changes bufferize's defaults into the pipeline wanted
		err  string          // the usage error wanted instead
	}{
		{name: "bufferize defaults", cmd: bufferizeCommand},
		{name: "explain defaults", cmd: explainCommand},
		{name: "report defaults", cmd: reportCommand},
		{name: "graph lacks the rewrite's flags", cmd: graphCommand},
		{name: "diff-rules lacks --copy-before-write", cmd: diffRulesCommand},
		{name: "query lacks the policy's flags", cmd: queryCommand},
		{name: "check", cmd: checkCommand},
		{name: "demo has the limits only", cmd: demoCommand, args: []string{"--timeout", "1m", "--max-facts", "7"},
			want: func(p *pipeline) { p.timeout, p.maxFacts = time.Minute, 7 }},
		{name: "mincopy", cmd: explainCommand, args: []string{"--policy", "mincopy"},
			want: func(p *pipeline) { p.label = "the mincopy policy" }},
		{name: "top-down", cmd: graphCommand, args: []string{"--heuristic", "top-down"},
			want: func(p *pipeline) { p.label = "the oneshot policy, top-down order" }},
		{name: "copy-before-write over --policy", cmd: reportCommand, args: []string{"--policy", "mincopy", "--copy-before-write"},
			want: func(p *pipeline) { p.label = "the copy-before-write policy" }},
		{name: "rewrite", cmd: bufferizeCommand,
			args: []string{"--function-boundary-type-conversion", "identity-layout-map", "--buffer-alignment", "0", "--max-stack-bytes", "0", "--allow-unknown-ops", "--dealloc", "none"},
			want: func(p *pipeline) {
				p.ropt = rewrite.Options{Layout: rewrite.IdentityLayout, AllowUnknownOps: true}
				p.dealloc = noDealloc
			}},
		{name: "explain keeps unknown ops", cmd: explainCommand, args: []string{"--allow-unknown-ops"},
			want: func(p *pipeline) { p.ropt.AllowUnknownOps = true }},
		{name: "analysis only", cmd: bufferizeCommand, args: []string{"--analysis-only", "--print-conflicts", "--timeout", "0"},
			want: func(p *pipeline) { p.analysisOnly, p.printConflicts, p.timeout = true, true, 0 }},
		{name: "bad policy", cmd: explainCommand, args: []string{"--policy", "fast"},
			err: `bufferlog explain: unknown policy "fast" (oneshot, mincopy or copy-before-write)`},
		{name: "bad heuristic", cmd: diffRulesCommand, args: []string{"--heuristic", "sideways"},
			err: `bufferlog diff-rules: unknown heuristic "sideways" (bottom-up or top-down)`},
		{name: "bad layout", cmd: reportCommand, args: []string{"--function-boundary-type-conversion", "none"},
			err: `bufferlog report: unknown function boundary layout "none" (infer-layout-map, identity-layout-map or fully-dynamic-layout-map)`},
		{name: "bad alignment", cmd: bufferizeCommand, args: []string{"--buffer-alignment", "48"},
			err: `bufferlog bufferize: --buffer-alignment 48: want 0 or a power of two`},
		{name: "negative stack", cmd: explainCommand, args: []string{"--max-stack-bytes", "-1"},
			err: `bufferlog explain: --max-stack-bytes -1: want 0 or more`},
		{name: "no optimizations", cmd: bufferizeCommand, args: []string{"--optimize", "none"},
			want: func(p *pipeline) { p.optimize = nil }},
		{name: "some optimizations", cmd: explainCommand, args: []string{"--optimize", "move, stack,move"},
			want: func(p *pipeline) { p.optimize = []string{"move", "stack"} }},
		{name: "out-params of all functions", cmd: bufferizeCommand, args: []string{"--optimize", "stack", "--results-to-out-params", "all"},
			want: func(p *pipeline) { p.optimize = []string{"stack", "out_params", "out_params_public"} }},
		{name: "bad out-params", cmd: explainCommand, args: []string{"--results-to-out-params", "public"},
			err: `bufferlog explain: unknown --results-to-out-params "public" (none, private or all)`},
		{name: "bad optimization", cmd: reportCommand, args: []string{"--optimize", "hoist,inline"},
			err: `bufferlog report: --optimize "hoist,inline": unknown optimization "inline" (want a list of empty, hoist, stack, move, reuse; all; or none)`},
		{name: "bad dealloc", cmd: bufferizeCommand, args: []string{"--dealloc", "dynamic"},
			err: `bufferlog bufferize: unknown --dealloc "dynamic" (static or none)`},
		{name: "verify without frees", cmd: bufferizeCommand, args: []string{"--verify", "--dealloc", "none"},
			err: `bufferlog bufferize: --verify checks memref IR with its frees: not with --analysis-only or --dealloc=none`},
		{name: "negative timeout", cmd: queryCommand, args: []string{"--timeout", "-1s"},
			err: `bufferlog query: --timeout -1s: want a duration of 0 or more`},
		{name: "negative max-facts", cmd: graphCommand, args: []string{"--max-facts", "-5"},
			err: `bufferlog graph: --max-facts -5: want 0 or more`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			p, err := pipelineOf(tt.cmd(), tt.args...)
			if tt.err != "" {
				var exit cli.ExitCoder
				if !errors.As(err, &exit) || exit.ExitCode() != 2 || err.Error() != tt.err {
					t.Errorf("error %v, want exit status 2 and %q", err, tt.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			var want pipeline
			defaults(&want)
			if tt.want != nil {
				tt.want(&want)
			}
			if p.label != want.label || p.ropt != want.ropt || p.dealloc != want.dealloc || p.timeout != want.timeout || p.maxFacts != want.maxFacts ||
				p.analysisOnly != want.analysisOnly || p.printConflicts != want.printConflicts || !slices.Equal(p.optimize, want.optimize) {
				t.Errorf("got policy %q, rewrite %+v, dealloc %v, timeout %v, max facts %d, analysis only %v, print conflicts %v, optimize %q\n"+
					"want policy %q, rewrite %+v, dealloc %v, timeout %v, max facts %d, analysis only %v, print conflicts %v, optimize %q",
					p.label, p.ropt, p.dealloc, p.timeout, p.maxFacts, p.analysisOnly, p.printConflicts, p.optimize,
					want.label, want.ropt, want.dealloc, want.timeout, want.maxFacts, want.analysisOnly, want.printConflicts, want.optimize)
			}
			if p.policy == nil || p.rules.prog == nil || p.verify != nil || p.opts.Workers != runtime.GOMAXPROCS(0) || p.opts.OpModel != nil {
				t.Errorf("policy %v, program %v, checker %v, extraction %+v", p.policy, p.rules.prog, p.verify != nil, p.opts)
			}
		})
	}
	if p := commandPipeline(t, bufferizeCommand(), "--verify"); p.verify == nil {
		t.Error("--verify: no checker")
	} else if chk, err := p.verify(); chk == nil || err != nil {
		t.Errorf("--verify: checker %v, error %v", chk, err)
	}
}
