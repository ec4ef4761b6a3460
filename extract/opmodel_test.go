package extract_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/google/mangle/analysis"
	"github.com/google/mangle/parse"

	"bufferlog/extract"
	"bufferlog/facts"
	"bufferlog/ir"
)

func TestLoadOpModel(t *testing.T) {
	m, err := extract.LoadOpModel("ok.mg", []byte(`
# Comments and any order are fine.
op_model_aliases("my.op", 1, 0, /equivalent).
op_model_reads("my.op", 0).
op_model("other.op").
op_model_parallel("my.loop", 0).
`))
	if err != nil {
		t.Fatal(err)
	}
	if got, want := m.Ops(), []string{"my.loop", "my.op", "other.op"}; !slices.Equal(got, want) {
		t.Errorf("Ops() = %v, want %v", got, want)
	}
}

func TestLoadOpModelErrors(t *testing.T) {
	for _, tc := range []struct{ name, src, want string }{
		{"syntax", `op_model_reads("x", 0)`, `bad.mg:1:23: error: syntax error: `},
		{"unknown predicate", "op_model(\"x\").\n  op_model_read(\"x\", 0).", `bad.mg:2:3: error: unknown predicate op_model_read; an op-model file states op_model, op_model_reads,`},
		{"arity", `op_model_reads("x").`, `bad.mg:1:1: error: op_model_reads takes 2 arguments, not 1`},
		{"op not a string", `op_model_reads(/x, 0).`, `bad.mg:1:1: error: argument Op of op_model_reads must be an op name string such as "mydialect.foo", not /x`},
		{"negative index", `op_model_writes("x", -1).`, `bad.mg:1:1: error: argument Operand of op_model_writes must be an index (0, 1, ...), not -1`},
		{"relation", `op_model_aliases("x", 0, 0, /same).`, `bad.mg:1:1: error: argument Rel of op_model_aliases must be /equivalent or /unknown, not /same`},
		{"variable", `op_model_reads("x", I).`, `bad.mg:1:1: error: argument Operand of op_model_reads must be a constant, not I`},
		{"rule", "op_model(\"x\").\nop_model_reads(\"x\", 0) :- op_model(\"x\").", `bad.mg:2:1: error: an op-model file states facts only, not rules`},
		{"declaration", "op_model(\"x\").\n\nDecl op_model_reads(Op, I).", `bad.mg:3:1: error: an op-model file states facts only, not declarations`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := extract.LoadOpModel("bad.mg", []byte(tc.src))
			if err == nil || !strings.HasPrefix(err.Error(), tc.want) {
				t.Errorf("error %v, want prefix %q", err, tc.want)
			}
		})
	}
}

// TestOpModelDoesNotFit checks that an op-model index beyond an op's
// operands or results fails extraction at the op.
func TestOpModelDoesNotFit(t *testing.T) {
	src := "func.func @f(%t: tensor<4xf32>) {\n  \"my.op\"(%t) : (tensor<4xf32>) -> ()\n  return\n}\n"
	m, err := ir.Parse("in.mlir", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	for mg, want := range map[string]string{
		`op_model_reads("my.op", 3).`:                  "in.mlir:2:3: error: the op-model of my.op names index 3, but the op has 1",
		`op_model_aliases("my.op", 0, 0, /unknown).`:   "in.mlir:2:3: error: the op-model of my.op names result 0, but the op has 0",
		`op_model_repetitive("my.op", 0).`:             "in.mlir:2:3: error: the op-model of my.op names index 0, but the op has 0",
		`op_model_reads("my.op", 0). op_model("x.y").`: "",
	} {
		model, err := extract.LoadOpModel("m.mg", []byte(mg))
		if err != nil {
			t.Fatal(err)
		}
		_, _, err = extract.Module(m, extract.Options{OpModel: model})
		if got := errorText(err); got != want {
			t.Errorf("%s: error %q, want %q", mg, got, want)
		}
	}
}

func errorText(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

// TestOpModelDecls checks that the op-model predicates render as Mangle
// declarations that analyze, so that they can be documented and checked
// like the schema.
func TestOpModelDecls(t *testing.T) {
	var b strings.Builder
	if err := facts.WriteDecls(&b, extract.OpModelPredicates()); err != nil {
		t.Fatal(err)
	}
	unit, err := parse.Unit(strings.NewReader(b.String()))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := analysis.AnalyzeOneUnit(unit, nil); err != nil {
		t.Fatal(err)
	}
}
