package solve

import (
	"fmt"
	"sort"
	"strings"

	"github.com/google/mangle/ast"
	"github.com/google/mangle/parse"
)

// naive is the reference evaluator the engine is checked against. It is
// deliberately simple: relations are maps from a fact's text to its
// arguments, bindings are maps copied at every step, and each level runs
// every rule over the full relations until nothing changes. Levels come
// from the test (negation and aggregation only read lower levels).
type naive struct {
	rels map[string]map[string][]ast.Constant // "name/arity" -> fact text -> args
}

func relKey(p ast.PredicateSym) string { return fmt.Sprintf("%s/%d", p.Symbol, p.Arity) }

func (n *naive) add(p ast.PredicateSym, args []ast.Constant) bool {
	r := n.rels[relKey(p)]
	if r == nil {
		r = map[string][]ast.Constant{}
		n.rels[relKey(p)] = r
	}
	k := factText(p.Symbol, args)
	if _, ok := r[k]; ok {
		return false
	}
	r[k] = args
	return true
}

func factText(name string, args []ast.Constant) string {
	parts := make([]string, len(args))
	for i, a := range args {
		parts[i] = a.String()
	}
	return name + "(" + strings.Join(parts, ",") + ")"
}

// naiveEval evaluates src over the given extra facts; level maps each
// rule-defined predicate name to its level (1, 2, ...).
func naiveEval(src string, extra []ast.Atom, level map[string]int) (map[string]bool, error) {
	unit, err := parse.Unit(strings.NewReader(src))
	if err != nil {
		return nil, err
	}
	n := &naive{rels: map[string]map[string][]ast.Constant{}}
	for _, a := range extra {
		n.add(a.Predicate, constants(a.Args))
	}
	maxLevel := 0
	for _, cl := range unit.Clauses {
		if len(cl.Premises) == 0 {
			n.add(cl.Head.Predicate, constants(cl.Head.Args))
		} else if level[cl.Head.Predicate.Symbol] > maxLevel {
			maxLevel = level[cl.Head.Predicate.Symbol]
		}
	}
	for l := 1; l <= maxLevel; l++ {
		for changed := true; changed; {
			changed = false
			for _, cl := range unit.Clauses {
				if len(cl.Premises) == 0 || level[cl.Head.Predicate.Symbol] != l {
					continue
				}
				heads, err := n.rule(cl)
				if err != nil {
					return nil, err
				}
				for _, h := range heads {
					changed = n.add(cl.Head.Predicate, h) || changed
				}
			}
		}
	}
	out := map[string]bool{}
	for _, r := range n.rels {
		for k := range r {
			out[k] = true
		}
	}
	return out, nil
}

func constants(ts []ast.BaseTerm) []ast.Constant {
	out := make([]ast.Constant, len(ts))
	for i, t := range ts {
		out[i] = t.(ast.Constant)
	}
	return out
}

type binding map[string]ast.Constant

func (b binding) with(v string, c ast.Constant) binding {
	nb := make(binding, len(b)+1)
	for k, x := range b {
		nb[k] = x
	}
	nb[v] = c
	return nb
}

