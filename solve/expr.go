package solve

import (
	"github.com/google/mangle/ast"

	"bufferlog/facts"
)

// value evaluates an expression under the current bindings. Arithmetic
// follows Mangle (fn:minus(X) is -X, fn:div(X) is 1/X, integer division
// truncates) but stays within the 63-bit range of facts.Value: leaving it
// is an error, as are non-number operands and division by zero.
func (run *runner) value(e *expr) (facts.Value, bool) {
	switch e.fn {
	case fnVar:
		return run.slots[e.slot], true
	case fnConst:
		return e.val, true
	}
	var acc int64
	for i := range e.args {
		v, ok := run.value(&e.args[i])
		if !ok {
			return 0, false
		}
		if !v.IsNumber() {
			return 0, run.ev.fail(nil, "%s of a non-number %s", fnName[e.fn], run.ev.syms.Format(v))
		}
		x := v.Int()
		switch {
		case i == 0 && len(e.args) > 1, i == 0 && (e.fn == fnPlus || e.fn == fnMult):
			acc = x
		case i == 0 && e.fn == fnMinus:
			acc = -x
		case i == 0: // fn:div(X)
			acc = 1
			fallthrough
		case e.fn == fnDiv:
			if x == 0 {
				return 0, run.ev.fail(nil, "division by zero")
			}
			acc /= x
		case e.fn == fnPlus:
			acc += x
		case e.fn == fnMinus:
			acc -= x
		case e.fn == fnMult:
			p := acc * x
			if acc != 0 && p/acc != x {
				return 0, run.ev.fail(nil, "fn:mult overflows the 63-bit number range")
			}
			acc = p
		}
		if !facts.InNumberRange(acc) {
			return 0, run.ev.fail(nil, "%s overflows the 63-bit number range", fnName[e.fn])
		}
	}
	return facts.Number(acc), true
}

var fnName = map[fnKind]string{fnPlus: "fn:plus", fnMinus: "fn:minus", fnMult: "fn:mult", fnDiv: "fn:div"}

// compare decides a comparison. Equality holds between equal constants of
// any type; the order comparisons need numbers, as in Mangle.
func (run *runner) compare(op cmpOp, a, b facts.Value) (bool, bool) {
	switch op {
	case opEq:
		return a == b, true
	case opNe:
		return a != b, true
	}
	if !a.IsNumber() || !b.IsNumber() {
		return false, run.ev.fail(nil, "comparing non-numbers %s and %s", run.ev.syms.Format(a), run.ev.syms.Format(b))
	}
	x, y := a.Int(), b.Int()
	switch op {
	case opLt:
		return x < y, true
	case opLe:
		return x <= y, true
	case opGt:
		return x > y, true
	default:
		return x >= y, true
	}
}

// constantValue interns a constant that Compile accepted (number, name or
// string).
func constantValue(syms *facts.Symbols, k ast.Constant) facts.Value {
	switch k.Type {
	case ast.NumberType:
		return facts.Number(k.NumValue)
	case ast.StringType:
		return syms.String(k.Symbol)
	default:
		return syms.Name(k.Symbol)
	}
}

// Constant converts a Value back to a Mangle constant.
func Constant(syms *facts.Symbols, v facts.Value) ast.Constant {
	switch {
	case v.IsNumber():
		return ast.Number(v.Int())
	case v.IsString():
		return ast.String(syms.Text(v))
	default:
		n, err := ast.Name(syms.Text(v))
		if err != nil { // not issued by syms: keep it visible rather than fail
			return ast.String(syms.Format(v))
		}
		return n
	}
}
