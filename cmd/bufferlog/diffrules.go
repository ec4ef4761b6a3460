package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"os"

	"github.com/urfave/cli/v2"

	"bufferlog/driver"
	"bufferlog/extract"
	"bufferlog/rewrite"
	"bufferlog/rules"
)

func diffRulesCommand() *cli.Command {
	return &cli.Command{
		Name:      "diff-rules",
		Usage:     "compare the in-place decisions of two rule sets on MLIR files",
		ArgsUsage: "FILE...",
		Description: "Runs the in-place analysis of each file twice, as bufferize does: under rule set A\n" +
			"(the built-in rules with the files of --rules; the built-in rules alone without it) and\n" +
			"under rule set B (the built-in rules with the files of --rules-b). Lists each operand\n" +
			"whose decision differs, with the location of its op, and per file and in total the\n" +
			"copies (out-of-place operands that their op reads) and the bytes they copy, as\n" +
			"--policy=mincopy counts them: static sizes only, copies of dynamic size are counted\n" +
			"apart. The decisions under each rule set must leave no conflict by that set's own\n" +
			"remaining_conflict; differences are not errors.",
		Flags: append([]cli.Flag{
			rulesFlag,
			&cli.StringSliceFlag{Name: "rules-b", Usage: "rule `FILE` of rule set B, as --rules is for A"},
			policyFlag,
			heuristicFlag,
			opModelFlag,
			&cli.StringFlag{Name: "format", Value: "text", Usage: "text, or json for scripts"},
		}, limitFlags...),
		Action: func(c *cli.Context) error {
			if c.NArg() == 0 {
				return cli.Exit("bufferlog diff-rules: want at least one input file", 2)
			}
			format := c.String("format")
			if format != "text" && format != "json" {
				return cli.Exit(fmt.Sprintf("bufferlog diff-rules: unknown --format %q (text or json)", format), 2)
			}
			if len(c.StringSlice("rules-b")) == 0 {
				return cli.Exit("bufferlog diff-rules: want rule set B's files (--rules-b FILE or alt:NAME)", 2)
			}
			p, err := newPipeline(c, rules.Analysis())
			if err != nil {
				return err
			}
			setB, err := compileRules(rules.Analysis(), c.StringSlice("rules-b"))
			if err != nil {
				return report(err)
			}
			var d ruleDiff
			failed := false
			for _, file := range c.Args().Slice() {
				f, err := diffFile(file, p, setB)
				if err != nil {
					report(p.limitError(file, err))
					failed = true
					continue
				}
				d.Files = append(d.Files, f)
			}
			if failed {
				return errReported
			}
			d.total()
			var out bytes.Buffer
			if format == "json" {
				enc := json.NewEncoder(&out)
				enc.SetIndent("", "  ")
				if err := enc.Encode(d); err != nil {
					return err
				}
			} else {
				d.writeText(&out)
			}
			_, err = os.Stdout.Write(out.Bytes())
			return err
		},
	}
}

// ruleDiff is what diff-rules reports: per file, then in total.
type ruleDiff struct {
	Files []fileDiff `json:"files"`
	Total diffTotal  `json:"total"`
}

// fileDiff compares the decisions of the two rule sets on one file.
type fileDiff struct {
	File    string          `json:"file"`
	Changes []operandChange `json:"changes"`
	A       copyCount       `json:"a"`
	B       copyCount       `json:"b"`
}

// operandChange is an operand decided in place under one rule set and
// out of place under the other.
type operandChange struct {
	Location string `json:"location"`
	Op       string `json:"op"`
	Operand  int64  `json:"operand"`
	InPlaceA bool   `json:"inplace_a"`
	InPlaceB bool   `json:"inplace_b"`
	// Copies says whether the operand, where it is out of place, copies
	// its contents (else it gets a new buffer only); Bytes is the size of
	// that copy, unless Dynamic.
	Copies  bool `json:"copies"`
	Bytes   int  `json:"bytes"`
	Dynamic bool `json:"dynamic"`
}

// copyCount sums up the copies that one rule set's decisions make: the
// out-of-place operands that copy their contents (copy_contents).
type copyCount struct {
	Copies  int `json:"copies"`
	Bytes   int `json:"bytes"`   // what those of static size copy
	Dynamic int `json:"dynamic"` // those of dynamic size, not in Bytes
}

