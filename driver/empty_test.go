package driver_test

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"bufferlog/driver"
	"bufferlog/extract"
	"bufferlog/ir"
	"bufferlog/rules"
	"bufferlog/solve"
)

// TestEliminateEmpty runs the built-in rules/empty.mg, and a replacement
// of it that keeps its declarations but derives nothing, on one program:
// what the rules derive is what the driver replaces.
func TestEliminateEmpty(t *testing.T) {
	const src = `func.func @f(%t: tensor<10xf32>, %c: f32) -> tensor<10xf32> {
  %e = tensor.empty() : tensor<5xf32>
  %f = linalg.fill ins(%c : f32) outs(%e : tensor<5xf32>) -> tensor<5xf32>
  %r = tensor.insert_slice %f into %t[2] [5] [1] : tensor<5xf32> into tensor<10xf32>
  return %r : tensor<10xf32>
}`
	builtin, _ := rules.Show("empty.mg")
	// Every clause of empty_choice dropped: nothing to replace.
	none := strings.Replace(builtin, "empty_choice(Op, I, Ins) :- empty_candidate(Op, I, Ins, E), !hidden_at(Ins, E).", "", 1)
	if none == builtin {
		t.Fatal("empty.mg has no such clause for empty_choice")
	}
	for _, tt := range []struct {
		name  string
		empty string
		want  int
	}{
		{"built-in", builtin, 1},
		{"empty_choice never derived", none, 0},
	} {
		t.Run(tt.name, func(t *testing.T) {
			srcs := rules.Analysis()
			for i := range srcs {
				if srcs[i].Name == "empty.mg" {
					srcs[i].Text = tt.empty
				}
			}
			prog, err := rules.Compile(srcs...)
			if err != nil {
				t.Fatal(err)
			}
			m, err := ir.Parse("in.mlir", []byte(src))
			if err != nil {
				t.Fatal(err)
			}
			plan, err := driver.EliminateEmpty(context.Background(), driver.Rules{Program: prog, Limits: solve.Options{}}, m, extract.Options{Workers: 1})
			if err != nil || plan == nil || len(plan.Replaced) != tt.want {
				t.Fatalf("plan %+v, error %v; want %d replacements", plan, err, tt.want)
			}
			var out bytes.Buffer
			if err := ir.Print(&out, m, ir.PrintOptions{}); err != nil {
				t.Fatal(err)
			}
			if got := strings.Contains(out.String(), "tensor.extract_slice %t[2] [5] [1]"); got != (tt.want > 0) {
				t.Errorf("slice in the output: %v, want %v\n%s", got, tt.want > 0, out.String())
			}
		})
	}
}
