package driver_test

import (
	"context"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"

	"bufferlog/driver"
	"bufferlog/extract"
	"bufferlog/facts"
	"bufferlog/ir"
	"bufferlog/rules"
	"bufferlog/rules/contract"
	"bufferlog/solve"
)

// chains is memref IR whose @main calls two chains of depth calls: @fK
// returns what @f<K-1> returns, and @f0 its argument, a buffer @main
// allocates, so no result of theirs is fresh, and each is owned under
// the first assumptions only through its callee's; @gK returns what
// @g<K-1> returns, and @g0 a buffer it allocates, so every result of
// theirs is fresh.
func chains(depth int) string {
	var b strings.Builder
	b.WriteString(`func.func private @f0(%a: memref<4xf32>) -> memref<4xf32> {
  return %a : memref<4xf32>
}
func.func private @g0() -> memref<4xf32> {
  %n = memref.alloc() : memref<4xf32>
  return %n : memref<4xf32>
}
`)
	for k := 1; k <= depth; k++ {
		fmt.Fprintf(&b, "func.func private @f%d(%%a: memref<4xf32>) -> memref<4xf32> {\n", k)
		fmt.Fprintf(&b, "  %%r = func.call @f%d(%%a) : (memref<4xf32>) -> memref<4xf32>\n  return %%r : memref<4xf32>\n}\n", k-1)
		fmt.Fprintf(&b, "func.func private @g%d() -> memref<4xf32> {\n", k)
		fmt.Fprintf(&b, "  %%r = func.call @g%d() : () -> memref<4xf32>\n  return %%r : memref<4xf32>\n}\n", k-1)
	}
	fmt.Fprintf(&b, `func.func @main() -> f32 {
  %%c0 = arith.constant 0 : index
  %%x = memref.alloc() : memref<4xf32>
  %%r = func.call @f%d(%%x) : (memref<4xf32>) -> memref<4xf32>
  %%s = func.call @g%d() : () -> memref<4xf32>
  %%v = memref.load %%r[%%c0] : memref<4xf32>
  %%w = memref.load %%s[%%c0] : memref<4xf32>
  %%y = arith.addf %%v, %%w : f32
  return %%y : f32
}
`, depth, depth)
	return b.String()
}

// withoutRule returns the built-in rules with every rule deriving pred
// taken out of its file (its declaration stays).
func withoutRule(t *testing.T, pred string) *solve.Program {
	t.Helper()
	head := regexp.MustCompile(`(?m)^` + pred + `\(.*:-.*\n`)
	srcs := rules.Builtin()
	removed := 0
	for i, s := range srcs {
		removed += len(head.FindAllString(s.Text, -1))
		srcs[i].Text = head.ReplaceAllString(s.Text, "")
	}
	if removed == 0 {
		t.Fatalf("no rule derives %s", pred)
	}
	prog, err := solve.Compile(srcs...)
	if err != nil {
		t.Fatal(err)
	}
	return prog
}

// planChains plans the deallocation of chains(depth) with prog, letting
// relations go if release.
func planChains(t *testing.T, prog *solve.Program, depth int, release bool) *driver.DeallocPlan {
	t.Helper()
	m, err := ir.Parse("chain.mlir", []byte(chains(depth)))
	if err != nil {
		t.Fatal(err)
	}
	p, err := driver.PlanDeallocation(context.Background(), driver.Rules{Program: prog}, m, driver.Deallocation{
		Extract: func(m *ir.Module) (*facts.DB, *extract.Names, error) { return extract.Module(m, extract.Options{}) },
		Release: release,
	})
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// results are what a plan derives of results and frees.
var results = []contract.Handle{contract.ReturnsOwned, contract.DeallocAfter, contract.DeallocInBlock, contract.KeptAlive}

// decided lists the facts of preds in p's DB (ids: plans of the same
// module extract it alike).
func decided(p *driver.DeallocPlan, preds ...contract.Handle) []string {
	var out []string
	for _, h := range preds {
		r := contract.Lookup(p.DB, h)
		if r == nil {
			continue
		}
		for id := range uint32(r.Len()) {
			out = append(out, fmt.Sprint(h.Name(), r.Row(id)))
		}
	}
	slices.Sort(out)
	return out
}

// TestDeallocationSettlesChains: the deallocation's assumptions about a
// chain of calls that returns a borrowed buffer (beside one returning a
// fresh buffer) settle in the same few rounds at any depth
// (unconfirmed_with), where without that rule each round found one more
// call of the chain unconfirmed; and what they settle on is the same:
// the same owned results and the same frees.
func TestDeallocationSettlesChains(t *testing.T) {
	builtin, err := solve.Compile(rules.Builtin()...)
	if err != nil {
		t.Fatal(err)
	}
	roundByRound := withoutRule(t, contract.UnconfirmedWith.Name())
	var rounds []int
	for _, depth := range []int{3, 30, 300} {
		fast, slow := planChains(t, builtin, depth, false), planChains(t, roundByRound, depth, false)
		got, want := decided(fast, results...), decided(slow, results...)
		if !slices.Equal(got, want) {
			t.Errorf("depth %d: with unconfirmed_with the rules decide\n%v\nwithout it\n%v", depth, got, want)
		}
		if slow.Rounds <= depth {
			t.Errorf("depth %d: without unconfirmed_with the rounds took %d, not one per call: the test no longer shows what the rule saves", depth, slow.Rounds)
		}
		rounds = append(rounds, fast.Rounds)
		t.Logf("depth %d: %d rounds (%d without unconfirmed_with), %d facts compared", depth, fast.Rounds, slow.Rounds, len(got))
	}
	if rounds[0] != rounds[2] || rounds[2] > 3 {
		t.Errorf("rounds at depth 3, 30, 300: %v, want the same few at every depth", rounds)
	}
}

// TestDeallocationReleases: a plan whose evaluations let relations go
// (Deallocation.Release) drops some, and derives every fact Go reads
// (the contract's) as a plan that keeps them all, in as many rounds, on
// a module large enough to let go (a chain of calls that takes rounds
// to settle, whose later rounds read what the first derived).
func TestDeallocationReleases(t *testing.T) {
	builtin, err := solve.Compile(rules.Builtin()...)
	if err != nil {
		t.Fatal(err)
	}
	var read []contract.Handle
	for _, p := range contract.Read() {
		read = append(read, p)
	}
	kept, released := planChains(t, builtin, 2000, false), planChains(t, builtin, 2000, true)
	if got, want := decided(released, read...), decided(kept, read...); !slices.Equal(got, want) {
		t.Errorf("letting relations go, the plan derives %d facts Go reads, %d otherwise", len(got), len(want))
	}
	if released.Rounds != kept.Rounds || kept.Rounds < 2 {
		t.Errorf("%d rounds letting relations go, %d otherwise (want the same, more than one)", released.Rounds, kept.Rounds)
	}
	if n, m := len(released.DB.Relations()), len(kept.DB.Relations()); n >= m {
		t.Errorf("the plan letting relations go holds %d relations, the other %d", n, m)
	}
}
