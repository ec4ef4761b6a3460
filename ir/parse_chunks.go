package ir

import (
	"bytes"
	"maps"
	"sync/atomic"

	"bufferlog/internal/parallel"
)

// A long block of an isolated region (a module's functions, a large
// function's body) is parsed in chunks, one goroutine per chunk, when
// ParseOptions.Workers allows. The cuts are guessed from the layout:
// lines indented like the block's first op that start like an op. A
// guess need not be right, because each chunk must prove it: chunk k
// starts where chunk k-1 stopped after a whole op, so by induction from
// the block's first op every cut lies between two ops of the block, and
// parsing the ops of a chunk from its first op is what the serial parse
// does there (an op's syntax depends on the text, not on what the names
// it uses are bound to). Each chunk binds names in a scope of its own;
// the chunks' names are then bound in the block's scope in order, and
// each chunk's uses of earlier names are pointed at them. Anything
// unusual (a wrong cut, a parse error, a use of a later chunk's name, a
// name bound twice, a block label) makes the parse of the block start
// over serially, which reports errors as it always does.

// Chunking is worth its setup only on long blocks. Tests lower the sizes.
var (
	minChunkedBlock = 256 << 10 // bytes of a block worth chunking
	minChunk        = 32 << 10  // bytes of a chunk
)

// chunksPerWorker evens out the speeds of the workers.
const chunksPerWorker = 8

// chunkCuts returns where to cut the ops of the block whose first op
// starts at s0, into about pieces chunks: the first cut is s0, and the
// last chunk runs from the last cut to the end of the block. It returns
// nil when the block looks short, or when one op would hold most of it:
// that op's own regions are better chunked.
func chunkCuts(src []byte, s0, pieces int) []int {
	lineStart := bytes.LastIndexByte(src[:s0], '\n') + 1
	indent := src[lineStart:s0]
	if len(bytes.Trim(indent, " \t")) > 0 {
		return nil // the op does not start its line
	}
	var starts []int // lines at the block's indentation that start like an op
	end := len(src)
	for i := s0; ; {
		nl := bytes.IndexByte(src[i:], '\n')
		if nl < 0 {
			break
		}
		line := i + nl + 1
		j := line
		for j < len(src) && (src[j] == ' ' || src[j] == '\t') {
			j++
		}
		i = j
		if j == len(src) || src[j] == '\n' || src[j] == '/' && j+1 < len(src) && src[j+1] == '/' {
			continue // blank or a comment
		}
		if j-line < len(indent) {
			end = line // less indented: most likely the end of the block
			break
		}
		if c := src[j]; j-line == len(indent) && bytes.Equal(src[line:j], indent) && (c == '%' || c == '"' || isLetter(c)) {
			starts = append(starts, j)
		}
	}
	total := end - s0
	if total < minChunkedBlock {
		return nil
	}
	size := max(minChunk, total/pieces)
	cuts := []int{s0}
	for _, s := range starts {
		if s-cuts[len(cuts)-1] >= size && end-s >= size/2 {
			cuts = append(cuts, s)
		}
	}
	longest := end - cuts[len(cuts)-1]
	for k := 1; k < len(cuts); k++ {
		longest = max(longest, cuts[k]-cuts[k-1])
	}
	if len(cuts) < 2 || 2*longest > total {
		return nil
	}
	return cuts
}

// chunkParse is the parse of one chunk: its parser, left where the chunk
// ends, and its ops.
type chunkParse struct {
	p   *parser
	ops []*Operation
	ok  bool
}

// parseChunked parses the ops of the block starting at the current token
// in chunks, binds their names in the current scope and returns the ops,
// leaving p after them; or it returns false and leaves p untouched.
func (p *parser) parseChunked() ([]*Operation, bool) {
	cuts := chunkCuts(p.src, p.tok.start, p.workers*chunksPerWorker)
	if cuts == nil {
		return nil, false
	}
	chunks := make([]chunkParse, len(cuts))
	var failed atomic.Bool
	parallel.For(len(cuts), p.workers, func(k int) {
		stop := -1 // the last chunk stops at the end of the block
		if k+1 < len(cuts) {
			stop = cuts[k+1]
		}
		chunks[k] = p.parseChunk(cuts[k], stop, &failed)
		if !chunks[k].ok {
			failed.Store(true)
		}
	})
	if failed.Load() || !p.bindChunks(chunks) {
		return nil, false
	}
	var ops []*Operation
	for _, c := range chunks {
		ops = append(ops, c.ops...)
	}
	last := chunks[len(chunks)-1].p
	p.lexer.pos, p.tok, p.prevEnd = last.lexer.pos, last.tok, last.prevEnd
	p.chunked++
	return ops, true
}

// parseChunk parses the ops from start on, up to stop, which must fall
// just after an op, or, if stop is negative, to the end of the block. It
// gives up early once another chunk has failed.
func (p *parser) parseChunk(start, stop int, failed *atomic.Bool) (c chunkParse) {
	c.p = &parser{
		lexer: lexer{src: p.src, pos: start}, file: p.file, mod: p.mod,
		typeAliases: p.typeAliases, attrAliases: p.attrAliases, types: maps.Clone(p.types),
		curOp: p.curOp, depth: p.depth,
	}
	// Isolated, so that a use of a name bound outside the chunk gets a
	// placeholder of the chunk's own instead of sharing the use list of
	// a value other chunks use too.
	c.p.scope = &valueScope{isolated: true, dialect: p.scope.dialect}
	defer func() {
		if r := recover(); r != nil {
			if _, ok := r.(*Error); !ok {
				panic(r)
			}
			c.ok = false
		}
	}()
	top := p.scope.parent == nil // the file's top level ends at its end
	c.p.advance()
	for !failed.Load() {
		switch t := c.p.tok; {
		case stop >= 0 && t.start >= stop:
			c.ok = t.start == stop
			return c
		case top && t.kind == tEOF:
			c.ok = stop < 0
			return c
		case t.kind == tCaret || c.p.is("}"):
			c.ok = stop < 0 && !top
			return c
		case t.kind == tEOF:
			return c
		}
		c.ops = append(c.ops, c.p.parseOperation())
	}
	return c
}

// bindChunks binds the names each chunk defines in the current scope, in
// order, and points each chunk's placeholders for names bound before it
// at their values, as a serial parse would have bound them. If a chunk
// uses a name bound after it or binds one bound before, it unbinds the
// chunks' names and returns false.
func (p *parser) bindChunks(chunks []chunkParse) bool {
	scope := p.scope
	n := len(scope.values)
	for _, c := range chunks {
		n += len(c.p.scope.values)
	}
	values := make(map[string]boundName, n)
	maps.Copy(values, scope.values)
	for _, c := range chunks {
		s := c.p.scope
		if len(s.blocks) > 0 {
			return false
		}
		for ref, ph := range s.forward {
			b, ok := values[ref.name]
			if !ok || ref.num >= int(b.n) || !TypesEqual(b.at(ref.num).typ, ph.typ) {
				return false
			}
		}
		for name, b := range s.values {
			if _, dup := values[name]; dup {
				return false
			}
			values[name] = b
		}
	}
	scope.values = values
	for _, c := range chunks {
		for ref, ph := range c.p.scope.forward {
			ph.ReplaceAllUsesWith(values[ref.name].at(ref.num))
		}
	}
	return true
}
