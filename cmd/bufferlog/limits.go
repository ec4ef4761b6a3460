package main

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/urfave/cli/v2"

	"bufferlog/driver"
	"bufferlog/solve"
)

// defaultTimeout is --timeout's default: far above the minute or so that
// the largest inputs bufferlog is measured on take, and still a bound on
// rules that never stop without growing (a join that takes forever).
const defaultTimeout = 10 * time.Minute

// The flags that bound the evaluation of the rules, on every command that
// evaluates them, so that rules that never stop end in a diagnostic, not
// in a full memory.
var limitFlags = []cli.Flag{
	&cli.DurationFlag{Name: "timeout", Value: defaultTimeout,
		Usage: "fail an input whose evaluations of the rules take longer than `DURATION` in all (0: no limit)"},
	&cli.IntFlag{Name: "max-facts",
		Usage: fmt.Sprintf("fail an evaluation of the rules that derives more than `N` facts; 0: %d per fact it starts from "+
			"(those extracted from the input and those earlier evaluations gave it), and at least %d",
			solve.BudgetPerFact, solve.BudgetFloor)},
}

// limits are the bounds that --timeout and --max-facts set.
type limits struct {
	timeout  time.Duration
	maxFacts int
}

// limitsOf reads the limit flags; a negative one is a usage error.
func limitsOf(c *cli.Context) (limits, error) {
	l := limits{timeout: c.Duration("timeout"), maxFacts: c.Int("max-facts")}
	switch {
	case l.timeout < 0:
		return l, cli.Exit(fmt.Sprintf("bufferlog %s: --timeout %v: want a duration of 0 or more", c.Command.Name, l.timeout), 2)
	case l.maxFacts < 0:
		return l, cli.Exit(fmt.Sprintf("bufferlog %s: --max-facts %d: want 0 or more", c.Command.Name, l.maxFacts), 2)
	}
	return l, nil
}

// rulesRun is a compiled rule set as one input evaluates it: every
// evaluation of the input's analysis, deallocation and queries shares
// ctx, whose deadline is the input's timeout, and has opt's budget and
// workers.
type rulesRun struct {
	prog *solve.Program
	ctx  context.Context
	opt  solve.Options
}

// rules are the run's rules and bounds, as the driver takes them.
func (r rulesRun) rules() driver.Rules { return driver.Rules{Program: r.prog, Limits: r.opt} }

// start begins the evaluations of prog on one input, on workers
// goroutines; stop them with the returned function once the input is
// done.
func (l limits) start(prog *solve.Program, workers int) (rulesRun, context.CancelFunc) {
	ctx, cancel := context.Background(), context.CancelFunc(func() {})
	if l.timeout > 0 {
		ctx, cancel = context.WithTimeout(ctx, l.timeout)
	}
	return rulesRun{prog: prog, ctx: ctx, opt: solve.Options{MaxFacts: l.maxFacts, Workers: workers}}, cancel
}

// explain turns an evaluation of the input file stopped by the limits
// into its diagnostic, FILE: error: evaluation exceeded ...; any other
// error is returned as it is.
func (l limits) explain(file string, err error) error {
	var le *solve.LimitError
	switch {
	case errors.Is(err, solve.ErrBudget) && errors.As(err, &le):
		return fmt.Errorf("%s: error: %v", file, le)
	case errors.Is(err, context.DeadlineExceeded):
		culprit := ""
		if errors.As(err, &le) {
			culprit = le.Culprit()
		}
		return fmt.Errorf("%s: error: evaluation exceeded the timeout of %v%s", file, l.timeout, culprit)
	}
	return err
}
