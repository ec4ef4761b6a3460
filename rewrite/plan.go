package rewrite

import (
	"bufferlog/extract"
	"bufferlog/facts"
	"bufferlog/ir"
	"bufferlog/rules/contract"
)

// decisionPlan is the Plan of an analysis: the driver's in-place
// decisions, and the copy_contents facts the rules derive from them
// (rules/decisions.mg).
type decisionPlan struct {
	names  *extract.Names
	dec    *Decisions
	copies map[Operand]bool
	drops  map[Operand]bool
}

// NewPlan reads the plan of an analysis of the module names was
// extracted from: dec, and the copy_contents and drop_iter_arg facts of
// parts.
func NewPlan(names *extract.Names, dec *Decisions, parts []*facts.DB) Plan {
	return &decisionPlan{names: names, dec: dec, copies: operands(parts, contract.CopyContents), drops: operands(parts, contract.DropIterArg)}
}

// PlanPredicates are the derived predicates NewPlan reads, which the
// analysis must evaluate after the decisions.
func PlanPredicates() []string { return contract.Names(contract.CopyContents, contract.DropIterArg) }

// operands collects the (op, operand) facts of predicate pred.
func operands(parts []*facts.DB, pred contract.Pred) map[Operand]bool {
	set := map[Operand]bool{}
	for _, db := range parts {
		for _, p := range contract.Pairs(db, pred) {
			set[Operand{Op: p[0], Index: p[1]}] = true
		}
	}
	return set
}

func (p *decisionPlan) operand(op *ir.Operation, i int) Operand {
	id, ok := p.names.OpID(op)
	if !ok {
		return Operand{Op: -1, Index: int64(i)}
	}
	return Operand{Op: int64(id), Index: int64(i)}
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
