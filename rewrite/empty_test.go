package rewrite_test

import (
	"bytes"
	"strings"
	"testing"

	"bufferlog/extract"
	"bufferlog/facts"
	"bufferlog/ir"
	"bufferlog/rewrite"
	"bufferlog/rules/contract"
)

const emptyInput = `func.func @f(%t: tensor<10xf32>, %u: tensor<5xf32>, %c: f32, %i: index) -> (tensor<10xf32>, tensor<5xf32>, tensor<10xf32>, tensor<3xf32>) {
  %e = tensor.empty() : tensor<5xf32>
  %f = linalg.fill ins(%c : f32) outs(%e : tensor<5xf32>) -> tensor<5xf32>
  %r = tensor.insert_slice %f into %t[%i] [5] [1] : tensor<5xf32> into tensor<10xf32>
  %m = bufferization.materialize_in_destination %f in %u : (tensor<5xf32>, tensor<5xf32>) -> tensor<5xf32>
  %g = linalg.fill ins(%c : f32) outs(%t : tensor<10xf32>) -> tensor<10xf32>
  %e3 = tensor.empty() : tensor<3xf32>
  %h = linalg.fill ins(%c : f32) outs(%e3 : tensor<3xf32>) -> tensor<3xf32>
  return %r, %m, %g, %h : tensor<10xf32>, tensor<5xf32>, tensor<10xf32>, tensor<3xf32>
}`

// TestReplaceEmpty applies one empty_replaced fact to emptyInput: the
// ops are named by their name and their rank among the ops of that name.
func TestReplaceEmpty(t *testing.T) {
	type opRef struct {
		name string
		nth  int
	}
	fill, fill2, fill3 := opRef{"linalg.fill", 0}, opRef{"linalg.fill", 1}, opRef{"linalg.fill", 2}
	for _, tt := range []struct {
		name     string
		user     opRef
		operand  int
		insert   opRef
		want     []string // lines of the output, in order
		wantErr  string
		replaced int
	}{
		{name: "insert_slice", user: fill, operand: 1, insert: opRef{"tensor.insert_slice", 0}, replaced: 1, want: []string{
			"%extracted_slice = tensor.extract_slice %t[%i] [5] [1] : tensor<10xf32> to tensor<5xf32>",
			"%e = tensor.empty() : tensor<5xf32>",
			"%f = linalg.fill ins(%c : f32) outs(%extracted_slice : tensor<5xf32>) -> tensor<5xf32>",
		}},
		{name: "whole destination", user: fill, operand: 1, insert: opRef{"bufferization.materialize_in_destination", 0}, replaced: 1, want: []string{
			"%e = tensor.empty() : tensor<5xf32>",
			"%f = linalg.fill ins(%c : f32) outs(%u : tensor<5xf32>) -> tensor<5xf32>",
		}},
		{name: "not an empty", user: fill2, operand: 1, insert: opRef{"tensor.insert_slice", 0},
			wantErr: "which is no tensor.empty result"},
		{name: "not an insertion", user: fill, operand: 1, insert: fill2,
			wantErr: "linalg.fill inserts no subset"},
		{name: "another type", user: fill3, operand: 1, insert: opRef{"tensor.insert_slice", 0},
			wantErr: "it inserts a tensor<5xf32>, not a tensor<3xf32>"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			m, err := ir.Parse("in.mlir", []byte(emptyInput))
			if err != nil {
				t.Fatal(err)
			}
			db, names, err := extract.Module(m, extract.Options{})
			if err != nil {
				t.Fatal(err)
			}
			id := func(r opRef) facts.Value {
				seen := 0
				for i := range names.Ops() {
					if op := names.Op(i); op.Name == r.name {
						if seen == r.nth {
							return facts.Number(int64(i))
						}
						seen++
					}
				}
				t.Fatalf("no op %v", r)
				return facts.Number(-1)
			}
			contract.EmptyReplaced.In(db).Add([]facts.Value{id(tt.user), facts.Number(int64(tt.operand)), id(tt.insert)})
			done, err := rewrite.ReplaceEmpty(names, db)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("error %v, want one saying %q", err, tt.wantErr)
				}
				return
			}
			if err != nil || len(done) != tt.replaced {
				t.Fatalf("%d replacements, error %v; want %d", len(done), err, tt.replaced)
			}
			var out bytes.Buffer
			if err := ir.Print(&out, m, ir.PrintOptions{}); err != nil {
				t.Fatal(err)
			}
			text := out.String()
			at := 0
			for _, line := range tt.want {
				i := strings.Index(text[at:], line)
				if i < 0 {
					t.Fatalf("output lacks %q after offset %d:\n%s", line, at, text)
				}
				at += i + len(line)
			}
			if err := ir.Verify(m); err != nil {
				t.Errorf("the output does not verify: %v\n%s", err, text)
			}
		})
	}
}
