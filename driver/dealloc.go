package driver

import (
	"cmp"
	"context"
	"fmt"
	"maps"
	"slices"

	"bufferlog/extract"
	"bufferlog/facts"
	"bufferlog/ir"
	"bufferlog/rewrite"
	"bufferlog/rules/contract"
	"bufferlog/solve"
)

// deallocPredicates are the derived predicates the deallocation driver
// reads (rules/dealloc*.mg), evaluated on the facts of the bufferized
// module.
var deallocPredicates = contract.Names(contract.NeedsClone, contract.CloneIfPicked, contract.ReturnsOwned, contract.UnconfirmedWith, contract.InCallCycle, contract.DeallocAfter,
	contract.DeallocFirst, contract.DeallocBefore, contract.DeallocWhen, contract.DeallocInBlock, contract.DeallocOnEdge,
	contract.DeallocOnBranch, contract.KeptAlive, contract.Moves, contract.StackBuffer, contract.HoistAlloc, contract.OutParam,
	contract.Reuses, contract.ReuseOverlap, contract.UnfollowedFree)

// DeallocDriverPredicates names the predicates whose facts the
// deallocation driver adds: a query that needs them runs the driver.
func DeallocDriverPredicates() []string {
	return contract.Names(contract.FreshResult, contract.StackLimit, contract.Optimization)
}

// DeallocPlan is the final evaluation of the deallocation rules: the
// facts of the module with its clones, and what the rules derived there.
type DeallocPlan struct {
	DB     *facts.DB
	Names  *extract.Names
	Rounds int
	// Copies are the copies made for needs_clone facts, in order.
	Copies []rewrite.Copy
	// Hoists are the allocations moved out of loops for hoist_alloc
	// facts, in order.
	Hoists []rewrite.Hoist
	// OutParams are the function results made arguments for out_param
	// facts, in order.
	OutParams []rewrite.OutParam
}

// Cloner inserts the copies that the needs_clone facts of db ask for and
// returns them (rewrite.Options.Clone).
type Cloner func(names *extract.Names, db *facts.DB) []rewrite.Copy

// Hoister moves the allocations that the hoist_alloc facts of db name out
// of their loops and returns the moves (rewrite.HoistAllocs).
type Hoister func(names *extract.Names, db *facts.DB) ([]rewrite.Hoist, error)

// OutParamer makes the function results that the out_param facts of db
// name arguments that the calls allocate, and returns them
// (rewrite.Options.ResultsToOutParams).
type OutParamer func(names *extract.Names, db *facts.DB) ([]rewrite.OutParam, error)

// Deallocation says how PlanDeallocation evaluates the deallocation
// rules.
type Deallocation struct {
	// Clone inserts the copies the rules ask for; nil leaves the
	// needs_clone facts unapplied, to evaluate the rules on memref IR
	// without changing it.
	Clone Cloner
	// Hoist moves allocations out of loops as the rules ask; nil leaves
	// the hoist_alloc facts unapplied.
	Hoist Hoister
	// OutParams makes function results arguments as the rules ask; nil
	// leaves the out_param facts unapplied.
	OutParams OutParamer
	// Optimize names the buffer optimizations the rules may make
	// (optimization: "hoist", "stack", "move", "reuse", "out_params",
	// "out_params_public"); none when empty.
	Optimize []string
	// MaxStackBytes is the stack that the buffers of one function
	// promoted to memref.alloca may take (stack_limit); 0 promotes none.
	MaxStackBytes int64
	// Extract extracts a module's facts, as extract.Module does.
	Extract func(*ir.Module) (*facts.DB, *extract.Names, error)
	// Release lets each evaluation drop a relation once no stratum left
	// reads it (solve.Options.Release), unless the driver, the rewrite or
	// a later round reads it: for a caller that reads nothing else of the
	// plan's DB.
	Release bool
}

