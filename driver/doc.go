// Package driver is the bufferization driver: the Go side of the rules'
// contract (rules/contract), which evaluates the rule files with the
// engine (package solve) and does what Datalog cannot say in one
// evaluation. It owns five things:
//
//   - empty-tensor elimination (EliminateEmpty): rules/empty.mg on the
//     tensor module before the analysis, its replacements made by the
//     rewrite (rewrite.ReplaceEmpty);
//   - the in-place decisions (Decide): One-Shot Bufferize's greedy pass
//     over the operands, which asks the rules' conflict facts about the
//     alias sets of the decisions taken so far;
//   - the policies (OneShot in either order, MinCopy, CopyBeforeWrite):
//     which decisions to take, each a Policy over the same facts;
//   - the module scheduler (AnalyzeParts, AnalyzeModule): functions
//     analyzed callees first, each handed its callees' summaries;
//   - the deallocation fixpoint (PlanDeallocation): the deallocation
//     rules evaluated on the memref module until the assumptions about
//     calls' results are what the rules confirm, with the copies the rules
//     ask for inserted by the rewrite (rewrite.Clone).
//
// Every predicate it reads or adds is a handle of rules/contract, declared
// in the rule files and checked when they load; the engine knows none of
// them.
//
// # Data flow
//
//	ir.Module --EliminateEmpty (rules/empty.mg; rewrite.ReplaceEmpty)--> ir.Module
//	          --extract--> facts.DB per function (ModuleParts)
//	          --AnalyzeParts (rules/inplace*.mg, Policy, rules/decisions.mg)--> rewrite.Decisions + derived facts
//	          --rewrite.Bufferize--> memref ir.Module
//	          --PlanDeallocation (rules/dealloc*.mg; rewrite.Clone)--> DeallocPlan --rewrite.Deallocate--> frees
//
// # The decisions
//
// decide.go and module.go take One-Shot Bufferize's in-place decisions
// over what rules/inplace*.mg derives: Decide goes through the tensor
// operands in One-Shot's order and puts each in place unless the rules'
// raw_conflict, read_only_value or parallel_write_conflict facts, checked
// against the alias sets of the decisions so far, forbid it; an operand
// kept out of place records every raw_conflict row (or read-only value)
// that forbade it, for explanations. It reads each relation once, into
// slices indexed by op, value and operand number (a DB's ids are a dense
// range) with a flag per operand for conflict_read, operand_writes and
// parallel_write_conflict, so that a decision costs no hash lookup. The
// callees-first ranks of a call cycle's functions are computed starting
// from the one met first in op order, so the order is the same on every
// run. Analyze
// evaluates those facts, decides, adds the decisions as facts and
// evaluates what follows from them (rules/decisions.mg); AnalyzeParts
// does so per function, callees first, giving each caller its callees'
// summary facts. What a function's decisions need that reads none of
// those summaries (most of the in-place rules: structure, uses, walks) is
// an early phase that runs ahead, on other goroutines, while the callees
// are still being analyzed; on a chain of calls, which must be analyzed
// one function at a time, that is what keeps a second core busy. The
// early phase also fetches each part (ModuleParts.Part: the extraction of
// its function, with extract.Split), so that the extraction too runs
// beside the analysis of the parts before it; it takes the parts in the
// order of their analysis, at most earlyLead ahead of it, so that only a
// few parts not yet analyzed are held at once. What the analysis needs
// before it starts is plain data (ModuleParts.Funcs and Calls, the call
// graph), which the extraction's numbering gives without extracting
// anything. A caller's decisions wait only for the summaries they read;
// the others (which results are equivalent to which arguments) are
// derived after, beside the callers' decisions, and a caller waits for
// them only before it derives its own. AnalyzeModule is AnalyzeParts on
// parts already extracted, its call graph read from their func and call
// facts.
//
// A part's facts shrink as its phases go: each evaluation lets a relation
// go once no stratum left reads it (solve.Options.Release), keeping what
// the caller asked for, what the policies read (policyInputs) and what
// the later phases' programs need. A 100k-op function's analysis held
// every relation of every phase until its end; its largest tables (the
// conflict candidates) now go before the decisions are taken.
package driver
