package main

import (
	"bytes"
	"cmp"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"slices"
	"strconv"
	"strings"

	"github.com/urfave/cli/v2"

	"bufferlog/extract"
	"bufferlog/facts"
	"bufferlog/ir"
	"bufferlog/rules"
	"bufferlog/rules/contract"
)

func graphCommand() *cli.Command {
	return &cli.Command{
		Name:      "graph",
		Usage:     "draw the buffers of one function under the in-place decisions, as Graphviz DOT or SVG",
		ArgsUsage: "FILE",
		Description: "Runs the in-place analysis (as bufferize --analysis-only does) and draws function\n" +
			"--func: its tensor values (name, type, line), inside clusters of one buffer\n" +
			"(buffer_class in decisions.mg) nested in clusters of one alias set (alias_set);\n" +
			"bold edges where an op writes an operand's buffer in place, dotted edges where an\n" +
			"in-place operand only aliases a result; a copy (or bare allocation) box for each\n" +
			"out-of-place operand (copy_contents says which), with what sent it there; red edges\n" +
			"for the read-after-write conflicts behind those copies (blocked_by_conflict), from\n" +
			"the write to the read; grey read-only values (read_only_value). Everything drawn is\n" +
			"a derived fact. With -o FILE.svg or --format svg, Graphviz's dot renders it.",
		Flags: append([]cli.Flag{
			&cli.StringFlag{Name: "func", Usage: "the function to draw, with or without @ (required)"},
			&cli.StringFlag{Name: "format", Usage: "dot or svg (default: svg if -o ends in .svg, else dot)"},
			policyFlag, copyBeforeWriteFlag, heuristicFlag,
			rulesFlag,
			opModelFlag,
			&cli.StringFlag{Name: "o", Usage: "write the output to `FILE` instead of stdout"},
		}, limitFlags...),
		Action: func(c *cli.Context) error {
			if c.NArg() != 1 {
				return cli.Exit("bufferlog graph: want one input file", 2)
			}
			if c.String("func") == "" {
				return cli.Exit("bufferlog graph: want --func NAME, the function to draw", 2)
			}
			format := c.String("format")
			if format == "" {
				format = "dot"
				if strings.HasSuffix(c.String("o"), ".svg") {
					format = "svg"
				}
			}
			if format != "dot" && format != "svg" {
				return cli.Exit(fmt.Sprintf("bufferlog graph: unknown --format %q (dot or svg)", format), 2)
			}
			p, err := newPipeline(c, rules.Analysis())
			if err != nil {
				return err
			}
			file := c.Args().First()
			m, err := loadFile(file, true)
			if err != nil {
				return report(err)
			}
			fn, err := findFunc(m, file, c.String("func"))
			if err != nil {
				return report(err)
			}
			ps, stop := p.start(p.opts.Workers)
			defer stop()
			a, err := decide(m, ps, nil, graphPredicates...)
			if err != nil {
				return report(p.limitError(file, err))
			}
			var dot bytes.Buffer
			if err := writeGraph(&dot, m, a.parts, a.names, fn); err != nil {
				return report(err)
			}
			out := dot.Bytes()
			if format == "svg" {
				if out, err = renderSVG(out); err != nil {
					return cli.Exit("bufferlog graph: "+err.Error(), 1)
				}
			}
			if err := writeOutput(c.String("o"), func(w io.Writer) error { _, err := w.Write(out); return err }); err != nil {
				return cli.Exit(err.Error(), 1)
			}
			return nil
		},
	}
}

// graphPredicates are the derived facts the graph is drawn from, kept
// after the decisions besides those decide keeps.
var graphPredicates = contract.Names(contract.TensorValue, contract.TensorUse, contract.OperandAlias, contract.OperandWrites,
	contract.ReadOnlyValue, contract.AliasSet, contract.BufferClass, contract.CopyContents)