// PlanDeallocation evaluates rules/dealloc*.mg (in prog) on the memref
// module m until nothing changes. Whether a call's result is the
// caller's to free depends on the callee's returns (returns_owned), which
// depend on its own calls: the rules cannot say it in one evaluation, so
// the driver gives each evaluation its assumptions as fresh_result facts.
// The first assumes every memref result of a called function fresh; each
// round keeps the ones the rules confirm (returns_owned), less those
// resting on results they do not (unconfirmed_with), and evaluates again,
// deriving only what depends on them (solve.Program.EvalAgain), until
// the assumptions are exactly what the rules confirm. A call chain of any
// depth settles in a round or two (without unconfirmed_with, a chain
// returning a borrowed buffer took a round per call). A function of a
// call cycle (in_call_cycle) whose result is found not fresh is never
// assumed fresh again, so recursion settles too: what remains is consistent, each
// recursive call's result fresh if the deeper calls' were. Then
// d.OutParams makes the function results the rules ask for arguments
// (out_param), or else d.Hoist moves the allocations they ask for out of
// their loops (hoist_alloc), or else d.Clone inserts the copies they ask for
// (needs_clone), and m's facts are extracted anew, and it starts over;
// an operand is cloned once (a rule set asking twice is an error, not a
// reason to go on). Each extraction gets d.MaxStackBytes as the
// stack_limit fact and d.Optimize as optimization facts. rules.Limits
// bound each evaluation.
func PlanDeallocation(ctx context.Context, rules Rules, m *ir.Module, d Deallocation) (*DeallocPlan, error) {
	prog, opt := rules.Program.Restrict(deallocPredicates...), rules.Limits
	if d.Release {
		opt.Release = releasable(prog)
	}
	plan := &DeallocPlan{}
	cloned := map[cloneSite]bool{}
	var fresh, dropped map[funcResult]bool
	for {
		plan.Rounds++
		var err error
		if plan.DB == nil {
			// The first round, or m changed: its facts anew.
			var db *facts.DB
			if db, plan.Names, err = d.Extract(m); err != nil {
				return nil, err
			}
			contract.StackLimit.In(db).Add([]facts.Value{facts.Number(d.MaxStackBytes)})
			for _, o := range d.Optimize {
				contract.Optimization.In(db).Add([]facts.Value{db.Symbols().Name("/" + o)})
			}
			fresh, dropped = calledBuffers(db, plan.Names), map[funcResult]bool{}
			addFresh(db, plan.Names, fresh)
			_, err = prog.Eval(ctx, db, opt)
			plan.DB = db
		} else {
			// Only the assumptions changed: m's facts stand, and only
			// what depends on fresh_result is derived again.
			plan.DB.Retain(func(name string) bool { return name != contract.FreshResult.Name() })
			addFresh(plan.DB, plan.Names, fresh)
			_, err = prog.EvalAgain(ctx, plan.DB, opt, contract.FreshResult.Name())
		}
		if err != nil {
			return nil, err
		}
		db, names := plan.DB, plan.Names
		if next := confirmed(db, names, fresh, dropped); !maps.Equal(next, fresh) {
			fresh = next
			continue
		}
		changed, err := apply(d.OutParams, names, db, &plan.OutParams)
		if err == nil && !changed {
			changed, err = apply(d.Hoist, names, db, &plan.Hoists)
		}
		if err != nil {
			return nil, err
		}
		if changed {
			plan.Release()
			continue
		}
		var copies []rewrite.Copy
		if d.Clone != nil {
			if err := cloneOnce(names, db, cloned); err != nil {
				return nil, err
			}
			copies = d.Clone(names, db)
		}
		if len(copies) == 0 {
			if err := unfollowed(names, db); err != nil {
				return nil, err
			}
			return plan, overlapping(names, db)
		}
		plan.Copies = append(plan.Copies, copies...)
		plan.Release()
	}
}

// releasable accepts the predicates of prog, the deallocation rules,
// whose facts no one reads once the strata reading them are done: not
// those Go reads (the contract's), nor those a later round reads without
// deriving them again (what does not depend on fresh_result, read by
// what does), nor the call graph (calledBuffers, confirmed).
func releasable(prog *solve.Program) func(name string) bool {
	fresh := contract.Names(contract.FreshResult)
	again, standing := prog.DerivedBy(prog, fresh).Needed(), prog.IndependentOf(fresh).Needed()
	keep := map[string]bool{facts.Call.Name(): true}
	for name := range again {
		keep[name] = standing[name]
	}
	for _, p := range contract.Read() {
		keep[p.Name()] = true
	}
	return func(name string) bool { return !keep[name] }
}

// Release hands the storage of the plan's DB to the relations made after
// (facts.DB.Recycle), such as those of the next extraction, and drops it:
// nothing read from it may be used after. A round that changes the module
// lets its DB go so; so may the caller once it has applied the plan.
func (p *DeallocPlan) Release() {
	p.DB.Recycle(func(string) bool { return false })
	p.DB = nil
}

// unfollowed is an error at the first of the input's frees that the
// rules cannot follow (unfollowed_free).
func unfollowed(names *extract.Names, db *facts.DB) error {
	frees := contract.Pairs(db, contract.UnfollowedFree)
	if len(frees) == 0 {
		return nil
	}
	first := slices.MinFunc(frees, func(a, b [2]int64) int { return cmp.Compare(a[0], b[0]) })
	return fmt.Errorf("%s: error: this memref.dealloc frees %s, which may hold buffers bufferlog frees too (a block argument, or a result or iter_arg of a region op): free only allocations and call results, or keep every free of the input with --dealloc=none",
		names.Locate(facts.OpKind, int(first[0])), names.ValueName(int(first[1])))
}

