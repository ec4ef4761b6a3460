package extract

import (
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/google/mangle/ast"
	"github.com/google/mangle/symbols"

	"bufferlog/facts"
	"bufferlog/solve"
)

// OpModel holds memory models of ops, read from op-model files, that take
// the place of the built-in model (or of the unknown-op default) for the
// ops they name. Region-branch edges, calls and dominance still come from
// the op's structure.
type OpModel struct {
	models map[string]*model
}

// lookup returns the model of the op named name, or nil.
func (m *OpModel) lookup(name string) *model {
	if m == nil {
		return nil
	}
	return m.models[name]
}

// Ops returns the names of the ops m models, sorted.
func (m *OpModel) Ops() []string {
	var out []string
	for name := range m.models {
		out = append(out, name)
	}
	slices.Sort(out)
	return out
}

// Add adds the models of other to m; other's model of an op replaces
// m's, as a later op-model file overrides an earlier one.
func (m *OpModel) Add(other *OpModel) {
	maps.Copy(m.models, other.models)
}

// The op-model predicates: the facts an op-model file may state. Op is an
// op name; Operand, Result and Region are indices from 0.
var (
	opModelOp          = facts.NewPredicate("op_model(Op:string)", "Op has the memory model given by this file, even if it states no other fact for it: no reads, writes or aliases.")
	opModelReads       = facts.NewPredicate("op_model_reads(Op:string, Operand:number)", "Op reads its tensor operand Operand.")
	opModelWrites      = facts.NewPredicate("op_model_writes(Op:string, Operand:number)", "Op writes its tensor operand Operand when it bufferizes in place.")
	opModelMustInplace = facts.NewPredicate("op_model_must_inplace(Op:string, Operand:number)", "Operand of Op must bufferize in place.")
	opModelAliases     = facts.NewPredicate("op_model_aliases(Op:string, Operand:number, Result:number, Rel:name)", "Operand of Op, bufferized in place, aliases result Result: Rel is /equivalent (the same buffer) or /unknown.")
	opModelAllocates   = facts.NewPredicate("op_model_allocates(Op:string, Result:number)", "Result of Op is a new allocation.")
	opModelUninit      = facts.NewPredicate("op_model_uninitialized(Op:string, Result:number)", "Result of Op has undefined contents.")
	opModelNotWritable = facts.NewPredicate("op_model_not_writable(Op:string, Result:number)", "Result of Op must not be written.")
	opModelElementwise = facts.NewPredicate("op_model_elementwise(Op:string, Operand:number)", "Op accesses its tensor operand Operand element by element.")
	opModelRepetitive  = facts.NewPredicate("op_model_repetitive(Op:string, Region:number)", "Region of Op may run more than once per execution of Op.")
	opModelParallel    = facts.NewPredicate("op_model_parallel(Op:string, Region:number)", "Region of Op may run its iterations in parallel.")
)

// OpModelPredicates returns the declarations of the op-model predicates.
func OpModelPredicates() []*facts.Predicate {
	return []*facts.Predicate{opModelOp, opModelReads, opModelWrites, opModelMustInplace, opModelAliases,
		opModelAllocates, opModelUninit, opModelNotWritable, opModelElementwise, opModelRepetitive, opModelParallel}
}

// LoadOpModel reads an op-model file: Mangle facts of the op-model
// predicates, such as
//
//	op_model_reads("mydialect.foo", 0).
//	op_model_writes("mydialect.foo", 1).
//	op_model_aliases("mydialect.foo", 1, 0, /equivalent).
//
// name is the file name used in errors, which are *Error values
// (`file:line:col: error: ...`).
func LoadOpModel(name string, src []byte) (*OpModel, error) {
	parsed, err := solve.Parse(solve.Source{Name: name, Text: string(src)})
	if err != nil {
		return nil, opModelError(err)
	}
	m := &OpModel{models: map[string]*model{}}
	for _, d := range parsed.Declarations() {
		if !implicitPackage(d.Decl) {
			return nil, opModelError(d.Errorf("an op-model file states facts only, not declarations"))
		}
	}
	for _, c := range parsed.Clauses() {
		if err := m.clause(c.Clause); err != nil {
			return nil, opModelError(c.Errorf("%v", err))
		}
	}
	return m, nil
}

