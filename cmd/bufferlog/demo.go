package main

import (
	_ "embed"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/urfave/cli/v2"

	"bufferlog/ir"
	"bufferlog/rules"
)

//go:embed example/demo.mlir
var demoProgram []byte

func demoCommand() *cli.Command {
	return &cli.Command{
		Name:  "demo",
		Usage: "bufferize an example built into bufferlog and say why each copy, allocation and deallocation is there",
		Description: "Prints the example tensor program, its bufferized form (bufferlog bufferize with the\n" +
			"default options) and one line per decision (bufferlog explain, without the derivation\n" +
			"trees). --write FILE saves the example, to try the other commands on it.",
		Flags: append([]cli.Flag{
			&cli.StringFlag{Name: "write", Usage: "write the example to `FILE` and stop"},
		}, limitFlags...),
		Action: func(c *cli.Context) error {
			if c.NArg() != 0 {
				return cli.Exit("bufferlog demo: takes no arguments", 2)
			}
			// Every flag of the pipeline at bufferize's default, but the
			// limits.
			p, err := newPipeline(c, rules.Analysis())
			if err != nil {
				return err
			}
			if path := c.String("write"); path != "" {
				if err := os.WriteFile(path, demoProgram, 0o644); err != nil {
					return cli.Exit("bufferlog demo: "+err.Error(), 1)
				}
				return nil
			}
			dir, err := os.MkdirTemp("", "bufferlog-demo-")
			if err != nil {
				return cli.Exit("bufferlog demo: "+err.Error(), 1)
			}
			defer os.RemoveAll(dir)
			file := filepath.Join(dir, "demo.mlir")
			if err := os.WriteFile(file, demoProgram, 0o644); err != nil {
				return cli.Exit("bufferlog demo: "+err.Error(), 1)
			}
			m, err := loadFile(file, true)
			if err != nil {
				return report(err)
			}
			ps, stop := p.start(p.opts.Workers)
			defer stop()
			if err := bufferize(m, file, ps); err != nil {
				return report(p.limitError("demo.mlir", err))
			}
			var memref strings.Builder
			if err := ir.Print(&memref, m, ir.PrintOptions{}); err != nil {
				return cli.Exit(err.Error(), 1)
			}
			e, _, err := explainFile(ps, file, "")
			if err != nil {
				return report(p.limitError("demo.mlir", err))
			}
			var b strings.Builder
			fmt.Fprintf(&b, "==> demo.mlir, the example (bufferlog demo --write demo.mlir saves it)\n%s\n", demoProgram)
			fmt.Fprintf(&b, "==> bufferlog bufferize demo.mlir\n%s\n", memref.String())
			fmt.Fprintf(&b, "==> bufferlog explain demo.mlir -o demo.memref.mlir: the first line of each decision, without\n"+
				"    its derivation tree; demo.memref.mlir is the memref IR before deallocation\n")
			for _, d := range e.Decisions {
				fmt.Fprintf(&b, "%s:%d:%d: %s: %s\n", d.At.File, d.At.Line, d.At.Col, d.Kind, d.Summary)
			}
			// The example was bufferized under a temporary directory: name
			// it as the user would, after --write.
			_, err = os.Stdout.WriteString(strings.ReplaceAll(b.String(), dir+string(filepath.Separator), ""))
			if err != nil {
				return cli.Exit(err.Error(), 1)
			}
			return nil
		},
	}
}
