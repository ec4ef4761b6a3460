package ir

import "slices"

// Dominance answers dominance and post-dominance queries for every region
// nested in an operation. It describes the IR as it was when computed: edits
// to the IR invalidate it (and computing a new one renumbers the ops). Each region's blocks get a dominator tree and a
// post-dominator tree, numbered by a depth-first walk so that "a dominates
// b" is two integer comparisons; operations get their position in their
// block. Everything is computed once, in time near-linear in the IR size,
// and the encoding is linear in size: no pairwise tables.
type Dominance struct {
	regions map[*Region]*regionDom
}

// regionDom holds the trees of one region; blocks are numbered by their
// index in the region (Block.index).
type regionDom struct {
	dom  domTree
	post domTree
}

// domTree is a (post-)dominator tree in interval form: x is an ancestor of
// y iff in[x] <= in[y] && out[y] <= out[x]. Unreachable nodes have in = -1.
type domTree struct {
	idom    []int32
	in, out []int32
}

// NewDominance computes dominance information for all regions inside root.
func NewDominance(root *Operation) *Dominance {
	d := &Dominance{regions: map[*Region]*regionDom{}}
	Walk(root, func(op *Operation) bool {
		for _, r := range op.Regions {
			d.regions[r] = newRegionDom(r)
			for _, b := range r.blocks {
				for i, o := range b.ops {
					o.order = int32(i)
				}
			}
		}
		return true
	})
	return d
}

// straightRegion is the regionDom of every region of one block whose
// terminator has no successors: most regions are such.
var straightRegion = &regionDom{
	dom:  domTree{idom: []int32{-2}, in: []int32{0}, out: []int32{1}},
	post: domTree{idom: []int32{-2}, in: []int32{0}, out: []int32{1}},
}

func newRegionDom(r *Region) *regionDom {
	n := len(r.blocks)
	for i, b := range r.blocks {
		b.index = int32(i)
	}
	if n == 1 && (r.blocks[0].Terminator() == nil || len(r.blocks[0].Terminator().Successors()) == 0) {
		return straightRegion
	}
	rd := &regionDom{}
	succs, preds, exits := blockEdges(r)
	if n > 0 {
		rd.dom = buildDomTree(n, []int32{0}, succs, preds)
	}
	rd.post = buildDomTree(n, exits, preds, succs)
	return rd
}

// blockEdges returns the successors and predecessors in r of each of its
// blocks, by Block.index (which must be set), and the blocks without
// successors.
func blockEdges(r *Region) (succs, preds [][]int32, exits []int32) {
	succs = make([][]int32, len(r.blocks))
	preds = make([][]int32, len(r.blocks))
	for i, b := range r.blocks {
		t := b.Terminator()
		if t == nil || len(t.Successors()) == 0 {
			exits = append(exits, int32(i))
			continue
		}
		for _, s := range t.Successors() {
			if s.region != r {
				continue // a successor outside the region; the verifier reports it
			}
			j := s.index
			succs[i] = append(succs[i], j)
			preds[j] = append(preds[j], int32(i))
		}
	}
	return succs, preds, exits
}

// reversePostOrder walks the graph of n nodes depth first from roots and
// returns the nodes it reaches in reverse post-order, and each node's
// post-order number (-1 for a node it does not reach).
func reversePostOrder(n int, roots []int32, succs [][]int32) (rpo, num []int32) {
	rpo = make([]int32, 0, n)
	num = make([]int32, n)
	for i := range num {
		num[i] = -1
	}
	visited := make([]bool, n)
	type frame struct{ node, next int32 }
	var stack []frame
	post := int32(0)
	for _, r := range roots {
		if visited[r] {
			continue
		}
		visited[r] = true
		stack = append(stack, frame{r, 0})
		for len(stack) > 0 {
			f := &stack[len(stack)-1]
			if int(f.next) < len(succs[f.node]) {
				s := succs[f.node][f.next]
				f.next++
				if !visited[s] {
					visited[s] = true
					stack = append(stack, frame{s, 0})
				}
				continue
			}
			num[f.node] = post
			post++
			rpo = append(rpo, f.node)
			stack = stack[:len(stack)-1]
		}
	}
	slices.Reverse(rpo)
	return rpo, num
}