// findFunc returns the func.func named name (@ optional) in m, or an
// error listing the functions there are.
func findFunc(m *ir.Module, file, name string) (*ir.Operation, error) {
	name = strings.TrimPrefix(name, "@")
	var all []string
	for _, fn := range m.Funcs() {
		if ir.SymbolName(fn) == name {
			return fn, nil
		}
		all = append(all, "@"+ir.SymbolName(fn))
	}
	if len(all) == 0 {
		return nil, fmt.Errorf("%s: error: no function @%s: the file has no functions", file, name)
	}
	return nil, fmt.Errorf("%s: error: no function @%s; the functions are %s", file, name, strings.Join(all, ", "))
}

// renderSVG runs Graphviz's dot on a DOT graph.
func renderSVG(dot []byte) ([]byte, error) {
	path, err := exec.LookPath("dot")
	if err != nil {
		return nil, errors.New("SVG output needs Graphviz's dot, which is not on PATH (apt-get install graphviz), or use --format dot")
	}
	cmd := exec.Command(path, "-Tsvg")
	cmd.Stdin = bytes.NewReader(dot)
	var out, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &stderr
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("dot -Tsvg: %v: %s", err, strings.TrimSpace(stderr.String()))
	}
	return out.Bytes(), nil
}

// operand is tensor operand I of Op.
type operand struct{ op, index int64 }

// conflict is one blocked_by_conflict fact: operand blocked went out of
// place because the write would clobber def before the read.
type conflict struct {
	blocked, read, write operand
	def                  int64
}

// bufferGraph is what the facts of one function say about its buffers.
type bufferGraph struct {
	values    []int64           // tensor_value, sorted
	class     map[int64]int64   // buffer_class
	aliasSet  map[int64]int64   // alias_set
	readOnly  map[int64]bool    // read_only_value
	uses      map[operand]int64 // tensor_use
	aliases   map[operand][]int64
	writes    map[operand]bool // operand_writes
	inplace   map[operand]bool
	outOfPl   map[operand]bool
	copies    map[operand]bool // copy_contents
	conflicts []conflict
	readOnlyB map[operand]int64   // blocked_by_read_only
	parallel  map[operand]operand // blocked_by_parallel_write
}

// readGraph collects the facts of the part of m that holds function fn.
func readGraph(parts []*facts.DB, names *extract.Names, fn *ir.Operation) (*bufferGraph, error) {
	id, _ := names.OpID(fn)
	var db *facts.DB
	for _, p := range parts {
		if r := contract.Lookup(p, facts.Func); r != nil {
			for row := range uint32(r.Len()) {
				if r.At(row, 0).Int() == int64(id) {
					db = p
				}
			}
		}
	}
	if db == nil {
		return nil, fmt.Errorf("internal error: no facts of function @%s", ir.SymbolName(fn))
	}
	g := &bufferGraph{
		class: map[int64]int64{}, aliasSet: map[int64]int64{}, readOnly: map[int64]bool{},
		uses: map[operand]int64{}, aliases: map[operand][]int64{}, writes: map[operand]bool{},
		inplace: map[operand]bool{}, outOfPl: map[operand]bool{}, copies: map[operand]bool{},
		readOnlyB: map[operand]int64{}, parallel: map[operand]operand{},
	}
	rows := func(pred contract.Pred, each func(row []int64)) {
		r := pred.Lookup(db)
		if r == nil {
			return
		}
		ints := make([]int64, pred.Arity())
		for id := range uint32(r.Len()) {
			for i, v := range r.Row(id) {
				ints[i] = v.Int()
			}
			each(ints)
		}
	}
	rows(contract.TensorValue, func(r []int64) { g.values = append(g.values, r[0]) })
	rows(contract.BufferClass, func(r []int64) { g.class[r[0]] = r[1] })
	rows(contract.AliasSet, func(r []int64) { g.aliasSet[r[0]] = r[1] })
	rows(contract.ReadOnlyValue, func(r []int64) { g.readOnly[r[0]] = true })
	rows(contract.TensorUse, func(r []int64) { g.uses[operand{r[0], r[1]}] = r[2] })
	rows(contract.OperandAlias, func(r []int64) {
		o := operand{r[0], r[1]}
		g.aliases[o] = append(g.aliases[o], r[2])
	})
	rows(contract.OperandWrites, func(r []int64) { g.writes[operand{r[0], r[1]}] = true })
	rows(contract.Inplace, func(r []int64) { g.inplace[operand{r[0], r[1]}] = true })
	rows(contract.OutOfPlace, func(r []int64) { g.outOfPl[operand{r[0], r[1]}] = true })
	rows(contract.CopyContents, func(r []int64) { g.copies[operand{r[0], r[1]}] = true })
	rows(contract.BlockedByConflict, func(r []int64) {
		g.conflicts = append(g.conflicts, conflict{operand{r[0], r[1]}, operand{r[2], r[3]}, operand{r[4], r[5]}, r[6]})
	})
	rows(contract.BlockedByReadOnly, func(r []int64) { g.readOnlyB[operand{r[0], r[1]}] = r[2] })
	rows(contract.BlockedByParallelWrite, func(r []int64) { g.parallel[operand{r[0], r[1]}] = operand{r[2], r[3]} })
	slices.Sort(g.values)
	for _, a := range g.aliases {
		slices.Sort(a)
	}
	slices.SortFunc(g.conflicts, func(a, b conflict) int {
		return cmp.Or(compareOperands(a.blocked, b.blocked), compareOperands(a.read, b.read),
			compareOperands(a.write, b.write), cmp.Compare(a.def, b.def))
	})
	return g, nil
}