func (n *copyCount) add(m copyCount) {
	n.Copies += m.Copies
	n.Bytes += m.Bytes
	n.Dynamic += m.Dynamic
}

type diffTotal struct {
	Files   int       `json:"files"`
	Changes int       `json:"changes"`
	A       copyCount `json:"a"`
	B       copyCount `json:"b"`
}

// diffFile runs the in-place analysis of file as p says, under p's rules
// (set A) and under setB (decide checks each set of decisions with its
// own program's remaining_conflict), and compares the decisions. The
// evaluations under both share the file's limits.
func diffFile(file string, p *pipeline, setB ruleSet) (fileDiff, error) {
	f := fileDiff{File: file, Changes: []operandChange{}}
	m, err := loadFile(file, true)
	if err != nil {
		return f, err
	}
	var (
		dec    [2]*rewrite.Decisions
		copies [2]map[rewrite.Operand]driver.CopySize
		names  *extract.Names
	)
	ps, stop := p.start(p.opts.Workers)
	defer stop()
	for i, set := range [2]ruleSet{p.rules, setB} {
		ps.rules = set
		a, err := decide(m, ps, nil, driver.SizePredicates()...)
		if err != nil {
			return f, err
		}
		names, dec[i] = a.names, a.dec
		copies[i] = map[rewrite.Operand]driver.CopySize{}
		for _, db := range a.parts {
			maps.Copy(copies[i], driver.CopySizes(db))
		}
	}
	f.A, f.B = countCopies(copies[0]), countCopies(copies[1])
	for _, d := range dec[0].List {
		inB := dec[1].InPlace(d.Operand)
		if inB == d.InPlace {
			continue
		}
		out := 0 // the rule set under which the operand is out of place
		if d.InPlace {
			out = 1
		}
		size, copied := copies[out][d.Operand]
		op := int(d.Op)
		f.Changes = append(f.Changes, operandChange{Location: names.Location(op), Op: names.Op(op).Name, Operand: d.Index,
			InPlaceA: d.InPlace, InPlaceB: inB, Copies: copied, Bytes: size.Bytes, Dynamic: size.Dynamic})
	}
	return f, nil
}

// countCopies sums up the copies of one rule set; those of dynamic size
// are counted apart, their bytes being unknown.
func countCopies(copies map[rewrite.Operand]driver.CopySize) copyCount {
	var n copyCount
	for _, size := range copies {
		n.Copies++
		if size.Dynamic {
			n.Dynamic++
		} else {
			n.Bytes += size.Bytes
		}
	}
	return n
}

// total sums up the files.
func (d *ruleDiff) total() {
	d.Total.Files = len(d.Files)
	for _, f := range d.Files {
		d.Total.Changes += len(f.Changes)
		d.Total.A.add(f.A)
		d.Total.B.add(f.B)
	}
}

func (d *ruleDiff) writeText(out *bytes.Buffer) {
	for _, f := range d.Files {
		for _, ch := range f.Changes {
			fmt.Fprintf(out, "%s: %s operand %d: %s under A, %s under B%s\n",
				ch.Location, ch.Op, ch.Operand, placement(ch.InPlaceA), placement(ch.InPlaceB), ch.cost())
		}
		fmt.Fprintf(out, "%s: changed operands: %d; %s\n", f.File, len(f.Changes), copyChange(f.A, f.B))
	}
	fmt.Fprintf(out, "total (%d files): changed operands: %d; %s\n", d.Total.Files, d.Total.Changes, copyChange(d.Total.A, d.Total.B))
}

func placement(inPlace bool) string {
	if inPlace {
		return "in place"
	}
	return "out of place"
}

// cost says what the operand costs where it is out of place.
func (ch operandChange) cost() string {
	switch {
	case !ch.Copies:
		return " (a new buffer, no copy)"
	case ch.Dynamic:
		return " (a copy of dynamic size)"
	}
	return fmt.Sprintf(" (a copy of %d B)", ch.Bytes)
}

// copyChange compares the copies of A and B.
func copyChange(a, b copyCount) string {
	s := fmt.Sprintf("copies %d -> %d (%+d), bytes copied %d -> %d (%+d)", a.Copies, b.Copies, b.Copies-a.Copies, a.Bytes, b.Bytes, b.Bytes-a.Bytes)
	if a.Dynamic+b.Dynamic > 0 {
		s += fmt.Sprintf(", copies of dynamic size %d -> %d", a.Dynamic, b.Dynamic)
	}
	return s
}
