package ir_test

import (
	"bytes"
	"errors"
	"os"
	"strings"
	"testing"

	"bufferlog/internal/workload"
	"bufferlog/ir"
)

// TestParseErrors checks that malformed input gives one located diagnostic
// in MLIR's format, never a panic.
func TestParseErrors(t *testing.T) {
	testDiagnostics(t, []diagnosticCase{
		{"undefined value", "func.func @f() {\n  func.return %x : i32\n}\n", "in.mlir:2:15: error: use of undeclared SSA value name '%x'"},
		{"redefinition", "func.func @f() {\n  %a = \"x.a\"() : () -> i32\n  %a = \"x.b\"() : () -> i32\n  func.return\n}\n", "in.mlir:3:3: error: redefinition of SSA value '%a'"},
		{"type mismatch", "func.func @f(%a: i32) {\n  \"x.a\"(%a) : (i64) -> ()\n  func.return\n}\n", "in.mlir:2:9: error: use of value '%a' expects different type than prior uses: 'i64' vs 'i32'"},
		{"unknown custom op", "func.func @f() {\n  test.foo\n}\n", "in.mlir:2:3: error: custom op 'test.foo' is unknown\nin.mlir:2:3: note: bufferlog reads every op in the generic form: `mlir-opt --mlir-print-op-generic` prints the input so"},
		{"unterminated string", "\"x.a\"() {s = \"abc} : () -> ()\n", "in.mlir:1:14: error: unexpected character"},
		{"missing type", "\"x.a\"() : \n", "in.mlir:2:1: error: expected type, found end of file"},
		{"bad dimension", "\"x.a\"() : () -> tensor<4xx>\n", "in.mlir:1:26: error: expected type, found 'x'"},
		{"undefined alias", "\"x.a\"() {a = #nope} : () -> ()\n", "in.mlir:1:14: error: undefined symbol alias id 'nope'"},
		{"undefined block", "func.func @f() {\n  \"cf.br\"() [^bb9] : () -> ()\n}\n", "in.mlir:2:14: error: reference to an undefined block"},
		{"result count", "%a, %b = \"x.a\"() : () -> i32\n", "in.mlir:1:1: error: operation defines 1 results but was provided 2 to bind"},
		{"unbalanced", "\"x.a\"() {a = #x.y<[1, 2>} : () -> ()\n", "in.mlir:1:25: error: unbalanced '}'"},
		{"stray character", "\"x.a\"() : () -> () ;\n", "in.mlir:1:20: error: unexpected character"},
		{"duplicate key", "\"x.a\"() {a, a} : () -> ()\n", "in.mlir:1:13: error: duplicate key 'a' in dictionary attribute"},
		{"bad result number", "%a:2 = \"x.a\"() : () -> (i32, i32)\n\"x.b\"(%a#2) : (i32) -> ()\n", "in.mlir:2:7: error: reference to invalid result number"},
		{"nesting too deep", "\"x.a\"() {a = " + strings.Repeat("[", 5000) + strings.Repeat("]", 5000) + "} : () -> ()\n", "in.mlir:1:4110: error: nesting deeper than 4096 levels"},
		{"empty input op name", "\"\"() : () -> ()\n", "in.mlir:1:1: error: invalid operation name"},
		{"entry block label with named arguments", "func.func @f(%c: i1) {\n^entry:\n  return\n}\n", "in.mlir:2:1: error: invalid block name in region with named arguments"},
		{"entry block of other types", "func.func @f(i32) {\n^bb0(%a: i64):\n  return\n}\n", "in.mlir:1:19: error: expected named arguments for a function with a body, or an entry block whose arguments have the function's argument types"},
	})
}

// TestVerifyErrors checks the structural verifier's diagnostics.
func TestVerifyErrors(t *testing.T) {
	testDiagnostics(t, []diagnosticCase{
		{"use before def", "func.func @f() -> i32 {\n  %0 = \"x.y\"(%1) : (i32) -> i32\n  %1 = \"x.z\"() : () -> i32\n  func.return %0 : i32\n}\n", "in.mlir:2:8: error: operand #0 does not dominate this use"},
		{"not dominating branch", "func.func @f(%c: i1) -> i32 {\n  \"cf.cond_br\"(%c) [^bb1, ^bb2] : (i1) -> ()\n^bb1:\n  %v = \"x.v\"() : () -> i32\n  \"cf.br\"() [^bb2] : () -> ()\n^bb2:\n  func.return %v : i32\n}\n", "in.mlir:7:3: error: operand #0 does not dominate this use"},
		{"return arity", "func.func @f() -> i32 {\n  func.return\n}\n", "in.mlir:2:3: error: 'func.return' op has 0 operands, but enclosing function (@f) returns 1"},
		{"terminator not last", "func.func @f() {\n  func.return\n  \"x.y\"() : () -> ()\n}\n", "in.mlir:2:3: error: 'func.return' op must be the last operation in the parent block"},
		{"duplicate symbol", "func.func @f() {\n  func.return\n}\nfunc.func @f() {\n  func.return\n}\n", "in.mlir:4:1: error: redefinition of symbol named 'f'"},
		{"bad callee", "func.func @f() {\n  func.call @g() : () -> ()\n  func.return\n}\n", "in.mlir:2:3: error: 'func.call' op 'g' does not reference a valid function"},
		{"successor arity", "func.func @f(%a: i32) {\n  cf.br ^bb1(%a : i32)\n^bb1:\n  func.return\n}\n", "in.mlir:2:3: error: branch has 1 operands for successor #0, but target block has 0"},
		{"bb0 label on a later block", "func.func @f() {\n  \"cf.br\"() [^bb0] : () -> ()\n^bb0:\n  func.return\n}\n", ""},
	})
}

