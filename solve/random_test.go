package solve

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/google/mangle/ast"
	"github.com/google/mangle/parse"

	"bufferlog/facts"
)

// genPred is a predicate of a random program. A column holds numbers or
// names (isName), so that comparisons and arithmetic stay well-typed.
type genPred struct {
	name   string
	isName []bool
	level  int // 0: extensional
	agg    bool
}

type progGen struct {
	rnd    *rand.Rand
	domain int
	preds  []*genPred
	text   strings.Builder
	extra  []ast.Atom // facts handed over in the DB rather than the text
	level  map[string]int
	seen   features
}

// features records what a program exercises, to check the generator's
// coverage.
type features struct {
	nonLinear, mutual, negation, aggregation, arithmetic bool
	distinct                                             bool // a predicate appended with no duplicate check
}

// ruleGen tracks the variables of one rule being generated.
type ruleGen struct {
	vars   map[string]bool // name -> isName, for bound variables
	nvars  int
	isName map[string]bool
}

// compiled returns the program of seed compiled, and its text.
func compiled(t testing.TB, seed uint64) (*progGen, *Program, string) {
	t.Helper()
	g := newProgram(seed)
	src := g.text.String()
	prog, err := Compile(Source{Name: "random.mg", Text: src})
	if err != nil {
		t.Fatalf("seed %d: compile: %v\n%s", seed, err, src)
	}
	return g, prog, src
}

func newProgram(seed uint64) *progGen {
	g := &progGen{rnd: rand.New(rand.NewPCG(seed, 7)), domain: 3 + int(seed%4), level: map[string]int{}}
	nedb := 2 + g.rnd.IntN(2)
	for i := range nedb {
		p := &genPred{name: fmt.Sprintf("e%d", i), isName: g.types(1 + g.rnd.IntN(3))}
		g.preds = append(g.preds, p)
		g.declare(p)
		g.edbFacts(p)
	}
	nlevels := 1 + g.rnd.IntN(3)
	for l := 1; l <= nlevels; l++ {
		for i := range 1 + g.rnd.IntN(3) {
			p := &genPred{name: fmt.Sprintf("p%d_%d", l, i), isName: g.types(max(1, g.rnd.IntN(5)) % 4), level: l}
			if l > 1 && g.rnd.IntN(4) == 0 {
				p.agg = true
				p.isName = append(g.types(g.rnd.IntN(3)), false) // keys..., aggregate
			}
			g.preds = append(g.preds, p)
			g.level[p.name] = l
		}
	}
	for _, p := range g.preds {
		if p.level == 0 {
			continue
		}
		if p.agg {
			for range 1 + g.rnd.IntN(2) {
				g.aggRule(p)
			}
			g.seen.aggregation = true
		}
		for range 1 + g.rnd.IntN(3) {
			if !p.agg || g.rnd.IntN(3) == 0 {
				g.rule(p)
			}
		}
		if g.rnd.IntN(5) == 0 {
			g.fact(p, false)
		}
	}
	return g
}

func (g *progGen) types(n int) []bool {
	t := make([]bool, n)
	for i := range t {
		t[i] = g.rnd.IntN(5) == 0
	}
	return t
}

func (g *progGen) declare(p *genPred) {
	args := make([]string, len(p.isName))
	for i := range args {
		args[i] = fmt.Sprintf("A%d", i)
	}
	fmt.Fprintf(&g.text, "Decl %s(%s).\n", p.name, strings.Join(args, ", "))
}

func (g *progGen) constant(isName bool) string {
	if isName {
		return fmt.Sprintf("/n%d", g.rnd.IntN(g.domain))
	}
	return fmt.Sprint(g.rnd.IntN(g.domain))
}

func (g *progGen) edbFacts(p *genPred) {
	for range g.rnd.IntN(5 * g.domain) {
		g.fact(p, g.rnd.IntN(2) == 0)
	}
}

