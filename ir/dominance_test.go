package ir_test

import (
	"fmt"
	"math/rand"
	"strings"
	"testing"

	"bufferlog/ir"
)

// randomCFG writes a function whose n blocks branch randomly (generic form,
// so only successors matter) and returns it parsed.
func randomCFG(t *testing.T, rng *rand.Rand, n int) (*ir.Module, []*ir.Block) {
	var b strings.Builder
	b.WriteString("func.func @f(%c: i1) {\n")
	for i := 0; i < n; i++ {
		if i > 0 {
			fmt.Fprintf(&b, "^bb%d:\n", i)
		}
		switch k := rng.Intn(4); {
		case k == 0 || i == n-1 && rng.Intn(2) == 0:
			b.WriteString("  \"func.return\"() : () -> ()\n")
		case k == 1:
			fmt.Fprintf(&b, "  \"cf.br\"() [^bb%d] : () -> ()\n", 1+rng.Intn(n-1))
		default:
			fmt.Fprintf(&b, "  \"cf.cond_br\"(%%c) [^bb%d, ^bb%d] : (i1) -> ()\n", 1+rng.Intn(n-1), 1+rng.Intn(n-1))
		}
	}
	b.WriteString("}\n")
	m, err := ir.Parse("cfg.mlir", []byte(b.String()))
	if err != nil {
		t.Fatalf("%v\n%s", err, b.String())
	}
	return m, m.Funcs()[0].Regions[0].Blocks()
}

// reaches reports whether to is reachable from from without passing through
// the removed block, following edges forward or backward.
func reaches(from, to, removed *ir.Block, next func(*ir.Block) []*ir.Block) bool {
	if from == removed {
		return false
	}
	seen := map[*ir.Block]bool{from: true}
	work := []*ir.Block{from}
	for len(work) > 0 {
		b := work[len(work)-1]
		work = work[:len(work)-1]
		if b == to {
			return true
		}
		for _, s := range next(b) {
			if s != removed && !seen[s] {
				seen[s] = true
				work = append(work, s)
			}
		}
	}
	return false
}

// TestDominanceAgainstDefinition checks the dominator and post-dominator
// trees against the definitions, on random control-flow graphs: a dominates
// b iff b is reachable from the entry and not once a is removed; a
// post-dominates b iff b reaches an exit and does not once a is removed.
func TestDominanceAgainstDefinition(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	for iter := 0; iter < 300; iter++ {
		n := 2 + rng.Intn(12)
		m, blocks := randomCFG(t, rng, n)
		dom := ir.NewDominance(m.Op)
		succ := func(b *ir.Block) []*ir.Block { return b.Terminator().Successors() }
		exit := &ir.Block{} // virtual exit: successor of every returning block
		succX := func(b *ir.Block) []*ir.Block {
			if b.Terminator().Name == "func.return" {
				return []*ir.Block{exit}
			}
			return succ(b)
		}
		entry := blocks[0]
		for _, a := range blocks {
			for _, b := range blocks {
				reachable := reaches(entry, b, nil, succ)
				wantDom := reachable && (a == b || !reaches(entry, b, a, succ))
				if got := dom.BlockDominates(a, b); got != wantDom {
					t.Fatalf("iter %d: dominates(%d,%d) = %v, want %v", iter, index(blocks, a), index(blocks, b), got, wantDom)
				}
				ain, aout := dom.DomInterval(a)
				bin, bout := dom.DomInterval(b)
				if got := ain >= 0 && bin >= 0 && ain <= bin && bout <= aout; got != wantDom {
					t.Fatalf("iter %d: intervals of %d,%d say dominates = %v, want %v", iter, index(blocks, a), index(blocks, b), got, wantDom)
				}
				exits := reaches(b, exit, nil, succX)
				wantPost := exits && (a == b || !reaches(b, exit, a, succX))
				if got := dom.BlockPostDominates(a, b); got != wantPost {
					t.Fatalf("iter %d: postdominates(%d,%d) = %v, want %v", iter, index(blocks, a), index(blocks, b), got, wantPost)
				}
				ain, aout = dom.PostDomInterval(a)
				bin, bout = dom.PostDomInterval(b)
				if got := ain >= 0 && bin >= 0 && ain <= bin && bout <= aout; got != wantPost {
					t.Fatalf("iter %d: post intervals of %d,%d say postdominates = %v, want %v", iter, index(blocks, a), index(blocks, b), got, wantPost)
				}
			}
		}
	}
}