// buildDomTree computes immediate dominators over n nodes with the given
// roots (several roots hang under a virtual root, as the exits of a
// post-dominator tree do), using the iterative algorithm of Cooper, Harvey
// and Kennedy over reverse post-order.
func buildDomTree(n int, roots []int32, succs, preds [][]int32) domTree {
	const virtual = -2
	rpo, num := reversePostOrder(n, roots, succs)
	idom := make([]int32, n)
	for i := range idom {
		idom[i] = -1
	}
	isRoot := make([]bool, n)
	for _, r := range roots {
		isRoot[r] = true
		idom[r] = virtual
	}
	intersect := func(a, b int32) int32 {
		for a != b {
			if a == virtual || b == virtual {
				return virtual
			}
			for num[a] < num[b] {
				a = idom[a]
				if a == virtual {
					return virtual
				}
			}
			for num[b] < num[a] {
				b = idom[b]
				if b == virtual {
					return virtual
				}
			}
		}
		return a
	}
	for changed := true; changed; {
		changed = false
		for _, b := range rpo {
			if isRoot[b] {
				continue
			}
			nd := int32(-1)
			for _, p := range preds[b] {
				if idom[p] == -1 {
					continue
				}
				if nd == -1 {
					nd = p
				} else {
					nd = intersect(p, nd)
				}
			}
			if nd != idom[b] {
				idom[b] = nd
				changed = true
			}
		}
	}
	t := domTree{idom: idom, in: make([]int32, n), out: make([]int32, n)}
	children := make([][]int32, n)
	var tops []int32
	for v := int32(0); v < int32(n); v++ {
		switch {
		case idom[v] == virtual:
			tops = append(tops, v)
		case idom[v] >= 0:
			children[idom[v]] = append(children[idom[v]], v)
		}
		t.in[v], t.out[v] = -1, -1
	}
	type frame struct{ node, next int32 }
	var stack []frame
	clock := int32(0)
	for _, top := range tops {
		stack = append(stack[:0], frame{top, 0})
		t.in[top] = clock
		clock++
		for len(stack) > 0 {
			f := &stack[len(stack)-1]
			if int(f.next) < len(children[f.node]) {
				c := children[f.node][f.next]
				f.next++
				t.in[c] = clock
				clock++
				stack = append(stack, frame{c, 0})
				continue
			}
			t.out[f.node] = clock
			clock++
			stack = stack[:len(stack)-1]
		}
	}
	return t
}

func (t *domTree) ancestor(a, b int32) bool {
	return t.in[a] >= 0 && t.in[b] >= 0 && t.in[a] <= t.in[b] && t.out[b] <= t.out[a]
}

// Reachable reports whether b is reachable from its region's entry block.
func (d *Dominance) Reachable(b *Block) bool {
	rd := d.regions[b.region]
	return rd != nil && rd.dom.in != nil && rd.dom.in[b.index] >= 0
}

// BlockDominates reports whether block a dominates block b: every path from
// the entry of a's region to b (or to the op of a's region enclosing b)
// passes through a. A block dominates itself.
func (d *Dominance) BlockDominates(a, b *Block) bool {
	b = ancestorBlockInRegion(a.region, b)
	if b == nil {
		return false
	}
	rd := d.regions[a.region]
	return rd.dom.ancestor(a.index, b.index)
}

// BlockPostDominates reports whether every path from b (or from the op of
// a's region enclosing b) to an exit of a's region passes through a.
func (d *Dominance) BlockPostDominates(a, b *Block) bool {
	b = ancestorBlockInRegion(a.region, b)
	if b == nil {
		return false
	}
	rd := d.regions[a.region]
	return rd.post.ancestor(a.index, b.index)
}

