package main

import (
	"bytes"
	"fmt"
	"io"
	"os"

	"github.com/urfave/cli/v2"

	"bufferlog/internal/explain"
	htmlreport "bufferlog/internal/report"
	"bufferlog/ir"
	"bufferlog/rules"
)

func reportCommand() *cli.Command {
	return &cli.Command{
		Name:      "report",
		Usage:     "write one HTML page showing every decision of the bufferization, with its explanation",
		ArgsUsage: "FILE",
		Description: "Bufferizes FILE as explain does and writes a self-contained HTML page: the tensor\n" +
			"IR and the memref IR side by side, every copy, allocation, clone, deallocation and\n" +
			"kept buffer highlighted where it happens; clicking one opens its explanation (the\n" +
			"derivation tree explain prints). The graph of buffers of one function (bufferlog\n" +
			"graph; --func, default the first function with a copy or an allocation) is included\n" +
			"when Graphviz's dot is installed.",
		Flags: append([]cli.Flag{
			&cli.StringFlag{Name: "o", Usage: "write the page to `FILE` (required)"},
			&cli.StringFlag{Name: "func", Usage: "the function whose graph the page shows"},
			policyFlag, copyBeforeWriteFlag, heuristicFlag, layoutFlag, alignmentFlag, stackFlag, optimizeFlag, outParamsFlag, allowUnknownOpsFlag, encodingSpaceFlag,
			rulesFlag,
			opModelFlag,
		}, limitFlags...),
		Action: func(c *cli.Context) error {
			if c.NArg() != 1 {
				return cli.Exit("bufferlog report: want one input file", 2)
			}
			if c.String("o") == "" {
				return cli.Exit("bufferlog report: want -o FILE.html", 2)
			}
			p, err := newPipeline(c, rules.Analysis())
			if err != nil {
				return err
			}
			file := c.Args().First()
			ps, stop := p.start(p.opts.Workers)
			defer stop()
			a, err := explainAnalysis(ps, file)
			if err != nil {
				return report(p.limitError(file, err))
			}
			// The graph is drawn from the analysis's facts, on the tensor
			// IR, before explainBufferized rewrites it.
			graph, err := reportGraph(a, file, c.String("func"))
			if err != nil {
				return report(err)
			}
			e, memref, err := a.explainBufferized(ps, file, "")
			if err != nil {
				return report(p.limitError(file, err))
			}
			page := htmlreport.Page{Input: string(a.source), Bufferized: string(memref), Explanation: e, GraphSVG: graph}
			if err := writeOutput(c.String("o"), func(w io.Writer) error { return htmlreport.Render(w, page) }); err != nil {
				return cli.Exit(err.Error(), 1)
			}
			return nil
		},
	}
}

// reportGraph draws, as SVG, the graph of the function named fnName, or
// of the first function of file holding one of the tensor decisions (a
// copy or an allocation), or of the first function, from the facts of the
// analysis a (which keeps every predicate, those of the graph among them).
// Without Graphviz's dot the page has no graph: a warning, not an error,
// since the rest of the page is what a reader needs.
func reportGraph(a *tensorAnalysis, file, fnName string) ([]byte, error) {
	fn, err := reportFunc(a.m, file, fnName, a.out.Decisions)
	if err != nil || fn == nil {
		return nil, err
	}
	var dot bytes.Buffer
	if err := writeGraph(&dot, a.m, a.parts, a.names, fn); err != nil {
		return nil, err
	}
	svg, err := renderSVG(dot.Bytes())
	if err != nil {
		fmt.Fprintf(os.Stderr, "bufferlog report: warning: no graph in the page: %v\n", err)
		return nil, nil
	}
	return svg, nil
}

// reportFunc picks the function reportGraph draws.
func reportFunc(m *ir.Module, file, name string, decisions []explain.Decision) (*ir.Operation, error) {
	if name != "" {
		return findFunc(m, file, name)
	}
	funcs := m.Funcs()
	for _, fn := range funcs {
		first, _ := m.Position(fn.Pos)
		last := first
		ir.Walk(fn, func(op *ir.Operation) bool {
			line, _ := m.Position(op.Pos)
			last = max(last, line)
			return true
		})
		for _, d := range decisions {
			if (d.Kind == "copy" || d.Kind == "alloc") && d.At.File == file && d.At.Line >= first && d.At.Line <= last {
				return fn, nil
			}
		}
	}
	if len(funcs) == 0 {
		return nil, nil
	}
	return funcs[0], nil
}