func index(bs []*ir.Block, b *ir.Block) int {
	for i, x := range bs {
		if x == b {
			return i
		}
	}
	return -1
}

// TestOpDominanceAcrossRegions checks op and value dominance through
// nested regions and within blocks.
func TestOpDominanceAcrossRegions(t *testing.T) {
	src := `func.func @f(%c: i1) {
  %a = "x.def"() : () -> i32
  "x.region"() ({
    %b = "x.use"(%a) : (i32) -> i32
    "x.end"() : () -> ()
  }) : () -> ()
  "cf.cond_br"(%c) [^bb1, ^bb2] : (i1) -> ()
^bb1:
  %d = "x.left"() : () -> i32
  "cf.br"() [^bb3] : () -> ()
^bb2:
  "cf.br"() [^bb3] : () -> ()
^bb3:
  "func.return"() : () -> ()
}
`
	m, err := ir.Parse("t.mlir", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	dom := ir.NewDominance(m.Op)
	ops := map[string]*ir.Operation{}
	ir.Walk(m.Op, func(o *ir.Operation) bool { ops[o.Name] = o; return true })
	// dom: a properly dominates b; post: a post-dominates b.
	tests := []struct {
		a, b string
		dom  bool
		post bool
	}{
		{"x.def", "x.use", true, false},
		{"x.def", "x.left", true, false},
		{"x.use", "x.def", false, false},
		{"x.region", "x.use", false, true},
		{"x.left", "func.return", false, false},
		{"func.return", "x.left", false, true},
		{"x.left", "x.def", false, false},
		{"cf.cond_br", "func.return", true, false},
		{"func.return", "cf.cond_br", false, true},
	}
	for _, tt := range tests {
		a, b := ops[tt.a], ops[tt.b]
		if got := dom.ProperlyDominates(a, b); got != tt.dom {
			t.Errorf("ProperlyDominates(%s, %s) = %v, want %v", tt.a, tt.b, got, tt.dom)
		}
		if got := dom.PostDominates(a, b); got != tt.post {
			t.Errorf("PostDominates(%s, %s) = %v, want %v", tt.a, tt.b, got, tt.post)
		}
	}
	if !dom.ValueDominates(ops["x.def"].Result(0), ops["x.use"]) {
		t.Error("the value of x.def should be available inside the nested region")
	}
	if dom.ValueDominates(ops["x.left"].Result(0), ops["func.return"]) {
		t.Error("the value of x.left is defined on one branch only and must not dominate the join")
	}
}

// TestDominanceOrder checks on random control-flow graphs that
// DominanceOrder lists every block once, the entry first, each reachable
// block after every block that dominates it, and the unreachable blocks
// last in their listed order.
func TestDominanceOrder(t *testing.T) {
	rng := rand.New(rand.NewSource(7))
	for i := 0; i < 300; i++ {
		m, blocks := randomCFG(t, rng, 2+rng.Intn(12))
		dom := ir.NewDominance(m.Op)
		order := ir.DominanceOrder(m.Funcs()[0].Regions[0])
		if len(order) != len(blocks) || order[0] != blocks[0] {
			t.Fatalf("graph %d: %d blocks in order, %d in the region, or the entry is not first", i, len(order), len(blocks))
		}
		pos := map[*ir.Block]int{}
		for k, b := range order {
			if _, twice := pos[b]; twice {
				t.Fatalf("graph %d: a block comes twice", i)
			}
			pos[b] = k
		}
		var unreachable []*ir.Block
		for _, b := range blocks {
			if !dom.Reachable(b) {
				unreachable = append(unreachable, b)
				continue
			}
			for _, a := range blocks {
				if a != b && dom.Reachable(a) && dom.BlockDominates(a, b) && pos[a] > pos[b] {
					t.Errorf("graph %d: block %d dominates block %d but comes after it", i, dom.BlockIndex(a), dom.BlockIndex(b))
				}
			}
		}
		for k, b := range unreachable {
			if pos[b] != len(order)-len(unreachable)+k {
				t.Errorf("graph %d: unreachable block %d at %d, not last in listed order", i, dom.BlockIndex(b), pos[b])
			}
		}
	}
}