// rule returns the head tuples of one clause over the current relations.
func (n *naive) rule(cl ast.Clause) ([][]ast.Constant, error) {
	bs := []binding{{}}
	var rest []ast.Term
	for i, p := range cl.Premises {
		a, ok := p.(ast.Atom)
		if !ok || a.Predicate.IsBuiltin() {
			rest = append(rest, p)
			continue
		}
		var next []binding
		for _, b := range bs {
			for _, f := range n.rels[relKey(a.Predicate)] {
				if nb, ok := unify(b, a.Args, f, i); ok {
					next = append(next, nb)
				}
			}
		}
		bs = next
	}
	// The other premises, each as soon as its variables are bound.
	for len(rest) > 0 {
		progressed := false
		for i, p := range rest {
			var next []binding
			ready := true
			for _, b := range bs {
				nb, ok, isReady, err := n.filter(p, b)
				if err != nil {
					return nil, err
				}
				if !isReady {
					ready = false
					break
				}
				if ok {
					next = append(next, nb)
				}
			}
			if ready || len(bs) == 0 {
				bs = next
				rest = append(rest[:i:i], rest[i+1:]...)
				progressed = true
				break
			}
		}
		if !progressed {
			return nil, fmt.Errorf("naive: cannot order %v", cl)
		}
	}
	var heads [][]ast.Constant
	if cl.Transform != nil && !cl.Transform.IsLetTransform() {
		return aggregateNaive(cl, bs)
	}
	for _, b := range bs {
		if cl.Transform != nil {
			for _, st := range cl.Transform.Statements {
				c, err := evalTerm(st.Fn, b)
				if err != nil {
					return nil, err
				}
				b = b.with(st.Var.Symbol, c)
			}
		}
		h, err := evalArgs(cl.Head.Args, b)
		if err != nil {
			return nil, err
		}
		heads = append(heads, h)
	}
	return heads, nil
}

// unify matches atom arguments against a fact; each wildcard is bound
// under its own name so that aggregation sees distinct facts as distinct.
func unify(b binding, args []ast.BaseTerm, f []ast.Constant, atom int) (binding, bool) {
	for j, a := range args {
		switch t := a.(type) {
		case ast.Constant:
			if !t.Equals(f[j]) {
				return nil, false
			}
		case ast.Variable:
			name := t.Symbol
			if name == "_" {
				name = fmt.Sprintf("_%d_%d", atom, j)
			}
			if c, ok := b[name]; ok {
				if !c.Equals(f[j]) {
					return nil, false
				}
				continue
			}
			b = b.with(name, f[j])
		}
	}
	return b, true
}

// filter applies a non-atom premise: it reports the extended binding,
// whether it holds, and whether its inputs were bound.
func (n *naive) filter(p ast.Term, b binding) (binding, bool, bool, error) {
	switch p := p.(type) {
	case ast.NegAtom:
		for _, a := range p.Atom.Args {
			if v, ok := a.(ast.Variable); ok && v.Symbol != "_" {
				if _, bound := b[v.Symbol]; !bound {
					return nil, false, false, nil
				}
			}
		}
		for _, f := range n.rels[relKey(p.Atom.Predicate)] {
			match := true
			for j, a := range p.Atom.Args {
				switch t := a.(type) {
				case ast.Constant:
					match = match && t.Equals(f[j])
				case ast.Variable:
					if t.Symbol != "_" {
						match = match && b[t.Symbol].Equals(f[j])
					}
				}
			}
			if match {
				return nil, false, true, nil
			}
		}
		return b, true, true, nil
	case ast.Atom: // comparison
		x, okx := tryEval(p.Args[0], b)
		y, oky := tryEval(p.Args[1], b)
		if !okx || !oky {
			return nil, false, false, nil
		}
		if x.Type != ast.NumberType || y.Type != ast.NumberType {
			return nil, false, true, fmt.Errorf("naive: comparing %v and %v", x, y)
		}
		var holds bool
		switch p.Predicate.Symbol {
		case ":lt":
			holds = x.NumValue < y.NumValue
		case ":le":
			holds = x.NumValue <= y.NumValue
		case ":gt":
			holds = x.NumValue > y.NumValue
		case ":ge":
			holds = x.NumValue >= y.NumValue
		}
		return b, holds, true, nil
	case ast.Ineq:
		x, okx := tryEval(p.Left, b)
		y, oky := tryEval(p.Right, b)
		if !okx || !oky {
			return nil, false, false, nil
		}
		return b, !x.Equals(y), true, nil
	case ast.Eq:
		x, okx := tryEval(p.Left, b)
		y, oky := tryEval(p.Right, b)
		switch {
		case okx && oky:
			return b, x.Equals(y), true, nil
		case okx:
			if v, ok := p.Right.(ast.Variable); ok {
				return b.with(v.Symbol, x), true, true, nil
			}
		case oky:
			if v, ok := p.Left.(ast.Variable); ok {
				return b.with(v.Symbol, y), true, true, nil
			}
		}
		return nil, false, false, nil
	}
	return nil, false, true, fmt.Errorf("naive: unsupported %v", p)
}

