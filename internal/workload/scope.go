package workload

import "strconv"

// scope reproduces how mlir-opt's printer (SSANameState in AsmPrinter.cpp)
// names SSA values within one region: results without a name hint get the
// next number, hinted results and block arguments get their hint, made unique
// with a "_N" suffix from a conflict counter. A nested region starts from a
// copy of the counters of its parent at the end of the parent's block and sees
// the parent's names; sibling regions do not see each other's names.
type scope struct {
	parent       *scope
	used         map[string]bool
	nextValue    int
	nextArg      int
	nextConflict int
}

func newScope(parent *scope) *scope {
	s := &scope{parent: parent, used: map[string]bool{}}
	if parent != nil {
		s.nextValue, s.nextArg, s.nextConflict = parent.nextValue, parent.nextArg, parent.nextConflict
	}
	return s
}

// child returns the scope of a region nested in s, as of now.
func (s *scope) child() *scope { return newScope(s) }

func (s *scope) isUsed(name string) bool {
	for p := s; p != nil; p = p.parent {
		if p.used[name] {
			return true
		}
	}
	return false
}

// named returns the printed name of a value whose op suggests hint.
func (s *scope) named(hint string) string {
	name := hint
	for s.isUsed(name) {
		name = hint + "_" + strconv.Itoa(s.nextConflict)
		s.nextConflict++
	}
	s.used[name] = true
	return "%" + name
}

// unnamed returns the printed name of a value without a name hint.
func (s *scope) unnamed() string {
	s.nextValue++
	return "%" + strconv.Itoa(s.nextValue-1)
}

// arg returns the printed name of an entry block argument of a region whose
// op does not name its arguments.
func (s *scope) arg() string {
	s.nextArg++
	return s.named("arg" + strconv.Itoa(s.nextArg-1))
}