// diagnosticCase is IR with the diagnostic it gives, "" for none.
type diagnosticCase struct{ name, src, want string }

// testDiagnostics parses and verifies the source of each case and checks
// that the first diagnostic, an *ir.Error, is the one the case wants.
func testDiagnostics(t *testing.T, cases []diagnosticCase) {
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			m, err := ir.Parse("in.mlir", []byte(tc.src))
			if err == nil {
				err = ir.Verify(m)
			}
			if tc.want == "" {
				if err != nil {
					t.Fatalf("unexpected error %v", err)
				}
				return
			}
			var e *ir.Error
			if !errors.As(err, &e) {
				t.Fatalf("got %v, want an *ir.Error", err)
			}
			if got := err.Error(); got != tc.want {
				t.Errorf("got  %s\nwant %s", got, tc.want)
			}
		})
	}
}

// FuzzParse checks that no input makes the parser, verifier or printer
// panic, and that whatever parses and verifies prints to text that parses
// again and prints the same: printing is a fixed point after one round.
// (IR that fails verification, say with a terminator in mid-block, can
// print ambiguously, as it does in MLIR.) It also checks that parsing in
// chunks, with sizes so small that the blocks of a few lines are cut,
// gives what the serial parse gives (parseBoth).
func FuzzParse(f *testing.F) {
	defer ir.SetChunkSizes(64, 16)()
	files, _ := os.ReadDir("../testdata/roundtrip")
	for _, e := range files {
		if strings.HasSuffix(e.Name(), ".mlir") {
			src, err := os.ReadFile("../testdata/roundtrip/" + e.Name())
			if err == nil {
				f.Add(src)
			}
		}
	}
	f.Add([]byte("func.func @f(%a: tensor<?x4xf32>) -> tensor<?x4xf32> {\n  func.return %a : tensor<?x4xf32>\n}\n"))
	f.Fuzz(func(t *testing.T, src []byte) {
		parseBoth(t, "fuzz.mlir", src)
		m, err := ir.Parse("fuzz.mlir", src)
		if err != nil {
			var e *ir.Error
			if !errors.As(err, &e) {
				t.Fatalf("non-diagnostic error %T: %v", err, err)
			}
			return
		}
		verifyErr := ir.Verify(m)
		var once bytes.Buffer
		if err := ir.Print(&once, m, ir.PrintOptions{}); err != nil {
			t.Fatal(err)
		}
		if verifyErr != nil {
			return
		}
		m2, err := ir.Parse("printed.mlir", once.Bytes())
		if err != nil {
			t.Fatalf("printed output does not parse: %v\n--- input ---\n%s\n--- printed ---\n%s", err, src, once.Bytes())
		}
		var twice bytes.Buffer
		if err := ir.Print(&twice, m2, ir.PrintOptions{}); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(once.Bytes(), twice.Bytes()) {
			t.Fatalf("printing is not a fixed point\n--- once ---\n%s\n--- twice ---\n%s", once.Bytes(), twice.Bytes())
		}
	})
}

// TestPrintLargeStreams prints programs larger than the printer's buffer,
// so output is flushed in the middle of regions, in both forms, and checks
// that the text parses back to the same print.
func TestPrintLargeStreams(t *testing.T) {
	prog := workload.Chain(20000)
	for _, generic := range []bool{false, true} {
		m, err := ir.Parse("chain.mlir", prog.Text)
		if err != nil {
			t.Fatal(err)
		}
		var once, twice bytes.Buffer
		if err := ir.Print(&once, m, ir.PrintOptions{Generic: generic}); err != nil {
			t.Fatal(err)
		}
		m2, err := ir.Parse("printed.mlir", once.Bytes())
		if err != nil {
			t.Fatalf("generic=%v: %v", generic, err)
		}
		if err := ir.Print(&twice, m2, ir.PrintOptions{Generic: generic}); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(once.Bytes(), twice.Bytes()) {
			t.Errorf("generic=%v: printing a large program is not a fixed point", generic)
		}
	}
}