// tryEval evaluates a term if its variables are bound.
func tryEval(t ast.BaseTerm, b binding) (ast.Constant, bool) {
	c, err := evalTerm(t, b)
	return c, err == nil
}

func evalArgs(ts []ast.BaseTerm, b binding) ([]ast.Constant, error) {
	out := make([]ast.Constant, len(ts))
	for i, t := range ts {
		c, err := evalTerm(t, b)
		if err != nil {
			return nil, err
		}
		out[i] = c
	}
	return out, nil
}

func evalTerm(t ast.BaseTerm, b binding) (ast.Constant, error) {
	switch t := t.(type) {
	case ast.Constant:
		return t, nil
	case ast.Variable:
		c, ok := b[t.Symbol]
		if !ok {
			return ast.Constant{}, fmt.Errorf("unbound %v", t)
		}
		return c, nil
	case ast.ApplyFn:
		var nums []int64
		for _, a := range t.Args {
			c, err := evalTerm(a, b)
			if err != nil {
				return ast.Constant{}, err
			}
			nums = append(nums, c.NumValue)
		}
		acc := nums[0]
		switch t.Function.Symbol {
		case "fn:plus":
			for _, x := range nums[1:] {
				acc += x
			}
		case "fn:minus":
			if len(nums) == 1 {
				acc = -acc
			}
			for _, x := range nums[1:] {
				acc -= x
			}
		case "fn:mult":
			for _, x := range nums[1:] {
				acc *= x
			}
		case "fn:div":
			for _, x := range nums[1:] {
				acc /= x
			}
		}
		return ast.Number(acc), nil
	}
	return ast.Constant{}, fmt.Errorf("naive: unsupported term %v", t)
}

// aggregateNaive groups the distinct bindings of a do-rule's body.
func aggregateNaive(cl ast.Clause, bs []binding) ([][]ast.Constant, error) {
	distinct := map[string]binding{}
	for _, b := range bs {
		var keys []string
		for k := range b {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		var sb strings.Builder
		for _, k := range keys {
			fmt.Fprintf(&sb, "%s=%v;", k, b[k])
		}
		distinct[sb.String()] = b
	}
	groupBy := cl.Transform.Statements[0].Fn.Args
	groups := map[string][]binding{}
	for _, b := range distinct {
		var sb strings.Builder
		for _, g := range groupBy {
			fmt.Fprintf(&sb, "%v;", b[g.(ast.Variable).Symbol])
		}
		groups[sb.String()] = append(groups[sb.String()], b)
	}
	var heads [][]ast.Constant
	for _, g := range groups {
		out := binding{}
		for _, v := range groupBy {
			out[v.(ast.Variable).Symbol] = g[0][v.(ast.Variable).Symbol]
		}
		for _, st := range cl.Transform.Statements[1:] {
			var c ast.Constant
			switch st.Fn.Function.Symbol {
			case "fn:count":
				c = ast.Number(int64(len(g)))
			case "fn:sum", "fn:min", "fn:max":
				v := st.Fn.Args[0].(ast.Variable).Symbol
				acc := g[0][v].NumValue
				for i, b := range g {
					x := b[v].NumValue
					switch {
					case st.Fn.Function.Symbol == "fn:sum" && i > 0:
						acc += x
					case st.Fn.Function.Symbol == "fn:min" && x < acc, st.Fn.Function.Symbol == "fn:max" && x > acc:
						acc = x
					}
				}
				c = ast.Number(acc)
			default:
				var err error
				if c, err = evalTerm(st.Fn, out); err != nil {
					return nil, err
				}
			}
			out[st.Var.Symbol] = c
		}
		h, err := evalArgs(cl.Head.Args, out)
		if err != nil {
			return nil, err
		}
		heads = append(heads, h)
	}
	return heads, nil
}
