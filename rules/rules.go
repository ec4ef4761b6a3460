package rules

import (
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"github.com/google/mangle/ast"
	"github.com/google/mangle/symbols"

	"bufferlog/facts"
	"bufferlog/solve"
)

//go:embed *.mg
var embedded embed.FS

//go:embed alternatives/*.mg
var alternatives embed.FS

//go:generate go run ./gensyntax .

// SyntaxFile holds the built-in sources' syntax trees, stored when the
// project is built (go generate runs gensyntax): Mangle's parser took
// 60 of the 90 ms that compiling the built-in files cost each run.
const SyntaxFile = "builtin.syntax"

//go:embed builtin.syntax
var storedSyntax []byte

// syntaxOf returns the stored syntax trees by source name; none if they
// do not decode (TestStoredSyntax fails then), and the files are parsed.
var syntaxOf = sync.OnceValue(func() map[string]*solve.Syntax {
	trees, _ := solve.DecodeSyntax(storedSyntax)
	return trees
})

// AltPrefix marks the name of a shipped alternative: --rules alt:NAME
// adds rules/alternatives/NAME.mg.
const AltPrefix = "alt:"

// schemaDoc describes SchemaFile, which is generated and has no header.
const schemaDoc = "the extensional predicates: the facts extract produces, declared from facts/schema.go"

// SchemaFile is the name of the built-in source that declares the
// extensional predicates, generated from the fact schema.
const SchemaFile = "schema.mg"

// Names returns the names of the built-in sources: SchemaFile, then the
// embedded rule files in name order.
func Names() []string {
	names := []string{SchemaFile}
	entries, _ := fs.ReadDir(embedded, ".") // sorted; an embed.FS root does not fail
	for _, e := range entries {
		names = append(names, e.Name())
	}
	return names
}

// Alternatives returns the names of the shipped alternative rule files,
// as --rules takes them (alt:NAME), in name order.
func Alternatives() []string {
	var names []string
	entries, _ := fs.ReadDir(alternatives, "alternatives")
	for _, e := range entries {
		names = append(names, AltPrefix+strings.TrimSuffix(e.Name(), ".mg"))
	}
	return names
}

// Show returns the text of the built-in source or the alternative
// (alt:NAME) named name.
func Show(name string) (string, bool) {
	if name == SchemaFile {
		return facts.Decls(), true
	}
	if alt, ok := strings.CutPrefix(name, AltPrefix); ok {
		if strings.ContainsAny(alt, "/.") {
			return "", false
		}
		text, err := alternatives.ReadFile("alternatives/" + alt + ".mg")
		return string(text), err == nil
	}
	text, err := embedded.ReadFile(name)
	return string(text), err == nil
}

// Describe returns the one-line description of the built-in source or
// alternative named name: what its header comment says after
// "# NAME.mg: ", up to the first blank comment line, on one line.
func Describe(name string) (string, bool) {
	if name == SchemaFile {
		return schemaDoc, true
	}
	text, ok := Show(name)
	if !ok {
		return "", false
	}
	var words []string
	for line := range strings.Lines(text) {
		line, isComment := strings.CutPrefix(strings.TrimSpace(line), "#")
		line = strings.TrimSpace(line)
		if !isComment || line == "" {
			break
		}
		words = append(words, line)
	}
	header := strings.Join(words, " ")
	if _, after, ok := strings.Cut(header, ".mg: "); ok {
		header = after
	}
	return header, true
}

// Builtin returns the built-in sources, in the order of Names.
func Builtin() []solve.Source {
	var srcs []solve.Source
	for _, name := range Names() {
		text, _ := Show(name)
		srcs = append(srcs, solve.Source{Name: name, Text: text, Syntax: syntaxOf()[name]})
	}
	return srcs
}

// CheckerPrefix starts the names of the built-in files of the
// memory-safety checker (bufferlog check): check.mg, check_flow.mg...
const CheckerPrefix = "check"

// Checker returns the built-in sources of the memory-safety checker:
// SchemaFile and the files named CheckerPrefix*.
func Checker() []solve.Source {
	return slices.DeleteFunc(Builtin(), func(s solve.Source) bool {
		return s.Name != SchemaFile && !strings.HasPrefix(s.Name, CheckerPrefix)
	})
}

// Analysis returns the built-in sources of the bufferization: all but
// the checker's, which it need not compile.
func Analysis() []solve.Source {
	return slices.DeleteFunc(Builtin(), func(s solve.Source) bool { return strings.HasPrefix(s.Name, CheckerPrefix) })
}

// WithUserFiles returns the built-in sources with the rule files at
// paths: a file whose base name is that of a built-in file takes its
// place, any other is added after them. A path alt:NAME is the shipped
// alternative NAME (see Alternatives), added the same way. Sources keep
// the path as given, so errors name the user's file. The schema cannot
// be replaced: it describes what extract produces.
func WithUserFiles(paths []string) ([]solve.Source, error) {
	return Over(Builtin(), paths)
}

