package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"

	"github.com/urfave/cli/v2"

	"bufferlog/extract"
	"bufferlog/facts"
	"bufferlog/ir"
	"bufferlog/solve"
)

func factsCommand() *cli.Command {
	return &cli.Command{
		Name:      "facts",
		Usage:     "print the facts extracted from an MLIR file, or the fact schema",
		ArgsUsage: "FILE | - | --schema",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "format", Value: "mangle", Usage: "mangle (facts with ids as numbers, names in comments), souffle (one .facts file per predicate and schema.dl, into -o DIR) or json"},
			&cli.StringFlag{Name: "o", Usage: "write to `FILE` (mangle, json) or into directory DIR (souffle)"},
			&cli.BoolFlag{Name: "schema", Usage: "print the fact schema: each predicate's columns and meaning"},
			opModelFlag,
		},
		Action: func(c *cli.Context) error {
			if c.Bool("schema") {
				if c.NArg() > 0 {
					return cli.Exit("bufferlog facts: --schema takes no input file", 2)
				}
				return facts.WriteTable(os.Stdout, facts.Schema())
			}
			if c.NArg() != 1 {
				return cli.Exit("bufferlog facts: want one input file (- for stdin), or --schema", 2)
			}
			format, out := c.String("format"), c.String("o")
			if format != "mangle" && format != "souffle" && format != "json" {
				return cli.Exit(fmt.Sprintf("bufferlog facts: unknown format %q (mangle, souffle or json)", format), 2)
			}
			if format == "souffle" && out == "" {
				return cli.Exit("bufferlog facts: --format souffle writes a directory: give -o DIR", 2)
			}
			db, names, err := extractFile(c.Args().First(), c.StringSlice("op-model"))
			if err != nil {
				return report(err)
			}
			switch format {
			case "souffle":
				err = writeSouffle(out, db)
			case "json":
				err = writeOutput(out, func(w io.Writer) error { return writeJSON(w, db, names) })
			default:
				err = writeOutput(out, func(w io.Writer) error { return writeMangle(w, c.Args().First(), db, names) })
			}
			if err != nil {
				return cli.Exit("bufferlog facts: "+err.Error(), 1)
			}
			return nil
		},
	}
}

// extractFile parses, verifies and extracts one MLIR file, with the
// op-model files applied in order.
func extractFile(name string, opModels []string) (*facts.DB, *extract.Names, error) {
	m, opts, err := loadForExtraction(name, opModels)
	if err != nil {
		return nil, nil, err
	}
	return extract.Module(m, opts)
}

// loadForExtraction parses and verifies one MLIR file, and loads the
// op-model files, in order, into the options to extract it with.
func loadForExtraction(name string, opModels []string) (*ir.Module, extract.Options, error) {
	opts, err := extractOptions(opModels)
	if err != nil {
		return nil, opts, err
	}
	m, err := loadFile(name, true)
	return m, opts, err
}

// extractWith extracts a module's facts with opts, for the deallocation
// driver, which extracts the module again after each change.
func extractWith(opts extract.Options) func(*ir.Module) (*facts.DB, *extract.Names, error) {
	return func(m *ir.Module) (*facts.DB, *extract.Names, error) { return extract.Module(m, opts) }
}

// extractOptions are the extraction options with the op-model files at
// paths, on as many workers as there are CPUs.
func extractOptions(opModels []string) (extract.Options, error) {
	opts := extract.Options{Workers: runtime.GOMAXPROCS(0)}
	for _, path := range opModels {
		src, err := os.ReadFile(path)
		if err != nil {
			return opts, fmt.Errorf("%s: error: cannot read op model: %v", path, errors.Unwrap(err))
		}
		m, err := extract.LoadOpModel(path, src)
		if err != nil {
			return opts, err
		}
		if opts.OpModel == nil {
			opts.OpModel = m
		} else {
			opts.OpModel.Add(m)
		}
	}
	return opts, nil
}

// report prints a diagnostic for err and returns the exit error.
func report(err error) error {
	fmt.Fprint(os.Stderr, formatDiagnostic(err))
	return errReported
}

// formatDiagnostic is the text of err for stderr, ending in a newline. Rule-file
// errors get MLIR's diagnostic form, FILE:LINE:COL: error: ..., like the
// parser's and the extractor's.
func formatDiagnostic(err error) string {
	var se *solve.Error
	switch {
	case !errors.As(err, &se):
		return err.Error() + "\n"
	case se.Line > 0:
		return fmt.Sprintf("%s:%d:%d: error: %s\n", se.File, se.Line, se.Col, se.Msg)
	case se.File != "":
		return fmt.Sprintf("%s: error: %s\n", se.File, se.Msg)
	default:
		return fmt.Sprintf("error: %s\n", se.Msg)
	}
}

