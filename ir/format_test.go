package ir

import (
	"strings"
	"testing"
)

// TestDeclareRejectsMalformed checks that a table entry the format
// interpreter cannot run panics when it is declared, naming the op.
func TestDeclareRejectsMalformed(t *testing.T) {
	for _, tc := range []struct{ name, signature, format, want string }{
		{"operand missing", "a, b -> r", "$a attr-dict `:` type($a) `->` type($r)", "does not give operand b"},
		{"operand type missing", "a -> r", "$a attr-dict `->` type($r)", "does not give operand a or its type"},
		{"result type missing", "a -> r", "$a attr-dict `:` type($a)", "type of result r"},
		{"unknown element", "a -> r:i1", "$a attr-dict foo", `unknown format element "foo"`},
		{"unterminated literal", "a -> r:i1", "$a `:", "unterminated literal"},
		{"group without anchor", "a?:i1 -> r:i1", "($a)? attr-dict", "one anchor"},
		{"anchor outside a group", "a:i1 -> r:i1", "$a^ attr-dict", "one anchor"},
		{"group not optional", "a?:i1 -> r:i1", "($a^) attr-dict", "without `)?`"},
		{"type of nothing", "a:i1 -> r:i1", "$a attr-dict `:` type($b)", "names no operand"},
		{"result as operand", "a:i1 -> r:i1", "$a $r attr-dict", "$r is no operand"},
		{"unknown fixed type", "a:f99 -> r:i1", "$a attr-dict", "unknown fixed type"},
		{"unknown attribute kind", "@v:float -> r:i1", "$v attr-dict", "of no known kind"},
		{"functional-type of named groups", "a -> r, s", "$a attr-dict `:` functional-type($a, $r)", "functional-type reads (operands, results)"},
		{"functional-type of one group among others", "a, b -> r", "$a `,` $b attr-dict `:` functional-type($a, $r)", "does not give operand b or its type"},
		{"region not in the format", "a:i1, ^body", "$a attr-dict", "region body is not in the format"},
		{"two variadic groups", "a*:i1, b*:i1 -> r:i1", "$a `,` $b attr-dict", "segment sizes"},
		{"unknown trait", "a:i1 -> r:i1; sorted", "$a attr-dict", `unknown trait "sorted"`},
		{"unknown directive", "a:i1 -> r:i1", "custom<Nope>($a) attr-dict", "unknown directive custom<Nope>"},
		{"type of a variadic group", "a:=b, b* -> r:i1", "$a `,` $b attr-dict `:` type($b)", "no single group"},
		{"qualified of two", "a -> r:i1", "$a attr-dict `:` qualified(type($a) type($a))", "qualified takes one element"},
		{"custom argument", "a:i1 -> r:i1", "custom<AsyncDependencies>(`x`) $a attr-dict", "custom directive argument"},
		{"default of no value", "a:i1, @n:i64=one -> r:i1", "$a attr-dict", `attribute n has no value "one"`},
		{"default of no case", "a:i1, @f:transform.failures=ignore -> r:i1", "$a attr-dict", `attribute f has no value "ignore"`},
		{"variadic region not last", "a:i1, ^r*, ^s", "$a $r $s attr-dict", "only the last region group may be variadic"},
		{"oilist clause without keyword", "a:i1, b?:i1", "$a oilist($b | `x` $b) attr-dict", "begins with a keyword"},
		{"oilist unbalanced", "a:i1, @u?:unit", "$a oilist(`u` $u attr-dict", "unbalanced oilist"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			defer func() {
				msg, _ := recover().(string)
				if !strings.Contains(msg, "test.op") || !strings.Contains(msg, tc.want) {
					t.Errorf("panic %q, want one naming test.op and %q", msg, tc.want)
				}
			}()
			declare("test.op", tc.signature, tc.format)
		})
	}
}
