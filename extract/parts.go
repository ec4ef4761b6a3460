package extract

import (
	"bufferlog/facts"
	"bufferlog/ir"
)

// Parts is a module split into the parts of Functions, numbered but not
// extracted: each part is extracted on demand (Extract), so that the
// analysis of the first parts can start while the others are still to be
// extracted, and only the parts at hand need be held. Names and the call
// graph are known at once, from the numbering.
type Parts struct {
	e      *extraction
	pieces [][]*piece // per part; none in part 0, the module op's
	dbs    []*facts.DB
	// errs holds the error of each part that failed, and failed the
	// index of the piece that failed, to find the first in module order.
	errs   []error
	failed []int
}

// Split numbers m and splits it as Functions does, without extracting
// any part.
func Split(m *ir.Module, opts Options) *Parts {
	e := prepare(m, opts)
	_, members := e.mod.parts(e.pieces)
	n := len(members) + 1
	return &Parts{e: e, pieces: append([][]*piece{nil}, members...), dbs: make([]*facts.DB, n), errs: make([]error, n), failed: make([]int, n)}
}

// Names maps the ids of every part back to the module.
func (s *Parts) Names() *Names { return s.e.names }

// CallGraph returns, per part, the ids of its func.func ops and of the
// functions its func.call ops call: the first columns of its func facts
// and the second of its call facts, in the order of those facts.
func (s *Parts) CallGraph() (funcs, calls [][]int64) {
	funcs, calls = make([][]int64, len(s.pieces)), make([][]int64, len(s.pieces))
	for i, pieces := range s.pieces {
		for _, p := range pieces {
			for _, f := range p.funcs {
				funcs[i] = append(funcs[i], int64(f.id))
			}
			for _, op := range p.calls {
				if f, ok := s.e.mod.callee(op); ok {
					calls[i] = append(calls[i], int64(f))
				}
			}
		}
	}
	return funcs, calls
}

// TopLevel is a top-level op of a module and the op ids it takes: its
// own and those of the ops nested in it, First up to End.
type TopLevel struct {
	Op         *ir.Operation
	First, End int
}

// TopLevels returns the top-level ops of part i, in module order (none
// for part 0: the module op, id 0, is all it holds).
func (s *Parts) TopLevels(i int) []TopLevel {
	out := make([]TopLevel, len(s.pieces[i]))
	for k, p := range s.pieces[i] {
		out[k] = TopLevel{Op: p.op, First: int(p.first.ops), End: int(p.first.ops + p.size.ops)}
	}
	return out
}

// Extract extracts part i: the same DB as Functions' parts[i]. It may run
// for several parts at once, each part being extracted at most once. Its
// error is the part's own; Err gives the module's.
func (s *Parts) Extract(i int) (*facts.DB, error) {
	db := facts.NewDB(s.e.mod.syms)
	reserve(db, s.pieces[i], s.e.mod.skip)
	x := newExtractor(s.e.mod, s.e.names, direct(db, &s.e.mod.skip))
	x.workers = s.e.workers
	if i == 0 {
		x.module(s.e.m.Op)
	}
	if err := x.topLevels(s.pieces[i]); err != nil {
		s.errs[i], s.failed[i] = err, x.piece.index
		return nil, err
	}
	declareKeys(db, &s.e.mod.skip)
	s.dbs[i] = db
	return db, nil
}

// DBs returns the parts extracted so far, nil for the others.
func (s *Parts) DBs() []*facts.DB { return s.dbs }

// Err returns the error Functions gives for the module: that of the first
// top-level op, in module order, whose extraction fails, or nil. To know
// it, it extracts the parts not extracted yet. It must not run beside
// Extract.
func (s *Parts) Err() error {
	var err error
	first := len(s.e.pieces)
	for i := range s.pieces {
		if s.dbs[i] == nil && s.errs[i] == nil {
			s.Extract(i)
		}
		if s.errs[i] != nil && s.failed[i] < first {
			err, first = s.errs[i], s.failed[i]
		}
	}
	return err
}