// fact writes a random fact into the text, or hands it over in the DB.
func (g *progGen) fact(p *genPred, viaDB bool) {
	args := make([]string, len(p.isName))
	for i, n := range p.isName {
		args[i] = g.constant(n)
	}
	if !viaDB {
		fmt.Fprintf(&g.text, "%s(%s).\n", p.name, strings.Join(args, ", "))
		return
	}
	a, err := parse.Atom(fmt.Sprintf("%s(%s)", p.name, strings.Join(args, ", ")))
	if err != nil {
		panic(err)
	}
	g.extra = append(g.extra, a)
}

func (g *progGen) pick(pred func(*genPred) bool) *genPred {
	var c []*genPred
	for _, p := range g.preds {
		if pred(p) {
			c = append(c, p)
		}
	}
	if len(c) == 0 {
		return nil
	}
	return c[g.rnd.IntN(len(c))]
}

// atom writes a positive atom over p, binding new variables in rg.
func (g *progGen) atom(p *genPred, rg *ruleGen, wildcards bool) string {
	args := make([]string, len(p.isName))
	for i, isName := range p.isName {
		switch r := g.rnd.IntN(20); {
		case r < 9:
			if v := g.boundVar(rg, isName); v != "" {
				args[i] = v
				continue
			}
			fallthrough
		case r < 16:
			v := fmt.Sprintf("V%d", rg.nvars)
			rg.nvars++
			rg.isName[v] = isName
			args[i] = v
		case r < 18:
			args[i] = g.constant(isName)
		default:
			if wildcards {
				args[i] = "_"
			} else {
				args[i] = g.constant(isName)
			}
		}
	}
	for i, a := range args {
		if strings.HasPrefix(a, "V") {
			rg.vars[a] = p.isName[i]
		}
	}
	return fmt.Sprintf("%s(%s)", p.name, strings.Join(args, ", "))
}

// boundVar returns a bound variable of the given type, or "".
func (g *progGen) boundVar(rg *ruleGen, isName bool) string {
	var c []string
	for v, n := range rg.vars {
		if n == isName {
			c = append(c, v)
		}
	}
	if len(c) == 0 {
		return ""
	}
	sort.Strings(c)
	return c[g.rnd.IntN(len(c))]
}

// body writes positive atoms over predicates up to level maxLevel (at
// least one), in shuffled order, plus negations of lower predicates.
func (g *progGen) body(rg *ruleGen, level int, recursive bool) []string {
	var atoms []string
	sameLevel := 0
	for i := range 1 + g.rnd.IntN(3) {
		p := g.pick(func(q *genPred) bool {
			if recursive && i > 0 && g.rnd.IntN(2) == 0 {
				return q.level == level
			}
			return q.level < level || (recursive && q.level == level)
		})
		if p == nil {
			p = g.preds[0]
		}
		if p.level == level {
			sameLevel++
		}
		atoms = append(atoms, g.atom(p, rg, true))
	}
	if sameLevel > 1 {
		g.seen.nonLinear = true
	}
	g.rnd.Shuffle(len(atoms), func(i, j int) { atoms[i], atoms[j] = atoms[j], atoms[i] })
	if g.rnd.IntN(3) == 0 {
		if p := g.pick(func(q *genPred) bool { return q.level < level }); p != nil {
			args := make([]string, len(p.isName))
			for i, isName := range p.isName {
				switch r := g.rnd.IntN(6); {
				case r < 3:
					if v := g.boundVar(rg, isName); v != "" {
						args[i] = v
						continue
					}
					fallthrough
				case r < 5:
					args[i] = g.constant(isName)
				default:
					args[i] = "_"
				}
			}
			neg := fmt.Sprintf("!%s(%s)", p.name, strings.Join(args, ", "))
			at := g.rnd.IntN(len(atoms) + 1) // anywhere: analysis delays it
			atoms = append(atoms[:at], append([]string{neg}, atoms[at:]...)...)
			g.seen.negation = true
		}
	}
	return atoms
}