func compareOperands(a, b operand) int {
	return cmp.Or(cmp.Compare(a.op, b.op), cmp.Compare(a.index, b.index))
}

// sortedOperands returns the keys of set in op and index order.
func sortedOperands(set map[operand]bool) []operand {
	var ops []operand
	for o := range set {
		ops = append(ops, o)
	}
	slices.SortFunc(ops, compareOperands)
	return ops
}

// writeGraph writes the DOT graph of function fn's buffers.
func writeGraph(w io.Writer, m *ir.Module, parts []*facts.DB, names *extract.Names, fn *ir.Operation) error {
	g, err := readGraph(parts, names, fn)
	if err != nil {
		return err
	}
	d := &dotWriter{m: m, names: names}
	d.printf("digraph %s {\n", quote("@"+ir.SymbolName(fn)))
	d.printf("  graph [fontname=\"monospace\", fontsize=11, labelloc=t, label=%s];\n",
		quote("@"+ir.SymbolName(fn)+": solid clusters are one buffer (buffer_class), dashed ones one alias set (alias_set)"))
	d.printf("  node [shape=box, style=rounded, fontname=\"monospace\", fontsize=10];\n")
	d.printf("  edge [fontname=\"monospace\", fontsize=9];\n")
	d.clusters(g)
	for _, o := range sortedOperands(g.inplace) {
		v := g.uses[o]
		for _, r := range g.aliases[o] {
			if g.writes[o] {
				d.printf("  v%d -> v%d [penwidth=2, label=%s];\n", v, r, quote(d.opRef(o)+" in place"))
			} else {
				d.printf("  v%d -> v%d [style=dotted, label=%s];\n", v, r, quote(d.opRef(o)+" alias"))
			}
		}
	}
	for _, o := range sortedOperands(g.outOfPl) {
		d.copyNode(g, o)
	}
	for i, c := range g.conflicts {
		d.printf("  v%d -> v%d [color=red, fontcolor=red, constraint=false, label=%s];\n",
			g.uses[c.write], g.uses[c.read], quote(fmt.Sprintf("RaW %d: in place, %s\nwould overwrite %s before\n%s reads it;\nso a copy for %s",
				i, d.opRef(c.write), d.valueName(c.def), d.opRef(c.read), d.opRef(c.blocked))))
	}
	d.printf("}\n")
	_, err = w.Write(d.w.Bytes())
	return err
}

// dotWriter builds DOT text naming the objects of m.
type dotWriter struct {
	w     bytes.Buffer
	m     *ir.Module
	names *extract.Names
}

func (d *dotWriter) printf(format string, args ...any) { fmt.Fprintf(&d.w, format, args...) }