// ancestorBlockInRegion returns b, or the block of r that contains the op
// enclosing b; nil when b is not inside r.
func ancestorBlockInRegion(r *Region, b *Block) *Block {
	for b != nil && b.region != r {
		op := b.ParentOp()
		if op == nil {
			return nil
		}
		b = op.block
	}
	return b
}

// Before reports whether a comes before b in their common block.
func (d *Dominance) Before(a, b *Operation) bool { return a.order < b.order }

// ProperlyDominates reports whether op a properly dominates op b: a is
// executed before b on every path reaching b, and b is not nested in a.
func (d *Dominance) ProperlyDominates(a, b *Operation) bool {
	if a.block == nil {
		return false
	}
	bb := AncestorInRegion(a.block.region, b)
	if bb == nil || bb == a {
		return false
	}
	if bb.block == a.block {
		return a.order < bb.order
	}
	return d.BlockDominates(a.block, bb.block)
}

// PostDominates reports whether op a post-dominates op b: every path from b
// to the exit of a's region passes through a. An op post-dominates itself.
func (d *Dominance) PostDominates(a, b *Operation) bool {
	if a.block == nil {
		return false
	}
	bb := AncestorInRegion(a.block.region, b)
	if bb == nil {
		return false
	}
	if bb.block == a.block {
		return a.order >= bb.order
	}
	return d.BlockPostDominates(a.block, bb.block)
}

// ValueDominates reports whether v is available at op use: v's definition
// properly dominates use, or v is an argument of a block dominating it.
func (d *Dominance) ValueDominates(v *Value, use *Operation) bool {
	if v.def != nil {
		return d.ProperlyDominates(v.def, use)
	}
	if v.block == nil || use.block == nil {
		return false
	}
	return d.BlockDominates(v.block, use.block)
}

// DomInterval returns the pre- and post-order numbers of b in its region's
// dominator tree: a dominates b iff both are in the same region and
// in(a) <= in(b) && out(b) <= out(a). Unreachable blocks get (-1, -1).
// This is the linear-size encoding that fact extraction exports.
func (d *Dominance) DomInterval(b *Block) (in, out int32) {
	rd := d.regions[b.region]
	if rd == nil || rd.dom.in == nil {
		return -1, -1
	}
	return rd.dom.in[b.index], rd.dom.out[b.index]
}

// PostDomInterval is DomInterval for the post-dominator tree.
func (d *Dominance) PostDomInterval(b *Block) (in, out int32) {
	rd := d.regions[b.region]
	if rd == nil || rd.post.in == nil {
		return -1, -1
	}
	return rd.post.in[b.index], rd.post.out[b.index]
}

// BlockIndex returns b's position in its region.
func (d *Dominance) BlockIndex(b *Block) int { return int(b.index) }

// OpIndex returns op's position in its block.
func (d *Dominance) OpIndex(op *Operation) int { return int(op.order) }

// DominanceOrder returns r's blocks in reverse post-order from its entry
// block, which puts every reachable block after its dominators, and so
// after at least one of its predecessors, then the unreachable blocks in
// the order they are listed. A block may be listed before the blocks
// defining the values it uses; a pass that must meet each definition
// before its uses walks the blocks in this order.
func DominanceOrder(r *Region) []*Block {
	if len(r.blocks) <= 1 {
		return r.blocks
	}
	for i, b := range r.blocks {
		b.index = int32(i)
	}
	succs, _, _ := blockEdges(r)
	rpo, num := reversePostOrder(len(r.blocks), []int32{0}, succs)
	order := make([]*Block, 0, len(r.blocks))
	for _, i := range rpo {
		order = append(order, r.blocks[i])
	}
	for i, b := range r.blocks {
		if num[i] < 0 {
			order = append(order, b)
		}
	}
	return order
}