// filters writes comparisons and assignments over bound variables.
func (g *progGen) filters(rg *ruleGen) []string {
	var out []string
	if g.rnd.IntN(3) == 0 {
		if x := g.boundVar(rg, false); x != "" {
			y := g.constant(false)
			if z := g.boundVar(rg, false); z != "" && g.rnd.IntN(2) == 0 {
				y = z
			}
			ops := []string{"<", "<=", ">", ">=", "!=", "="}
			out = append(out, fmt.Sprintf("%s %s %s", x, ops[g.rnd.IntN(len(ops))], y))
		}
	}
	if g.rnd.IntN(4) == 0 {
		if x := g.boundVar(rg, false); x != "" {
			fns := []string{"fn:plus", "fn:minus", "fn:mult", "fn:div"}
			fn := fns[g.rnd.IntN(len(fns))]
			c := 1 + g.rnd.IntN(2)
			v := fmt.Sprintf("V%d", rg.nvars)
			rg.nvars++
			// Bounded, so that recursion through arithmetic terminates.
			out = append(out, fmt.Sprintf("%s = %s(%s, %d)", v, fn, x, c),
				fmt.Sprintf("%s <= %d", v, g.domain+1), fmt.Sprintf("%s >= -2", v))
			rg.vars[v] = false
			g.seen.arithmetic = true
		}
	}
	return out
}

func (g *progGen) headArgs(p *genPred, rg *ruleGen) []string {
	args := make([]string, len(p.isName))
	for i, isName := range p.isName {
		if v := g.boundVar(rg, isName); v != "" && g.rnd.IntN(5) != 0 {
			args[i] = v
		} else {
			args[i] = g.constant(isName)
		}
	}
	return args
}

func (g *progGen) rule(p *genPred) {
	rg := &ruleGen{vars: map[string]bool{}, isName: map[string]bool{}}
	body := g.body(rg, p.level, !p.agg)
	for _, a := range body {
		name := strings.TrimPrefix(a[:strings.Index(a, "(")], "!")
		if q := g.level[name]; q == p.level && name != p.name {
			g.seen.mutual = true
		}
	}
	body = append(body, g.filters(rg)...)
	fmt.Fprintf(&g.text, "%s(%s) :- %s.\n", p.name, strings.Join(g.headArgs(p, rg), ", "), strings.Join(body, ", "))
}

// aggRule writes a do-rule: group by the head's key columns and reduce.
func (g *progGen) aggRule(p *genPred) {
	rg := &ruleGen{vars: map[string]bool{}, isName: map[string]bool{}}
	body := append(g.body(rg, p.level, false), g.filters(rg)...)
	keyTypes := p.isName[:len(p.isName)-1]
	var keys []string
	used := map[string]bool{}
	for _, isName := range keyTypes {
		v := g.boundVar(rg, isName)
		if v == "" || used[v] {
			// No fresh key variable of this type: bind one to a constant.
			v = fmt.Sprintf("V%d", rg.nvars)
			rg.nvars++
			body = append(body, fmt.Sprintf("%s = %s", v, g.constant(isName)))
		}
		used[v] = true
		keys = append(keys, v)
	}
	reducer := "fn:count()"
	if x := g.boundVar(rg, false); x != "" {
		reducer = []string{"fn:count()", fmt.Sprintf("fn:sum(%s)", x), fmt.Sprintf("fn:min(%s)", x), fmt.Sprintf("fn:max(%s)", x)}[g.rnd.IntN(4)]
	}
	let := "let N = " + reducer
	result := "N"
	if g.rnd.IntN(4) == 0 {
		let += ", let M = fn:plus(N, 1)"
		result = "M"
	}
	fmt.Fprintf(&g.text, "%s(%s) :- %s |> do fn:group_by(%s), %s.\n", p.name,
		strings.Join(append(keys, result), ", "), strings.Join(body, ", "), strings.Join(keys, ", "), let)
}

