// Package solve evaluates Mangle Datalog rules over a facts.DB: it
// compiles rule files with Mangle's front end and evaluates them with its
// own stratified, semi-naive, bottom-up engine.
//
// # Data flow
//
//	Compile(Source...)   parse.Unit per file, or its tree stored ahead
//	                     of time (Source.Syntax; EncodeSyntax) when made
//	                     from the same text (Parse, whose Declarations
//	                     and Clauses a driver may check first);
//	                     analysis.New/EnsureDecl/Analyze for declarations,
//	                     arities, bound variables, functions and
//	                     transforms; analysis.Stratify for the strata; then
//	                     each clause is compiled to a rule with numbered
//	                     variable slots (Parsed.Compile).
//	Program.Eval(ctx, db, Options)
//	                     loads the facts written in the rule files, then
//	                     evaluates the strata in order, adding derived facts
//	                     to db's relations (created as needed).
//	Program.EvalMangle   the same program on Mangle's own engine, for
//	                     differential tests and benchmarks.
//	Program.EvalParts(ctx, parts, Options, workers)
//	                     Eval on each part of a DB split by function, in
//	                     parallel, where Program.FunctionLocal allows it.
//	Program.EvalAgain(ctx, db, Options, changed...)
//	                     after facts were added to given predicates of a
//	                     DB the program was evaluated on: drops what reads
//	                     them, directly or not, and derives it again.
//
// A Program is immutable and may be evaluated concurrently on separate
// DBs. Only Mangle's parse, ast and analysis packages are used at compile
// time, because Mangle's engine loses facts and is slow (see
// shared/notes/mangle.md).
//
// # Supported subset
//
// Atoms over declared or rule-defined predicates, with variables,
// constants (numbers, names, strings) and wildcards; stratified negation
// !p(...); comparisons <, <=, >, >= (numbers), = and !=; fn:plus,
// fn:minus, fn:mult and fn:div in X = expr, in let-transforms and in head
// arguments; |> do fn:group_by(...) with let statements of fn:count,
// fn:sum, fn:min, fn:max, or arithmetic over the group's values.
// Anything else (floats, lists, other built-ins or functions, packages,
// external predicates) is a compile error naming the file, line and
// column. Numbers are 63-bit (see facts.Value); arithmetic that leaves
// that range, division by zero and ordering non-numbers are evaluation
// errors naming the clause.
//
// # Evaluation
//
// Each stratum runs its aggregations first (stratification puts all they
// read below), then every rule once over everything, then rounds until no
// relation of the stratum grows. In a round a rule with k atoms of its own
// stratum runs k times: the i-th such atom reads only the facts new in
// the last round, those before it only older facts, those after it all
// facts up to the round's start. Every combination of facts that contains
// a new one is joined exactly once, so non-linear and mutual recursion
// are complete (this is where Mangle's engine loses facts). New facts are
// read only from the next round on (each atom reads a row-id range of its
// relation), so a rule queues its head tuples and adds them 64 at a time
// with facts.Relation.AddBatch, which overlaps the cache misses of their
// duplicate checks: on a large relation those misses are most of the cost
// of a derived fact. A relation that its stratum derives with no
// duplicates needs no check: the stratum is not recursive, the relation
// is empty when it starts, and the predicate's one rule has every
// variable of its positive atoms in its head and no wildcards in them,
// so each solution of the body, a combination of rows the join visits
// once, gives a head of its own. Its tuples are appended
// (facts.Relation.AppendDistinct) and it gets no duplicate set unless a
// later lookup of a whole tuple asks for one.
//
// Joins are nested loops over a plan made per rule, variant and round
// (plan.go): the delta atom first, or, in a rule's first pass, whichever
// first atom gives the cheapest greedy plan; then repeatedly the atom
// sharing a bound variable that is expected to match the fewest rows per
// binding. The estimate reads facts.Relation.Measure of the bound
// columns: the mean rows per key and the rows of the commonest key, since
// a few keys (the entry block of a function) often hold most rows,
// taken from the relation's declared keys or counted by an index on those
// columns if there is one, and otherwise sketched; a constant key's rows
// are counted by a pass (facts.Relation.Count). The many column sets a
// planner weighs and never looks up so cost no index. Negations,
// comparisons and assignments run as soon as their variables are bound.
// An atom with bound arguments looks them up through an index on exactly
// those columns, or through a dense index on a few of them whose chains
// are short, comparing the others row by row (facts.Relation.Finder):
// on a large function, op_in_block(B, Op, _) reads a table by Op instead
// of hashing both. With all arguments bound it walks such an index, or
// else probes the relation's duplicate set once. Bindings
// live in a fixed slot array per rule; nothing is allocated per binding.
// A rule whose inputs are all small runs a plan fixed at compile time;
// the steps built for it are kept, across rounds and across evaluations
// of the same Program (a module is evaluated function by function, so
// building them anew for each function would cost more than running
// them), and only rebound to the DB's relations, indexes and constants.
//
// With Options.Workers above one, a join whose first atom scans many rows
// is cut into chunks of those rows, joined on that many goroutines. They
// only read: each chunk keeps its head tuples until all are done, and
// they are then added chunk after chunk, so the rows get the ids, and the
// DB the content, that one goroutine would give. On a large DB the strata
// run at once too: each as soon as the strata whose predicates it reads
// are done. Such strata derive different relations and read only
// complete ones, so each relation is still written by one goroutine, in
// the order one goroutine would write it.
//
// A relation lives until the evaluation ends, unless Options.Release
// lets it go: then each relation it accepts goes back to the DB's spare
// storage (facts.DB.RecycleOf) as soon as every stratum that reads or
// derives it is done (release.go counts them down, so strata run at once
// need no order). A driver that evaluates a program in phases names what
// it and the later phases still read; the rest goes while the phase runs,
// and the phase's peak holds only what its remaining strata need.
//
// Options bound every evaluation: MaxFacts counts derived facts (and the
// rows aggregations group), by default BudgetPerFact per fact the
// evaluation starts from and at least BudgetFloor, and the context's
// deadline, or Options.Deadline, is polled every few thousand steps.
// Hitting either returns a *LimitError that wraps ErrBudget or the
// context's error and names the clause being evaluated, with the facts of
// its head derived so far: the relation that grows without end, when
// rules never stop.
//
// # Computed predicates
//
// A few relations have algorithms far cheaper than any Datalog
// formulation: the classes of an equivalence relation cost a union-find
// pass, where rules must build a closure with sum(size^2) facts. A rule
// file marks such a predicate in its declaration, for example
//
//	Decl class(V, R) descr [..., computed(/union_find, "edge", "node")].
//
// and still defines it with clauses. Eval computes it natively when its
// stratum starts (its inputs, which the clauses must read, are in lower
// strata), skips its clauses, and skips the helper predicates only those
// clauses need unless they are asked for by name. The clauses remain the
// definition: Options.Reference evaluates them instead, EvalMangle always
// does, and the tests check that both derive the same facts. There are
// four algorithms (computed.go). Two derive P(V, R) for every node and
// every end of an edge V: union_find, where R is the least number
// connected to V by edges taken in either direction, and
// strong_components, where R is the least number that V reaches and that
// reaches V along edges taken forward (Tarjan's algorithm: the cycles of
// a call graph without its transitive closure). The third,
// running_total, reads rows (G, K, N) and derives P(G, K, T), T the sum
// of the amounts of G's rows up to (N, K), smallest amount first: one
// sort where clauses would pair every row of a group with every other.
// The fourth, interval_reuse, reads rows (G, X, S, E), an item X of group
// G live from S to E, and derives P(X, Y) when X, taken in the order of
// starts, takes the storage of Y, the first freed (E < S) that no item
// took before: greedy interval partitioning with one queue, where
// clauses count, for each item, the items that start and that end
// before it.
//
// # Parallel evaluation
//
// extract.Functions splits a module's facts into parts, one per function
// (and one for the module level), with the same ids as the whole. A
// program whose rules never join facts of two parts derives on each part
// exactly the facts of the whole DB that hold its ids, so EvalParts
// evaluates the parts on several goroutines (a Program is immutable; parts
// share only the Symbols table, which is safe for concurrent use), and the
// union of their derived facts is the whole's (the facts the rule files
// give are in every part). FunctionLocal checks this syntactically, given
// the declarations: the predicates whose facts relate two functions
// (facts.Predicate.CrossFunction: call, and op_in_block and parent_op,
// which place functions in the module) and the kinds of every column. It
// holds when each clause of a predicate whose facts depend on the DB reads
// no CrossFunction predicate; its atoms over such predicates are connected
// through variables in id columns (op, value, block, region), so that all
// the facts it joins hold ids of one part; each negated atom over such a
// predicate has such a variable in an id column; and the head has id
// columns, each bound to such a variable (or to the fn:min or fn:max of
// one). Joins through numbers, strings or names, global aggregates and
// derived facts without ids fail the check; predicates given by the rule
// files' facts alone are the same in every part and need none of it. A
// computed predicate is checked by the clauses that define it, which
// derive what its computation does. A query that fails the check runs on
// the whole module.
//
// # Semantics where Mangle's implementation differs
//
//   - Aggregation groups the distinct bindings of all body variables,
//     each wildcard of a positive atom counting as its own variable, so
//     n(V, N) :- alias(V, _) |> do fn:group_by(V), let N = fn:count()
//     counts alias facts whether or not the body has other atoms. Mangle
//     counts facts for a one-atom body but projects wildcards away
//     otherwise. Groups are told apart by comparing their keys (Mangle
//     merges groups whose 32-bit hashes collide), and two aggregation
//     rules with the same head are evaluated separately (Mangle merges
//     their internal relations).
//   - Aggregation rules run before the other rules of their stratum, so
//     those see their facts; Mangle applies them after the fixpoint.
//   - !p(X, _) means that no p fact has X in its first column. Mangle's
//     analysis either rejects such a clause or drops the negation while
//     rewriting it, so Compile shows it a constant in place of each
//     negated wildcard, and stratifies the clauses as written.
package solve