// opModelError is the *Error of a rule-file error at its position.
func opModelError(err error) error {
	var e *solve.Error
	if !errors.As(err, &e) {
		return err
	}
	loc := e.File
	if e.Line > 0 {
		loc = fmt.Sprintf("%s:%d:%d", e.File, e.Line, e.Col)
	}
	return &Error{Loc: loc, Msg: e.Msg}
}

// clause adds one fact to the model of its op.
func (m *OpModel) clause(c ast.Clause) error {
	if len(c.Premises) > 0 || c.Transform != nil {
		return fmt.Errorf("an op-model file states facts only, not rules")
	}
	pred := opModelPredicate(c.Head.Predicate.Symbol)
	if pred == nil {
		return fmt.Errorf("unknown predicate %s; an op-model file states %s", c.Head.Predicate.Symbol, opModelNames())
	}
	if len(c.Head.Args) != pred.Arity() {
		return fmt.Errorf("%s takes %d arguments, not %d", pred.Name, pred.Arity(), len(c.Head.Args))
	}
	args := make([]ast.Constant, len(c.Head.Args))
	for i, a := range c.Head.Args {
		k, ok := a.(ast.Constant)
		col := pred.Columns[i]
		switch {
		case !ok:
			return fmt.Errorf("argument %s of %s must be a constant, not %v", col.Name, pred.Name, a)
		case col.Kind == facts.StringKind && k.Type != ast.StringType:
			return fmt.Errorf("argument %s of %s must be an op name string such as \"mydialect.foo\", not %v", col.Name, pred.Name, a)
		case col.Kind == facts.NumberKind && (k.Type != ast.NumberType || k.NumValue < 0 || k.NumValue > 1<<20):
			return fmt.Errorf("argument %s of %s must be an index (0, 1, ...), not %v", col.Name, pred.Name, a)
		case col.Kind == facts.NameKind && (k.Type != ast.NameType || k.Symbol != equivalent && k.Symbol != unknown):
			return fmt.Errorf("argument %s of %s must be /equivalent or /unknown, not %v", col.Name, pred.Name, a)
		}
		args[i] = k
	}
	m.add(pred, args)
	return nil
}

// opModelPredicate returns the op-model predicate named name, or nil.
func opModelPredicate(name string) *facts.Predicate {
	for _, p := range OpModelPredicates() {
		if p.Name == name {
			return p
		}
	}
	return nil
}

func opModelNames() string {
	var ns []string
	for _, p := range OpModelPredicates() {
		ns = append(ns, p.Name)
	}
	return strings.Join(ns, ", ")
}

// add records a checked fact in the model of its op.
func (m *OpModel) add(pred *facts.Predicate, args []ast.Constant) {
	op := m.models[args[0].Symbol]
	if op == nil {
		op = &model{}
		m.models[args[0].Symbol] = op
	}
	var i int
	if len(args) > 1 {
		i = int(args[1].NumValue)
	}
	listed := func(s *sel) {
		s.pick = pickListed
		s.list = append(s.list, i)
	}
	switch pred {
	case opModelReads:
		listed(&op.reads)
	case opModelWrites:
		listed(&op.writes)
	case opModelMustInplace:
		listed(&op.inPlace)
	case opModelElementwise:
		listed(&op.elementwise)
	case opModelAllocates:
		listed(&op.allocates)
	case opModelUninit:
		listed(&op.uninitialized)
	case opModelNotWritable:
		listed(&op.notWritable)
	case opModelRepetitive:
		listed(&op.repetitive)
	case opModelParallel:
		listed(&op.parallel)
	case opModelAliases:
		op.aliases = append(op.aliases, alias{from: sel{pick: pickListed, list: []int{i}}, to: toResult,
			n: int(args[2].NumValue), rel: args[3].Symbol})
	}
}

// implicitPackage reports whether d is the unnamed package declaration
// that parse.Unit gives every unit.
func implicitPackage(d ast.Decl) bool {
	if d.DeclaredAtom.Predicate != symbols.Package {
		return false
	}
	for _, a := range d.Descr {
		if len(a.Args) != 1 || a.Args[0] != ast.String("") {
			return false
		}
	}
	return true
}
