package driver

import (
	"slices"

	"bufferlog/facts"
	"bufferlog/rewrite"
	"bufferlog/rules/contract"
)

// Policy takes the in-place decisions over a DB on which the in-place
// rules were evaluated.
type Policy func(db *facts.DB) (*rewrite.Decisions, error)

// OneShot is One-Shot Bufferize's greedy policy in the given op order.
func OneShot(order Order) Policy {
	return func(db *facts.DB) (*rewrite.Decisions, error) { return Decide(db, order) }
}

// exhaustiveLimit is the most free operands a conflict class may have for
// MinCopy to try every choice; larger classes get the better of One-Shot's
// greedy choice and the greedy choice by cost.
const exhaustiveLimit = 12

// dynamicBytes is what MinCopy charges for copying a tensor whose size is
// not static: more than any small static tensor, so that a dynamic copy
// is avoided when a static one breaks the same conflict.
const dynamicBytes = 1 << 20

// MinCopy chooses the out-of-place operands that break every conflict
// with the fewest bytes copied. An out-of-place operand costs its
// tensor's size if its op reads it (the copy must carry the contents),
// and nothing otherwise (a fresh buffer). rewrite.Decisions in different conflict
// classes never interact, so each class is solved alone: exactly, by
// trying every choice, when it has at most exhaustiveLimit free operands,
// else by taking the cheaper of One-Shot's bottom-up choice and the greedy
// choice that decides the costliest operands first. Every choice is
// checked on the alias sets it makes (valid); One-Shot's choice is valid,
// so MinCopy never copies more bytes than One-Shot.
func MinCopy(db *facts.DB) (*rewrite.Decisions, error) {
	base, err := Decide(db, BottomUp)
	if err != nil {
		return nil, err
	}
	d, rel := newDecider(db)
	cost := operandCosts(db, nil)
	byCost, err := decideInOrder(db, BottomUp, func(ops []rewrite.Operand) {
		slices.SortStableFunc(ops, func(a, b rewrite.Operand) int { return cost[b].Bytes - cost[a].Bytes })
	})
	if err != nil {
		return nil, err
	}
	classOf := map[int64]int64{}
	if r := contract.ConflictClass.Lookup(db); r != nil {
		for id := range uint32(r.Len()) {
			classOf[r.At(id, 0).Int()] = r.At(id, 1).Int()
		}
	}
	must := map[rewrite.Operand]bool{}
	mustRel := rel[facts.MustInplace]
	for id := range uint32(mustRel.Len()) {
		must[rewrite.Operand{Op: mustRel.At(id, 0).Int(), Index: mustRel.At(id, 1).Int()}] = true
	}
	class := func(o rewrite.Operand) int64 {
		e, _ := d.operandOf(o)
		return classOf[d.operands[e].value]
	}
	classes := map[int64][]rewrite.Operand{}
	for _, dec := range base.List {
		c := class(dec.Operand)
		classes[c] = append(classes[c], dec.Operand)
	}
	// An operand joins values of its conflict class only, so the alias
	// sets of a class depend on that class's operands alone.
	mustIn := map[int64][]rewrite.Operand{}
	for o := range must {
		if _, ok := d.operandOf(o); ok {
			mustIn[class(o)] = append(mustIn[class(o)], o)
		}
	}
	var sets aliasSets
	sets.reset(d.values)
	chosen := map[rewrite.Operand]bool{}
	for c, ops := range classes {
		for _, o := range ops {
			chosen[o] = base.InPlace(o)
		}
		if !slices.ContainsFunc(ops, func(o rewrite.Operand) bool { return !base.InPlace(o) && cost[o].Bytes > 0 }) {
			continue // One-Shot copies nothing here
		}
		// A choice puts in place the operands of ops it holds true for.
		price := func(in []bool) int {
			total := 0
			for i, o := range ops {
				if !in[i] {
					total += cost[o].Bytes
				}
			}
			return total
		}
		valid := func(in []bool) bool {
			sets.clear()
			return d.valid(&sets, ops, in, must, mustIn[c])
		}
		best := choice(base, ops)
		if alt := choice(byCost, ops); price(alt) < price(best) && valid(alt) {
			best = alt
		}
		if len(ops) <= exhaustiveLimit {
			in := make([]bool, len(ops))
			for mask := range 1 << len(ops) {
				for i := range ops {
					in[i] = mask&(1<<i) != 0
				}
				if price(in) < price(best) && valid(in) {
					best = slices.Clone(in)
				}
			}
		}
		for i, o := range ops {
			chosen[o] = best[i]
		}
	}
	out := &rewrite.Decisions{}
	for _, o := range base.InPlaceOperands {
		if must[o] {
			out.InPlaceOperands = append(out.InPlaceOperands, o)
		}
	}
	for _, dec := range base.List {
		v := rewrite.Decision{Operand: dec.Operand, InPlace: chosen[dec.Operand], ReadOnly: -1}
		if v.InPlace == dec.InPlace {
			v = dec // keep One-Shot's reason
		}
		if v.InPlace {
			out.InPlaceOperands = append(out.InPlaceOperands, v.Operand)
		}
		out.List = append(out.List, v)
	}
	slices.SortFunc(out.InPlaceOperands, rewrite.Operand.Compare)
	return out, nil
}

