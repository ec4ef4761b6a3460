package driver

import (
	"context"

	"bufferlog/extract"
	"bufferlog/facts"
	"bufferlog/ir"
	"bufferlog/rewrite"
	"bufferlog/rules/contract"
)

// EmptyPlan is the evaluation of rules/empty.mg on a tensor module, as
// it was before the replacements its empty_replaced facts asked for, and
// the replacements made.
type EmptyPlan struct {
	DB       *facts.DB
	Names    *extract.Names
	Replaced []rewrite.EmptyReplacement
}

// EliminateEmpty evaluates rules/empty.mg on the tensor module m and
// replaces the uses of tensor.empty results its empty_replaced facts name
// by slices of the tensors they are inserted into (rewrite.ReplaceEmpty),
// before the in-place analysis, which then sees the changed module: MLIR's
// eliminate-empty-tensors. Only the predicates the rules read are
// extracted (opts.Only is set here). A module without a tensor.empty or
// without an insertion the rewrite knows is not evaluated (nil plan).
func EliminateEmpty(ctx context.Context, rules Rules, m *ir.Module, opts extract.Options) (*EmptyPlan, error) {
	if !mayReplace(m) {
		return nil, nil
	}
	prog := rules.Program.Restrict(contract.EmptyReplaced.Name())
	needed := prog.Needed()
	opts.Only = func(p facts.Pred) bool { return needed[p.Name()] }
	db, names, err := extract.Module(m, opts)
	if err != nil {
		return nil, err
	}
	if _, err := prog.Eval(ctx, db, rules.Limits); err != nil {
		return nil, err
	}
	replaced, err := rewrite.ReplaceEmpty(names, db)
	return &EmptyPlan{DB: db, Names: names, Replaced: replaced}, err
}

// mayReplace reports whether m holds a tensor.empty and an op whose
// subset rewrite.ReplaceEmpty can build: else no replacement the rules
// could ask for can be made.
func mayReplace(m *ir.Module) bool {
	empty, insert := false, false
	ir.Walk(m.Op, func(op *ir.Operation) bool {
		empty = empty || op.Name == "tensor.empty"
		insert = insert || rewrite.InsertsSubset(op.Name)
		return !(empty && insert)
	})
	return empty && insert
}