// Over is WithUserFiles over the sources base (Builtin, Checker or
// Analysis) instead of all the built-in ones.
func Over(base []solve.Source, paths []string) ([]solve.Source, error) {
	srcs := slices.Clone(base)
	given := map[string]string{}
	for _, path := range paths {
		base := filepath.Base(path)
		if base == SchemaFile {
			return nil, fmt.Errorf("%s: error: %s is generated from the fact schema and cannot be replaced", path, SchemaFile)
		}
		if first, ok := given[base]; ok {
			return nil, fmt.Errorf("%s: error: a second rule file named %s (the first is %s)", path, base, first)
		}
		given[base] = path
		text, err := readRules(path)
		if err != nil {
			return nil, err
		}
		src := solve.Source{Name: path, Text: text}
		if i := slices.IndexFunc(srcs, func(s solve.Source) bool { return s.Name == base }); i >= 0 {
			srcs[i] = src
		} else {
			srcs = append(srcs, src)
		}
	}
	return srcs, nil
}

// readRules reads the rule file at path, or the alternative it names.
func readRules(path string) (string, error) {
	if strings.HasPrefix(path, AltPrefix) {
		text, ok := Show(path)
		if !ok {
			return "", fmt.Errorf("%s: error: no such alternative (bufferlog rules lists them: %s)", path, strings.Join(Alternatives(), ", "))
		}
		return text, nil
	}
	text, err := os.ReadFile(path)
	if err != nil {
		return "", fmt.Errorf("%s: error: cannot read rules: %v", path, errors.Unwrap(err))
	}
	return string(text), nil
}

// Predicates returns the predicates the sources declare, then those they
// define by rules without declaring them, each once, in source order. A
// declared column's kind comes from its arg descriptor ("value id",
// "number": see facts.KindOfArg), so that ids can be shown by name; other
// columns are numbers. The cross_function() descriptor sets
// CrossFunction, and each key(Col, ...) descriptor one of Keys, as
// schema.mg has them for the schema's predicates. A source that does not
// parse is an error at its position (solve.Parse).
func Predicates(srcs []solve.Source) ([]*facts.Predicate, error) {
	parsed, err := solve.Parse(srcs...)
	if err != nil {
		return nil, err
	}
	return PredicatesOf(parsed), nil
}

// PredicatesOf is Predicates of files already parsed.
func PredicatesOf(parsed *solve.Parsed) []*facts.Predicate {
	var out []*facts.Predicate
	seen := map[string]bool{}
	add := func(p *facts.Predicate) {
		if !seen[p.Name] {
			seen[p.Name] = true
			out = append(out, p)
		}
	}
	for _, d := range parsed.Declarations() {
		if sym := d.DeclaredAtom.Predicate; sym != symbols.Package && sym != symbols.Use {
			add(DeclaredPredicate(d.Decl))
		}
	}
	for _, c := range parsed.Clauses() {
		h := c.Head
		p := &facts.Predicate{Name: h.Predicate.Symbol}
		for i := range h.Args {
			p.Columns = append(p.Columns, facts.Column{Name: fmt.Sprintf("X%d", i), Kind: facts.NumberKind})
		}
		add(p)
	}
	return out
}

// DeclaredPredicate is the Predicate a declaration declares: its name,
// its doc, its columns with the kinds of their arg descriptors, and the
// keys of its key descriptors (one naming a variable the declared atom
// lacks is ignored).
func DeclaredPredicate(d ast.Decl) *facts.Predicate {
	kinds := map[string]facts.Kind{}
	cross := false
	for _, a := range d.Descr {
		cross = cross || a.Predicate.Symbol == facts.DescrCrossFunction
		if a.Predicate.Symbol != ast.DescrArg || len(a.Args) != 2 {
			continue
		}
		v, okVar := a.Args[0].(ast.Variable)
		c, okConst := a.Args[1].(ast.Constant)
		if !okVar || !okConst || c.Type != ast.StringType {
			continue
		}
		if k, ok := facts.KindOfArg(c.Symbol); ok {
			kinds[v.Symbol] = k
		}
	}
	p := &facts.Predicate{Name: d.DeclaredAtom.Predicate.Symbol, Doc: strings.Join(d.Doc(), " "), CrossFunction: cross}
	for i, a := range d.DeclaredAtom.Args {
		col := facts.Column{Name: fmt.Sprintf("X%d", i), Kind: facts.NumberKind}
		if v, ok := a.(ast.Variable); ok {
			col.Name = v.Symbol
			if k, ok := kinds[v.Symbol]; ok {
				col.Kind = k
			}
		}
		p.Columns = append(p.Columns, col)
	}
	for _, a := range d.Descr {
		if a.Predicate.Symbol != facts.DescrKey {
			continue
		}
		var key []int
		for _, arg := range a.Args {
			v, _ := arg.(ast.Variable)
			if c := p.ColumnIndex(v.Symbol); c >= 0 {
				key = append(key, c)
			}
		}
		if len(key) == len(a.Args) && len(key) > 0 {
			p.Keys = append(p.Keys, key)
		}
	}
	return p
}
