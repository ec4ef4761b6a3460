package rewrite

import (
	"bufferlog/extract"
	"bufferlog/facts"
	"bufferlog/ir"
	"bufferlog/rules/contract"
	"bufferlog/solve"
)

// decisionPlan is the Plan of an analysis: the driver's in-place
// decisions, and the copy_contents facts the rules derive from them
// (rules/decisions.mg).
type decisionPlan struct {
	names  *extract.Names
	dec    *solve.Decisions
	copies map[solve.Operand]bool
	drops  map[solve.Operand]bool
}

// NewPlan reads the plan of an analysis of the module names was
// extracted from: dec, and the copy_contents and drop_iter_arg facts of
// parts.
func NewPlan(names *extract.Names, dec *solve.Decisions, parts []*facts.DB) Plan {
	return &decisionPlan{names: names, dec: dec, copies: operands(parts, contract.CopyContents), drops: operands(parts, contract.DropIterArg)}
}

// PlanPredicates are the derived predicates NewPlan reads, which the
// analysis must evaluate after the decisions.
func PlanPredicates() []string { return contract.Names(contract.CopyContents, contract.DropIterArg) }

// operands collects the (op, operand) facts of predicate pred.
func operands(parts []*facts.DB, pred contract.Pred) map[solve.Operand]bool {
	set := map[solve.Operand]bool{}
	for _, db := range parts {
		for _, p := range pairs(db, pred) {
			set[solve.Operand{Op: p[0], Index: p[1]}] = true
		}
	}
	return set
}

// pairs returns the facts of the binary predicate pred in db, as numbers
// (ids or indices), none if pred has no relation there.
func pairs(db *facts.DB, pred contract.Handle) [][2]int64 { return tuples[[2]int64](db, pred) }

// tuples returns the facts of pred in db, of T's length (pred's arity),
// as numbers.
func tuples[T [2]int64 | [3]int64](db *facts.DB, pred contract.Handle) []T {
	var t T
	r := contract.Lookup(db, pred)
	if r == nil {
		return nil
	}
	out := make([]T, 0, r.Len())
	for id := range uint32(r.Len()) {
		for i, v := range r.Row(id) {
			t[i] = v.Int()
		}
		out = append(out, t)
	}
	return out
}

func (p *decisionPlan) operand(op *ir.Operation, i int) solve.Operand {
	id, ok := p.names.OpID(op)
	if !ok {
		return solve.Operand{Op: -1, Index: int64(i)}
	}
	return solve.Operand{Op: int64(id), Index: int64(i)}
}

func (p *decisionPlan) InPlace(op *ir.Operation, i int) bool {
	return p.dec.InPlace(p.operand(op, i))
}

func (p *decisionPlan) CopiesContents(op *ir.Operation, i int) bool {
	return p.copies[p.operand(op, i)]
}

func (p *decisionPlan) DropsIterArg(op *ir.Operation, i int) bool {
	return p.drops[p.operand(op, i)]
}
