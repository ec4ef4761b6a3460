package rewrite

import (
	"bufferlog/extract"
	"bufferlog/facts"
	"bufferlog/ir"
	"bufferlog/solve"
)

// decisionPlan is the Plan of an analysis: the driver's in-place
// decisions, and the copy_contents facts the rules derive from them
// (rules/decisions.mg).
type decisionPlan struct {
	names  *extract.Names
	dec    *solve.Decisions
	copies map[solve.Operand]bool
}

// NewPlan reads the plan of an analysis of the module names was
// extracted from: dec, and the copy_contents facts of parts.
func NewPlan(names *extract.Names, dec *solve.Decisions, parts []*facts.DB) Plan {
	p := &decisionPlan{names: names, dec: dec, copies: map[solve.Operand]bool{}}
	for _, db := range parts {
		r := db.Lookup("copy_contents", 2)
		if r == nil {
			continue
		}
		for id := range uint32(r.Len()) {
			row := r.Row(id)
			p.copies[solve.Operand{Op: row[0].Int(), Index: row[1].Int()}] = true
		}
	}
	return p
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
