package facts

import (
	"strconv"
	"sync"
)

// Value is one interned Mangle constant in 64 bits.
//
// Numbers are stored as themselves (two's complement), so the engine adds
// and compares them natively; they must lie in [MinNumber, MaxNumber], the
// range where the top two bits are equal (00 or 11). Names and strings get
// the tag 01 in the top two bits, a kind bit, and an id issued by Symbols.
type Value uint64

const (
	// MinNumber and MaxNumber bound the numbers a Value can hold (63-bit).
	MinNumber = -1 << 62
	MaxNumber = 1<<62 - 1

	symbolTag  Value = 1 << 62 // top bits 01: an interned symbol
	stringKind Value = 1 << 61 // set for strings, clear for names
	idMask     Value = stringKind - 1
)

// Number returns the Value of n. The caller must keep n within
// [MinNumber, MaxNumber] (see InNumberRange); outside it the result would
// read back as a symbol.
func Number(n int64) Value { return Value(n) }

// InNumberRange reports whether n can be stored as a number Value.
func InNumberRange(n int64) bool { return n >= MinNumber && n <= MaxNumber }

// IsNumber reports whether v holds a number.
func (v Value) IsNumber() bool {
	top := v >> 62
	return top == 0 || top == 3
}

// IsName reports whether v holds an interned name such as /v/3.
func (v Value) IsName() bool { return v>>62 == 1 && v&stringKind == 0 }

// IsString reports whether v holds an interned string.
func (v Value) IsString() bool { return v>>62 == 1 && v&stringKind != 0 }

// Int returns the number held by v; meaningful only if v.IsNumber().
func (v Value) Int() int64 { return int64(v) }

// Symbols interns names and strings as Values and maps them back. One
// table may be shared by several DBs; it is safe for concurrent use.
type Symbols struct {
	mu      sync.RWMutex
	names   map[string]Value
	strings map[string]Value
	texts   []string // by id
}

// NewSymbols returns an empty symbol table.
func NewSymbols() *Symbols {
	return &Symbols{names: map[string]Value{}, strings: map[string]Value{}}
}

// Name interns a name (text including the leading '/', e.g. "/v/3").
func (s *Symbols) Name(text string) Value { return s.intern(s.names, 0, text) }

// String interns a string constant.
func (s *Symbols) String(text string) Value { return s.intern(s.strings, stringKind, text) }

func (s *Symbols) intern(table map[string]Value, kind Value, text string) Value {
	s.mu.RLock()
	v, ok := table[text]
	s.mu.RUnlock()
	if ok {
		return v
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if v, ok := table[text]; ok {
		return v
	}
	v = symbolTag | kind | Value(len(s.texts))
	s.texts = append(s.texts, text)
	table[text] = v
	return v
}

// Text returns the text of a name or string, or "" for a number or a
// Value this table did not issue.
func (s *Symbols) Text(v Value) string {
	if v>>62 != 1 {
		return ""
	}
	id := int(v & idMask)
	s.mu.RLock()
	defer s.mu.RUnlock()
	if id >= len(s.texts) {
		return ""
	}
	return s.texts[id]
}

// Format renders v in Mangle syntax: 42, /v/3 or "text".
func (s *Symbols) Format(v Value) string {
	switch {
	case v.IsNumber():
		return strconv.FormatInt(v.Int(), 10)
	case v.IsString():
		return strconv.Quote(s.Text(v))
	default:
		return s.Text(v)
	}
}
