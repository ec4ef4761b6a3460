package facts

import (
	"math"
	"math/bits"
	"slices"
)

// Measurement describes how the rows of a relation spread over the keys
// of some columns: how many distinct keys there are, and how many rows
// the commonest key holds. A join planner reads it to guess how many
// rows a lookup on those columns returns.
type Measurement struct {
	Keys, Longest int
}

// Measure returns how the rows spread over the keys of cols: exactly,
// from the declared keys (DeclareKeys), from an index on those columns if
// one is built, or from every row of a small relation; otherwise by
// sketch, which costs a pass of hashing and builds nothing. A planner
// measures many column sets that it never looks up, and an index built
// only to be measured would be kept in memory and up to date with the
// relation for nothing. A sketch is kept until the relation grows.
func (r *Relation) Measure(cols []int) Measurement {
	r.mu.Lock()
	defer r.mu.Unlock()
	set := columnSet(cols)
	if r.n == r.keyRows {
		for _, k := range r.keys {
			if k&^set == 0 {
				return Measurement{Keys: r.n, Longest: min(r.n, 1)}
			}
		}
	}
	for _, ix := range r.indexes {
		if columnSet(ix.cols) == set {
			return Measurement{Keys: ix.Keys(), Longest: ix.Longest()}
		}
	}
	m := keptUntilGrowth(&r.measured, r.n, func(m measured) (bool, int) { return m.cols == set, m.rows },
		func() measured { return measured{cols: set, rows: r.n, Measurement: r.sketch(cols)} })
	return m.Measurement
}

// keptUntilGrowth returns the entry of *list that is sought, if it was
// taken when the relation had rows rows; otherwise it takes it anew and
// keeps it, in the place of the entry taken before the relation grew if
// there is one. is says whether an entry is the one sought and the rows
// it was taken at.
func keptUntilGrowth[E any](list *[]E, rows int, is func(E) (bool, int), take func() E) E {
	at := len(*list)
	for i, e := range *list {
		if sought, taken := is(e); sought {
			if taken == rows {
				return e
			}
			at = i
			break
		}
	}
	e := take()
	if at == len(*list) {
		*list = append(*list, e)
	} else {
		(*list)[at] = e
	}
	return e
}

// Count returns how many rows hold key in the columns cols: from an
// index on those columns if one is built, else by a pass over the rows,
// which builds nothing. A planner asks it of the constants of many atoms
// (op_in_block(_, _, 0)) that no plan then looks up by them alone: an
// index of such a column costs several times the pass. A count is kept
// until the relation grows.
func (r *Relation) Count(cols []int, key []Value) int {
	r.mu.Lock()
	defer r.mu.Unlock()
	if ix := r.findIndex(cols); ix != nil {
		return ix.Count(key)
	}
	is := func(c counted) (bool, int) { return equalInts(c.cols, cols) && equalValues(c.key, key), c.rows }
	c := keptUntilGrowth(&r.counted, r.n, is, func() counted {
		return counted{cols: slices.Clone(cols), key: slices.Clone(key), rows: r.n, n: r.countRows(cols, key)}
	})
	return c.n
}

// countRows counts the rows holding key in cols, by a pass.
func (r *Relation) countRows(cols []int, key []Value) int {
	n := 0
	for id := range uint32(r.n) {
		if r.holds(id, cols, key) {
			n++
		}
	}
	return n
}

// counted is a Count of the rows holding key in cols, taken when the
// relation had rows rows.
type counted struct {
	cols    []int
	key     []Value
	rows, n int
}

// DeclareKeys says that no two of the relation's rows agree on the
// columns of any of keys, as the relations extract fills with one row
// per id: Measure then takes a lookup on columns holding a key for one
// row, without a sketch, until the relation grows. The caller vouches for
// the keys; nothing checks them.
func (r *Relation) DeclareKeys(keys [][]int) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.keys = r.keys[:0]
	for _, k := range keys {
		r.keys = append(r.keys, columnSet(k))
	}
	r.keyRows = r.n
}

// measured is a sketch of the columns in cols taken when the relation
// had rows rows.
type measured struct {
	cols uint64
	rows int
	Measurement
}

// columnSet is cols as a bit set: how rows spread over keys does not
// depend on the order of the columns.
func columnSet(cols []int) uint64 {
	var set uint64
	for _, c := range cols {
		set |= 1 << c
	}
	return set
}

// sampleRows is how many rows, evenly spaced, sketch counts the keys of.
// A key that holds a fair share of a large relation (the entry block of
// a function holds most of its ops) shows up in the sample many times.
const sampleRows = 2048

// sketch measures cols. Up to sampleRows rows, it counts every key. Beyond,
// it counts distinct keys with a HyperLogLog over every row (within a few
// percent), and takes the commonest key's share of an even sample of
// rows as its share of the relation if it stands out; otherwise the keys
// are taken to hold their rows evenly.
func (r *Relation) sketch(cols []int) Measurement {
	step := max(1, r.n/sampleRows)
	freq := make(map[uint64]int, min(r.n, sampleRows))
	sampled, common := 0, 0
	for id := 0; id < r.n; id += step {
		h := r.hashKey(uint32(id), cols)
		freq[h]++
		common = max(common, freq[h])
		sampled++
	}
	if step == 1 {
		return Measurement{Keys: len(freq), Longest: common}
	}
	keys := min(r.n, max(len(freq), r.distinctKeys(cols)))
	longest := (r.n + keys - 1) / keys
	// Among many keys of even shares, some key is sampled a few times
	// more than the mean; a share well beyond that is a key's own.
	if perKey := float64(sampled) / float64(keys); float64(common) > 2*perKey+4 {
		longest = max(longest, common*r.n/sampled)
	}
	return Measurement{Keys: keys, Longest: min(r.n, longest)}
}

// hllBits is log2 of the HyperLogLog's registers: 4096 of them, for a
// standard error of 1.6%.
const hllBits = 12

// distinctKeys estimates how many distinct keys of cols the rows hold
// (HyperLogLog: each register keeps the longest run of leading zeros
// among the key hashes whose top bits pick it). It is a pass over every
// row, the cost of most sketches.
func (r *Relation) distinctKeys(cols []int) int {
	const m = 1 << hllBits
	var reg [m]uint8
	for id := range uint32(r.n) {
		h := r.hashKey(id, cols)
		rank := uint8(bits.LeadingZeros64(h<<hllBits|1<<(hllBits-1))) + 1
		if j := h >> (64 - hllBits); rank > reg[j] {
			reg[j] = rank
		}
	}
	sum, zeros := 0.0, 0
	for _, v := range reg {
		sum += math.Ldexp(1, -int(v))
		if v == 0 {
			zeros++
		}
	}
	est := 0.7213 / (1 + 1.079/m) * m * m / sum
	if est <= 2.5*m && zeros > 0 {
		est = m * math.Log(float64(m)/float64(zeros)) // few keys: count empty registers
	}
	return int(math.Round(est))
}