// schemaRelations returns the relation of each schema predicate in db, nil
// where it has no facts.
func schemaRelations(db *facts.DB) []*facts.Relation {
	rels := make([]*facts.Relation, facts.NumPreds)
	for p := range facts.NumPreds {
		rels[p] = db.Lookup(p.Name(), p.Arity())
	}
	return rels
}

// writeMangle writes the facts as a Mangle source: `use(5, 1, 12).` with
// the ids as numbers, so the file loads with schema.mg, and a comment that
// names them, grouped by predicate under its signature and meaning.
func writeMangle(w io.Writer, file string, db *facts.DB, names *extract.Names) error {
	var b bytes.Buffer
	syms := db.Symbols()
	fmt.Fprintf(&b, "# Facts of %s. Declarations: bufferlog rules schema.mg\n", file)
	for p, r := range schemaRelations(db) {
		if r == nil || r.Len() == 0 {
			continue
		}
		pred := facts.Pred(p)
		b.WriteString("\n# ")
		facts.WriteTable(&b, []*facts.Predicate{pred.Info()})
		args := make([]string, pred.Arity())
		for id := range r.Len() {
			row := r.Row(uint32(id))
			for i, v := range row {
				args[i] = syms.Format(v)
			}
			fmt.Fprintf(&b, "%s(%s).  # %s\n", pred.Name(), strings.Join(args, ", "), names.Fact(pred, row, syms))
		}
	}
	_, err := w.Write(b.Bytes())
	return err
}

// writeJSON writes {"facts": {"pred": [[...], ...]}, "names": {...},
// "locations": {...}}: every schema predicate's rows (numbers as numbers,
// strings and names as strings), and per id kind the name and source
// location of each id, indexed by id.
func writeJSON(w io.Writer, db *facts.DB, names *extract.Names) error {
	syms := db.Symbols()
	out := struct {
		Facts     map[string][][]any  `json:"facts"`
		Names     map[string][]string `json:"names"`
		Locations map[string][]string `json:"locations"`
	}{map[string][][]any{}, map[string][]string{}, map[string][]string{}}
	for p, r := range schemaRelations(db) {
		rows := [][]any{}
		for id := 0; r != nil && id < r.Len(); id++ {
			var row []any
			for _, v := range r.Row(uint32(id)) {
				if v.IsNumber() {
					row = append(row, v.Int())
				} else {
					row = append(row, syms.Text(v))
				}
			}
			rows = append(rows, row)
		}
		out.Facts[facts.Pred(p).Name()] = rows
	}
	for k := range facts.NumberKind { // the id kinds
		ns, locs := []string{}, []string{}
		for id := range names.Len(k) {
			ns = append(ns, names.Name(k, id))
			locs = append(locs, names.Locate(k, id))
		}
		out.Names[k.String()], out.Locations[k.String()] = ns, locs
	}
	return json.NewEncoder(w).Encode(out)
}

// writeSouffle writes one tab-separated <pred>.facts file per schema
// predicate into dir and a schema.dl that declares and inputs them, so
// that `souffle -F dir` loads them. The files are made in memory first,
// so a fact that cannot be written leaves dir untouched.
func writeSouffle(dir string, db *facts.DB) error {
	syms := db.Symbols()
	rels := schemaRelations(db)
	files := map[string][]byte{}
	var schema bytes.Buffer
	schema.WriteString("// The bufferlog fact schema; load the facts with souffle -F DIR.\n")
	for p, r := range rels {
		info := facts.Pred(p).Info()
		cols := make([]string, len(info.Columns))
		for i, c := range info.Columns {
			typ := "number"
			if c.Kind == facts.StringKind || c.Kind == facts.NameKind {
				typ = "symbol"
			}
			cols[i] = c.Name + ":" + typ
		}
		fmt.Fprintf(&schema, "\n// %s\n.decl %s(%s)\n.input %s\n", info.Doc, info.Name, strings.Join(cols, ", "), info.Name)
		var b bytes.Buffer
		for id := 0; r != nil && id < r.Len(); id++ {
			for i, v := range r.Row(uint32(id)) {
				text := syms.Format(v)
				if !v.IsNumber() {
					text = syms.Text(v)
				}
				if strings.ContainsAny(text, "\t\n") {
					return fmt.Errorf("%s: %q has a tab or newline, which a .facts file cannot hold", info.Name, text)
				}
				if i > 0 {
					b.WriteByte('\t')
				}
				b.WriteString(text)
			}
			b.WriteByte('\n')
		}
		files[info.Name+".facts"] = b.Bytes()
	}
	files["schema.dl"] = schema.Bytes()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	for name, data := range files {
		err := writeOutput(filepath.Join(dir, name), func(w io.Writer) error {
			_, err := w.Write(data)
			return err
		})
		if err != nil {
			return err
		}
	}
	return nil
}
