package facts

import "sync"

// rows holds a relation's tuples row-major, in 32 bits a value while every
// value it has been given packs into 32 (pack), in 64 from the first that
// does not. Facts are mostly ids and positions, small non-negative
// numbers, and names and strings of a symbol table far below 2^30
// entries: packed, rows took half the memory, which on a 100k-op
// function was a third of what its analysis held at its peak.
type rows struct {
	packed []uint32 // while !wide
	values []Value  // once wide
	wide   bool
}

const (
	packedSymbol = 1 << 31 // a packed name or string; below it, a number
	packedString = 1 << 30 // with packedSymbol: a string
	packedID     = packedString - 1
)

// pack returns v in 32 bits, if it fits: a number in [0, 2^31), or a name
// or string whose symbol id is below 2^30.
func pack(v Value) (uint32, bool) {
	switch {
	case v < packedSymbol:
		return uint32(v), true
	case v>>62 == 1 && v&idMask <= packedID:
		p := packedSymbol | uint32(v&idMask)
		if v&stringKind != 0 {
			p |= packedString
		}
		return p, true
	}
	return 0, false
}

// unpack returns the Value that pack packed into p.
func unpack(p uint32) Value {
	if p < packedSymbol {
		return Value(p)
	}
	v := symbolTag | Value(p&packedID)
	if p&packedString != 0 {
		v |= stringKind
	}
	return v
}

// at returns value i (row-major).
func (s *rows) at(i int) Value {
	if s.wide {
		return s.values[i]
	}
	return unpack(s.packed[i])
}

// len returns the number of values held.
func (s *rows) len() int {
	if s.wide {
		return len(s.values)
	}
	return len(s.packed)
}

// cap returns the number of values s has room for.
func (s *rows) cap() int {
	if s.wide {
		return cap(s.values)
	}
	return cap(s.packed)
}

// reserve makes room for need values: exactly that many if exact (the
// storage will not grow), else at least twice the room s had.
func (s *rows) reserve(need int, exact bool) {
	if need <= s.cap() {
		return
	}
	if !exact {
		need = max(need, 2*s.cap())
	}
	if s.wide {
		s.values = moveTo(&spare.values, s.values, need, exact)
		return
	}
	s.packed = moveTo(&spare.packed, s.packed, need, exact)
}

// moveTo returns old's elements in a buffer from pools with room for
// need, and hands old's storage to them.
func moveTo[T any](pools *[spareClasses]sync.Pool, old []T, need int, exact bool) []T {
	to := append(buffer[T](pools, need, exact), old...)
	keepSpare(pools, old)
	return to
}

// push appends vs, for which s has room (reserve).
func (s *rows) push(vs []Value) {
	if !s.wide {
		at := len(s.packed)
		s.packed = s.packed[:at+len(vs)]
		for i, v := range vs {
			p, ok := pack(v)
			if !ok {
				s.packed = s.packed[:at+i]
				s.widen()
				s.values = append(s.values, vs[i:]...)
				return
			}
			s.packed[at+i] = p
		}
		return
	}
	s.values = append(s.values, vs...)
}

// widen moves s to 64-bit storage of the same room.
func (s *rows) widen() {
	values := buffer[Value](&spare.values, cap(s.packed), true)
	for _, p := range s.packed {
		values = append(values, unpack(p))
	}
	keepSpare(&spare.packed, s.packed)
	s.packed, s.values, s.wide = nil, values, true
}

// recycle hands s's storage to spare and leaves s empty.
func (s *rows) recycle() {
	keepSpare(&spare.packed, s.packed)
	keepSpare(&spare.values, s.values)
	*s = rows{}
}

// empty removes every value, keeping packed storage: the relation kept
// whole (keepRelation) starts packed again.
func (s *rows) empty() {
	if s.wide {
		keepSpare(&spare.values, s.values)
		*s = rows{}
		return
	}
	s.packed = s.packed[:0]
}