// engineFacts renders every relation of db as fact texts.
func engineFacts(db *facts.DB) map[string]bool {
	out := map[string]bool{}
	for _, r := range db.Relations() {
		for id := 0; id < r.Len(); id++ {
			args := make([]ast.Constant, r.Arity())
			for i, v := range r.Row(uint32(id)) {
				args[i] = Constant(db.Symbols(), v)
			}
			out[factText(r.Name(), args)] = true
		}
	}
	return out
}

// totalRows counts the rows of db's relations.
func totalRows(db *facts.DB) int {
	n := 0
	for _, r := range db.Relations() {
		n += r.Len()
	}
	return n
}

func loadAtoms(t testing.TB, db *facts.DB, atoms []ast.Atom) {
	for _, a := range atoms {
		tuple := make([]facts.Value, len(a.Args))
		for i, arg := range a.Args {
			v, err := value(db.Symbols(), arg)
			if err != nil {
				t.Fatal(err)
			}
			tuple[i] = v
		}
		db.Relation(a.Predicate.Symbol, a.Predicate.Arity).Add(tuple)
	}
}

func diff(want, got map[string]bool) string {
	var missing, extra []string
	for f := range want {
		if !got[f] {
			missing = append(missing, f)
		}
	}
	for f := range got {
		if !want[f] {
			extra = append(extra, f)
		}
	}
	if len(missing)+len(extra) == 0 {
		return ""
	}
	sort.Strings(missing)
	sort.Strings(extra)
	return fmt.Sprintf("missing %v, extra %v", missing, extra)
}

const randomPrograms = 600

// TestRandomProgramsMatchNaive compares the engine with the naive
// evaluator on random programs: recursion (mutual and non-linear),
// stratified negation with wildcards, comparisons, arithmetic and
// aggregation, with facts both in the text and in the DB.
func TestRandomProgramsMatchNaive(t *testing.T) {
	var seen features
	derived := 0
	for seed := range uint64(randomPrograms) {
		g := newProgram(seed)
		src := g.text.String()
		want, err := naiveEval(src, g.extra, g.level)
		if err != nil {
			t.Fatalf("seed %d: naive: %v\n%s", seed, err, src)
		}
		prog, err := Compile(Source{Name: "random.mg", Text: src})
		if err != nil {
			t.Fatalf("seed %d: compile: %v\n%s", seed, err, src)
		}
		// The second evaluation, on a DB of its own, takes over what the
		// first left for it (runners, arrays by predicate, room per
		// relation), as a module's functions do.
		for round := range 2 {
			db := facts.NewDB(nil)
			loadAtoms(t, db, g.extra)
			st, err := prog.Eval(context.Background(), db, Options{MaxFacts: 1_000_000})
			if err != nil {
				t.Fatalf("seed %d, evaluation %d: eval: %v\n%s", seed, round+1, err, src)
			}
			got := engineFacts(db)
			if d := diff(want, got); d != "" {
				t.Fatalf("seed %d, evaluation %d: engine differs from naive: %s\n%s", seed, round+1, d, src)
			}
			// A relation holds each fact once, however it was added.
			if rows := totalRows(db); rows != len(got) {
				t.Fatalf("seed %d, evaluation %d: %d rows hold %d facts\n%s", seed, round+1, rows, len(got), src)
			}
			derived += st.Derived
		}
		strata, _ := prog.plan(false)
		seen.distinct = seen.distinct || slices.ContainsFunc(strata, func(s stratum) bool { return len(s.distinct) > 0 })
		seen.nonLinear = seen.nonLinear || g.seen.nonLinear
		seen.mutual = seen.mutual || g.seen.mutual
		seen.negation = seen.negation || g.seen.negation
		seen.aggregation = seen.aggregation || g.seen.aggregation
		seen.arithmetic = seen.arithmetic || g.seen.arithmetic
	}
	if !seen.nonLinear || !seen.mutual || !seen.negation || !seen.aggregation || !seen.arithmetic || !seen.distinct {
		t.Errorf("generator missed a feature: %+v", seen)
	}
	t.Logf("%d random programs, each evaluated twice, identical to the naive evaluator (%d derived facts in all)", randomPrograms, derived)
}