// overlapping is an error naming the first reuse_overlap fact of db:
// rules that let two live buffers share storage.
func overlapping(names *extract.Names, db *facts.DB) error {
	pairs := contract.Pairs(db, contract.ReuseOverlap)
	if len(pairs) == 0 {
		return nil
	}
	b, a := int(pairs[0][0]), int(pairs[0][1])
	return fmt.Errorf("%s: internal error: the deallocation rules let %s take the storage of %s, which may still be live there (reuse_overlap; %d such facts)",
		names.Locate(facts.ValueKind, b), names.ValueName(b), names.ValueName(a), len(pairs))
}

// apply makes the changes of m that change (nil: none) reads off db,
// appending them to done, and reports whether it made any: then m's
// facts must be extracted anew.
func apply[T any](change func(*extract.Names, *facts.DB) ([]T, error), names *extract.Names, db *facts.DB, done *[]T) (bool, error) {
	if change == nil {
		return false, nil
	}
	made, err := change(names, db)
	*done = append(*done, made...)
	return len(made) > 0, err
}

// calledBuffers returns the memref results of the functions db's calls
// call: the first assumptions of PlanDeallocation.
func calledBuffers(db *facts.DB, names *extract.Names) map[funcResult]bool {
	out := map[funcResult]bool{}
	for _, c := range contract.Pairs(db, facts.Call) {
		call, fn := names.Op(int(c[0])), names.Op(int(c[1]))
		for j, r := range call.Results() {
			if ir.IsMemRef(r.Type()) {
				out[funcResult{fn, int64(j)}] = true
			}
		}
	}
	return out
}

// confirmed returns the function results the rules found fresh under the
// assumptions fresh (returns_owned of a function something calls; a
// function nothing calls gives no fact, and costs no further round),
// less those owned only through results found not fresh (unconfirmed_with:
// a call chain's results go in one round, not one per call). A
// result of a function of a call cycle assumed fresh and not confirmed
// goes into dropped, and is not confirmed again.
func confirmed(db *facts.DB, names *extract.Names, fresh, dropped map[funcResult]bool) map[funcResult]bool {
	called, cyclic := map[int64]bool{}, map[*ir.Operation]bool{}
	for _, c := range contract.Pairs(db, facts.Call) {
		called[c[1]] = true
	}
	for _, f := range contract.Singles(db, contract.InCallCycle) {
		cyclic[names.Op(int(f))] = true
	}
	out := map[funcResult]bool{}
	for _, p := range contract.Pairs(db, contract.ReturnsOwned) {
		if res := (funcResult{names.Op(int(p[0])), p[1]}); called[p[0]] && !dropped[res] {
			out[res] = true
		}
	}
	for res := range fresh {
		if cyclic[res.fn] && !out[res] {
			dropped[res] = true
		}
	}
	for _, p := range contract.Pairs(db, contract.UnconfirmedWith) {
		delete(out, funcResult{names.Op(int(p[0])), p[1]})
	}
	return out
}

// cloneSite is operand I of an op.
type cloneSite struct {
	op *ir.Operation
	i  int64
}

// cloneOnce records in cloned the operands that db's needs_clone and
// clone_if_picked facts ask Clone to copy, and fails if one was copied in
// an earlier round: a copy hands on a buffer nothing else holds, so
// asking again means the rules never settle. Clone copies clonable
// values only.
func cloneOnce(names *extract.Names, db *facts.DB, cloned map[cloneSite]bool) error {
	sites := contract.Pairs(db, contract.NeedsClone)
	for _, t := range contract.Triples(db, contract.CloneIfPicked) {
		sites = append(sites, [2]int64{t[0], t[1]})
	}
	for _, p := range sites {
		site := cloneSite{names.Op(int(p[0])), p[1]}
		if !rewrite.Clonable(site.op.Operand(int(site.i)).Type()) {
			continue
		}
		if cloned[site] {
			return fmt.Errorf("internal error: the deallocation rules ask again to clone operand %d of %s after its copy", site.i, site.op.Name)
		}
		cloned[site] = true
	}
	return nil
}

// funcResult is result j of the function fn.
type funcResult struct {
	fn *ir.Operation
	j  int64
}

// addFresh gives db the fresh_result facts of results.
func addFresh(db *facts.DB, names *extract.Names, results map[funcResult]bool) {
	given := contract.FreshResult.In(db)
	for r := range results {
		if id, ok := names.OpID(r.fn); ok {
			given.Add([]facts.Value{facts.Number(int64(id)), facts.Number(r.j)})
		}
	}
}