// choice is which of ops d puts in place, by position.
func choice(d *rewrite.Decisions, ops []rewrite.Operand) []bool {
	in := make([]bool, len(ops))
	for i, o := range ops {
		in[i] = d.InPlace(o)
	}
	return in
}

// CopySize is the size of the tensor an operand holds: what copying it
// costs.
type CopySize struct {
	Bytes   int  // the static size, or dynamicBytes
	Dynamic bool // the size is not static
}

// costInputs names the predicates operandCosts reads.
func costInputs() []string {
	return contract.Names(contract.TensorUse, contract.OperandReads, facts.ValueType)
}

// operandCosts is what copying each tensor operand that its op reads
// would cost, for the operands in only (every operand if only is nil);
// operands not read cost nothing.
func operandCosts(db *facts.DB, only map[rewrite.Operand]bool) map[rewrite.Operand]CopySize {
	read := map[rewrite.Operand]int64{} // the value each costed operand reads
	uses, reads := contract.TensorUse.Lookup(db), contract.OperandReads.Lookup(db)
	if uses == nil || reads == nil {
		return map[rewrite.Operand]CopySize{}
	}
	var row []facts.Value
	for id := range uint32(uses.Len()) {
		row = uses.AppendRow(row[:0], id)
		o := rewrite.Operand{Op: row[0].Int(), Index: row[1].Int()}
		if (only == nil || only[o]) && reads.Contains(row[:2]) {
			read[o] = row[2].Int()
		}
	}
	var values map[int64]bool
	if only != nil {
		values = make(map[int64]bool, len(read))
		for _, v := range read {
			values[v] = true
		}
	}
	sizes, cost := valueSizes(db, values), make(map[rewrite.Operand]CopySize, len(read))
	for o, v := range read {
		cost[o] = sizes[v]
	}
	return cost
}

// CopySizes returns the size, as MinCopy's cost model has it, of the
// copy that each copied_value(Op, Index, Value) fact of db describes
// (decisions.mg): operand Index of Op copies Value.
func CopySizes(db *facts.DB) map[rewrite.Operand]CopySize {
	sizes, out := valueSizes(db, nil), map[rewrite.Operand]CopySize{}
	if r := contract.CopiedValue.Lookup(db); r != nil {
		for id := range uint32(r.Len()) {
			out[rewrite.Operand{Op: r.At(id, 0).Int(), Index: r.At(id, 1).Int()}] = sizes[r.At(id, 2).Int()]
		}
	}
	return out
}

// SizePredicates names the predicates CopySizes reads.
func SizePredicates() []string { return contract.Names(contract.CopiedValue, facts.ValueType) }

// valueSizes is the size of each value in only (of every value if only
// is nil): static, or dynamicBytes.
func valueSizes(db *facts.DB, only map[int64]bool) map[int64]CopySize {
	sizes := map[int64]CopySize{}
	if r := contract.Lookup(db, facts.ValueType); r != nil {
		for id := range uint32(r.Len()) {
			v := r.At(id, 0).Int()
			switch n := r.At(id, 2).Int(); {
			case only != nil && !only[v]:
			case n >= 0:
				sizes[v] = CopySize{Bytes: int(n)}
			default:
				sizes[v] = CopySize{Bytes: dynamicBytes, Dynamic: true}
			}
		}
	}
	return sizes
}

// valid reports whether putting in place exactly the operands of ops (one
// conflict class) that in holds by position, and those that must be (mustOps, the
// class's), leaves no conflict among them: no in-place write shares an
// alias set with a read that raw_conflict says it clobbers, with a
// read-only buffer, or, from a parallel region, with any read. The alias
// sets are those the in-place operands make, built in sets, which holds
// no union yet.
func (d *decider) valid(sets *aliasSets, ops []rewrite.Operand, in []bool, must map[rewrite.Operand]bool, mustOps []rewrite.Operand) bool {
	d.joinShared(sets)
	for _, o := range mustOps {
		e, _ := d.operandOf(o)
		d.join(sets, e)
	}
	for i, o := range ops {
		if in[i] {
			e, _ := d.operandOf(o)
			d.join(sets, e)
		}
	}
	for i, o := range ops {
		w, _ := d.operandOf(o)
		if !in[i] && !must[o] || !d.operands[w].write {
			continue
		}
		root := sets.find(d.operands[w].value)
		for m := root; ; {
			if d.readOnly[m-d.values.lo] {
				return false
			}
			for _, r := range d.usesOf(m) {
				if !d.operands[r].read {
					continue
				}
				if d.operands[w].parallel {
					return false
				}
				if slices.ContainsFunc(d.conflictsOf(r), func(c rawConflict) bool { return c.write == w }) {
					return false
				}
			}
			if m = sets.nextMember(m); m == root {
				break
			}
		}
	}
	return true
}