// clusters writes the value nodes, nested alias set > buffer class.
func (d *dotWriter) clusters(g *bufferGraph) {
	sets := map[int64]map[int64][]int64{} // alias set -> class -> values
	for _, v := range g.values {
		c := g.class[v]
		// A class sits in the alias set of its least value, so that the
		// clusters nest whatever the facts say.
		s := g.aliasSet[c]
		if sets[s] == nil {
			sets[s] = map[int64][]int64{}
		}
		sets[s][c] = append(sets[s][c], v)
	}
	for _, s := range sortedKeys(sets) {
		classes := sets[s]
		nested, indent := len(classes) > 1, "  "
		if nested {
			d.printf("%ssubgraph cluster_a%d {\n%s  label=%s; style=dashed; color=gray40;\n", indent, s, indent, quote("alias set of "+d.valueName(s)))
			indent += "  "
		}
		for _, c := range sortedKeys(classes) {
			vs, inner := classes[c], indent
			if len(vs) > 1 {
				d.printf("%ssubgraph cluster_b%d {\n%s  label=%s; style=solid; color=blue;\n", indent, c, indent, quote("buffer of "+d.valueName(c)))
				inner += "  "
			}
			for _, v := range vs {
				d.valueNode(g, v, inner)
			}
			if len(vs) > 1 {
				d.printf("%s}\n", indent)
			}
		}
		if nested {
			d.printf("  }\n")
		}
	}
}

func sortedKeys[V any](m map[int64]V) []int64 {
	var keys []int64
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// valueNode writes the node of tensor value v: name, type and line.
func (d *dotWriter) valueNode(g *bufferGraph, v int64, indent string) {
	label := d.valueName(v) + "\n" + d.names.Value(int(v)).Type().String() + "\n" + d.line(facts.ValueKind, v)
	style := ""
	if g.readOnly[v] {
		label += "\nread-only"
		style = `, style="rounded,filled", fillcolor=gray85`
	}
	d.printf("%sv%d [label=%s%s];\n", indent, v, quote(label), style)
}

// copyNode writes the new buffer of out-of-place operand o: a copy of its
// value, or a bare allocation where no contents are needed, with what
// sent it out of place, between the value and what the op makes of it.
func (d *dotWriter) copyNode(g *bufferGraph, o operand) {
	kind := "alloc"
	if g.copies[o] {
		kind = "copy"
	}
	label := kind + " of " + d.valueName(g.uses[o]) + "\nfor " + d.opRef(o)
	if v, ok := g.readOnlyB[o]; ok {
		label += "\n(" + d.valueName(v) + " is read-only)"
	} else if p, ok := g.parallel[o]; ok {
		label += "\n(parallel write by " + d.opRef(p) + ")"
	} else if slices.ContainsFunc(g.conflicts, func(c conflict) bool { return c.blocked == o }) {
		label += "\n(RaW conflict)"
	}
	d.printf("  c%d_%d [label=%s, style=\"filled,dashed\", fillcolor=lightyellow];\n", o.op, o.index, quote(label))
	d.printf("  v%d -> c%d_%d [style=dashed, color=\"black:invis:black\", label=%s];\n", g.uses[o], o.op, o.index, quote(kind))
	for _, r := range g.aliases[o] {
		d.printf("  c%d_%d -> v%d [label=%s];\n", o.op, o.index, r, quote(d.opRef(o)))
	}
}

// opRef names operand o: `tensor.insert#1 (line 6)`.
func (d *dotWriter) opRef(o operand) string {
	return d.names.Op(int(o.op)).Name + "#" + strconv.FormatInt(o.index, 10) + " (" + d.line(facts.OpKind, o.op) + ")"
}

func (d *dotWriter) valueName(v int64) string { return d.names.ValueName(int(v)) }

// line is "line N" of the object id of kind k in m.
func (d *dotWriter) line(k facts.Kind, id int64) string {
	loc := strings.TrimPrefix(d.names.Locate(k, int(id)), d.m.File+":")
	line, _, _ := strings.Cut(loc, ":")
	return "line " + line
}

// quote makes s a DOT string.
func quote(s string) string {
	return `"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", `\n`).Replace(s) + `"`
}
