package extract

import (
	"strings"
	"testing"

	"bufferlog/ir"
)

// noUpstreamModel lists the ops with custom syntax in ir that take or
// yield tensors but have no BufferizableOpInterface model upstream (MLIR
// 22, checked with mlir-opt-22 --one-shot-bufferize, which fails with "op
// was not bufferized"), so they get the unknown-op default, plus func.call,
// which the rules model. Elementwise arith and math ops on tensors are
// unknown upstream too and are accepted by dialect below.
var noUpstreamModel = setOf("tensor.bitcast", "tensor.gather", "tensor.scatter", "cf.switch",
	"func.call", "func.call_indirect", "affine.for", "affine.if", "affine.yield",
	"linalg.winograd_filter_transform", "linalg.winograd_input_transform", "linalg.winograd_output_transform")

// modeledDialects are the dialects whose custom syntax ir knows.
var modeledDialects = setOf("tensor", "bufferization", "linalg", "scf", "func", "cf", "vector", "shape", "affine", "memref", "builtin")

// TestModelCoverage checks that every op of the round-trip corpus (which
// has every op ir parses in custom form) that has tensor semantics and
// belongs to a dialect bufferlog knows has a model, or is known to have
// none upstream.
func TestModelCoverage(t *testing.T) {
	ForEachCorpusModule(t, func(file string, m *ir.Module) {
		ir.Walk(m.Op, func(op *ir.Operation) bool {
			dialect, _, _ := strings.Cut(op.Name, ".")
			if hasTensorSemantics(op) && modeledDialects[dialect] && families[op.Name] == nil && !noUpstreamModel[op.Name] {
				t.Errorf("%s (in %s) has tensors but no model", op.Name, file)
			}
			return true
		})
	})
}

// TestModelTable checks properties of the table itself: models that
// select inputs or inits have a layout to find them, and region-branch
// flows have the layout the loops need.
func TestModelTable(t *testing.T) {
	for name, f := range families {
		if f.model == nil {
			continue
		}
		sels := []sel{f.model.reads, f.model.writes, f.model.inPlace, f.model.elementwise, f.model.readThrough}
		for _, a := range f.model.aliases {
			sels = append(sels, a.from)
			if a.to == toTied && f.layout == nil {
				t.Errorf("%s: alias to tied results without a layout", name)
			}
		}
		for _, s := range sels {
			if s.pick == pickInits && f.layout == nil {
				t.Errorf("%s: selects inits without a layout", name)
			}
		}
		if (f.flow == loopFlow || f.flow == whileFlow || f.flow == forallFlow) && f.layout == nil {
			t.Errorf("%s: loop flow without a layout", name)
		}
	}
}
