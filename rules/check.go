package rules

import (
	"path/filepath"

	"github.com/google/mangle/ast"

	"bufferlog/rules/contract"
	"bufferlog/solve"
)

// Compile compiles the sources (Builtin, or WithUserFiles) and checks that
// they keep the contract with the Go drivers (package contract), so that
// a rule file that breaks it is rejected before anything is evaluated,
// with an error naming the predicate and the file.
func Compile(srcs ...solve.Source) (*solve.Program, error) {
	parsed, err := solve.Parse(srcs...)
	if err != nil {
		return nil, err
	}
	return CompileParsed(parsed, srcs)
}

// CompileParsed is Compile of srcs, which solve.Parse made parsed into:
// for a caller that reads the parsed files too (PredicatesOf), and so
// parses them once.
func CompileParsed(parsed *solve.Parsed, srcs []solve.Source) (*solve.Program, error) {
	// Before the analysis: a predicate renamed in one file leaves clauses
	// of another reading a predicate nobody declares, which the analysis
	// would report without naming the contract.
	if err := checkContract(parsed, srcs); err != nil {
		return nil, err
	}
	return parsed.Compile()
}

// checkContract returns the first breach of the contract by the parsed
// files: a predicate of the contract that no source declares, or
// declares with another arity or without its role (driver(/reads) or
// driver(/adds)); a role on a predicate no driver uses; a clause that
// derives a predicate a driver adds. srcs name the files.
func checkContract(parsed *solve.Parsed, srcs []solve.Source) error {
	declared := parsed.Declarations()
	decls := map[string]solve.Declaration{}
	for _, d := range declared {
		decls[d.DeclaredAtom.Predicate.Symbol] = d
	}
	// A rule set holds the bufferization's files, the checker's, or both:
	// the contract of a file the set does not hold is not its to keep.
	present := map[string]bool{}
	for _, s := range srcs {
		present[filepath.Base(s.Name)] = true
	}
	wanted := map[string]contract.Pred{}
	for _, p := range contract.All() {
		wanted[p.Name()] = p
		if !present[p.File()] {
			continue
		}
		d, ok := decls[p.Name()]
		switch role, roleErr := RoleOf(d); {
		case !ok:
			return &solve.Error{File: sourceNamed(srcs, p.File()), Msg: "the driver " + p.Role().Verb() + " " + p.String() + ", which no rule file declares"}
		case len(d.DeclaredAtom.Args) != p.Arity():
			return d.Errorf("the driver %s %v, which is declared here with %d arguments", p.Role().Verb(), p, len(d.DeclaredAtom.Args))
		case roleErr != nil:
			return roleErr
		case role != p.Role():
			return d.Errorf("the driver %s %v: its declaration must say so with %s(%v)", p.Role().Verb(), p, contract.Descriptor, p.Role())
		}
	}
	for _, d := range declared {
		name := d.DeclaredAtom.Predicate.Symbol
		if _, ok := wanted[name]; ok {
			continue
		}
		if role, err := RoleOf(d); err != nil {
			return err
		} else if role != 0 {
			return d.Errorf("%s/%d is declared %s(%v), but no driver %s it", name, len(d.DeclaredAtom.Args), contract.Descriptor, role, role.Verb())
		}
	}
	for _, c := range parsed.Clauses() {
		if p, ok := wanted[c.Head.Predicate.Symbol]; ok && p.Role() == contract.Adds {
			return c.Errorf("%v is added by the driver; rules must not derive it", p)
		}
	}
	return nil
}

// RoleOf returns the role that declaration d's driver(...) descriptor
// gives, 0 if it has none, or an error if the descriptor is not one of
// driver(/reads) and driver(/adds).
func RoleOf(d solve.Declaration) (contract.Role, error) {
	for _, a := range d.Descr {
		if a.Predicate.Symbol != contract.Descriptor {
			continue
		}
		if len(a.Args) == 1 {
			if c, ok := a.Args[0].(ast.Constant); ok && c.Type == ast.NameType {
				if role, ok := contract.RoleNamed(c.Symbol); ok {
					return role, nil
				}
			}
		}
		return 0, d.Errorf("%s(...) takes %v or %v, not %v", contract.Descriptor, contract.Reads, contract.Adds, a)
	}
	return 0, nil
}

// sourceNamed returns the name of the source whose base name is base, as
// the user gave it when it replaces a built-in file, or base.
func sourceNamed(srcs []solve.Source, base string) string {
	for _, s := range srcs {
		if filepath.Base(s.Name) == base {
			return s.Name
		}
	}
	return base
}
