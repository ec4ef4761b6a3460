package solve

import (
	"context"
	"fmt"

	"github.com/google/mangle/analysis"
	"github.com/google/mangle/ast"
	"github.com/google/mangle/engine"
	"github.com/google/mangle/factstore"

	"bufferlog/facts"
)

// EvalMangle evaluates the program with Mangle's own engine instead of
// ours, for differential tests and benchmarks: it copies the program's
// relations from db into a Mangle fact store, runs
// engine.EvalStratifiedProgramWithStats, and adds every derived fact of a
// rule-defined predicate back to db. Mangle's engine has known bugs (it
// can lose facts in non-linear recursion; see doc.go), so a difference is
// not by itself a bug of Eval. The budget maps to Mangle's created-fact
// limit; the context is polled from the store, as Mangle has no
// cancellation of its own.
func (p *Program) EvalMangle(ctx context.Context, db *facts.DB, opt Options) (stats Stats, err error) {
	if !opt.Deadline.IsZero() {
		var cancel context.CancelFunc
		ctx, cancel = context.WithDeadline(ctx, opt.Deadline)
		defer cancel()
	}
	an, err := analysis.New(nil, p.decls, analysis.NoBoundsChecking)
	if err != nil {
		return stats, err
	}
	if err := an.EnsureDecl(p.clauses); err != nil {
		return stats, err
	}
	info, err := an.Analyze(p.clauses)
	if err != nil {
		return stats, err
	}
	strata, predToStratum, err := analysis.Stratify(analysis.Program{
		EdbPredicates: info.EdbPredicates, IdbPredicates: info.IdbPredicates, Rules: info.Rules})
	if err != nil {
		return stats, err
	}
	syms := db.Symbols()
	store := &cancelStore{FactStore: factstore.NewMultiIndexedArrayInMemoryStore(), done: ctx.Done()}
	for _, pr := range p.preds {
		r := db.Lookup(pr.sym.Symbol, pr.sym.Arity)
		for id := 0; r != nil && id < r.Len(); id++ {
			args := make([]ast.BaseTerm, pr.sym.Arity)
			for i, v := range r.Row(uint32(id)) {
				args[i] = Constant(syms, v)
			}
			store.Add(ast.Atom{Predicate: pr.sym, Args: args})
		}
	}
	maxFacts := opt.MaxFacts
	if maxFacts == 0 {
		maxFacts = DefaultMaxFacts(p.inputFacts(opt, db))
	}
	defer func() {
		if r := recover(); r != nil {
			if _, ok := r.(cancelled); !ok {
				panic(r)
			}
			err = fmt.Errorf("mangle engine stopped: %w", ctx.Err())
		}
	}()
	if _, err := engine.EvalStratifiedProgramWithStats(info, strata, predToStratum, store,
		engine.WithCreatedFactLimit(maxFacts)); err != nil {
		return stats, fmt.Errorf("mangle engine: %w", err)
	}
	derived := map[int]bool{}
	for _, s := range p.strata {
		for _, id := range s.preds {
			derived[id] = true
		}
	}
	tuple := []facts.Value{}
	for id, pr := range p.preds { // all of them: the source's facts too
		{
			sym := pr.sym
			rel := db.Relation(sym.Symbol, sym.Arity)
			err := store.GetFacts(ast.NewQuery(sym), func(a ast.Atom) error {
				tuple = tuple[:0]
				for _, arg := range a.Args {
					v, err := value(syms, arg)
					if err != nil {
						return fmt.Errorf("mangle engine derived %v: %w", a, err)
					}
					tuple = append(tuple, v)
				}
				if rel.Add(tuple) && derived[id] {
					stats.Derived++
				}
				return nil
			})
			if err != nil {
				return stats, err
			}
		}
	}
	return stats, nil
}

// value converts a Mangle constant to a Value.
func value(syms *facts.Symbols, t ast.BaseTerm) (facts.Value, error) {
	k, ok := t.(ast.Constant)
	if !ok {
		return 0, fmt.Errorf("%v is not a constant", t)
	}
	switch k.Type {
	case ast.NumberType:
		if !facts.InNumberRange(k.NumValue) {
			return 0, fmt.Errorf("number %d is out of the 63-bit range", k.NumValue)
		}
	case ast.NameType, ast.StringType:
	default:
		return 0, fmt.Errorf("constant %v is not a number, name or string", k)
	}
	return constantValue(syms, k), nil
}

// cancelStore polls a context from inside Mangle's engine, which calls
// the store constantly, and unwinds with a panic because the engine
// ignores the errors of positive lookups.
type cancelStore struct {
	factstore.FactStore
	done  <-chan struct{}
	calls uint32
}

type cancelled struct{}

func (s *cancelStore) poll() {
	s.calls++
	if s.done == nil || s.calls&0x3FF != 0 {
		return
	}
	select {
	case <-s.done:
		panic(cancelled{})
	default:
	}
}

func (s *cancelStore) GetFacts(q ast.Atom, cb func(ast.Atom) error) error {
	s.poll()
	return s.FactStore.GetFacts(q, cb)
}

func (s *cancelStore) Contains(a ast.Atom) bool {
	s.poll()
	return s.FactStore.Contains(a)
}

func (s *cancelStore) Add(a ast.Atom) bool {
	s.poll()
	return s.FactStore.Add(a)
}
