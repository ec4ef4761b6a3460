package facts

import (
	"math/rand/v2"
	"testing"
)

// TestMeasure checks Measure against exact counts: exact on small
// relations and on indexed columns, within a few percent of the keys and
// about the share of the commonest key on large relations.
func TestMeasure(t *testing.T) {
	type spread struct {
		name      string
		rows      int
		key       func(i int, rng *rand.Rand) int64 // column 0 of row i
		indexed   bool
		exact     bool
		keysSlack float64 // allowed relative error of Keys
		longLo    float64 // Longest within [longLo, longHi] times the truth
		longHi    float64
	}
	cases := []spread{
		{name: "small, a few keys", rows: 1000, key: func(i int, _ *rand.Rand) int64 { return int64(i % 7) }, exact: true},
		{name: "small, unique", rows: sampleRows, key: func(i int, _ *rand.Rand) int64 { return int64(i) }, exact: true},
		{name: "indexed, skewed", rows: 50000, key: func(i int, _ *rand.Rand) int64 { return int64(max(0, i%10-6)) }, indexed: true, exact: true},
		{name: "unique", rows: 200000, key: func(i int, _ *rand.Rand) int64 { return int64(i) },
			keysSlack: 0.05, longLo: 1, longHi: 1},
		{name: "four rows a key, in order", rows: 200000, key: func(i int, _ *rand.Rand) int64 { return int64(i / 4) },
			keysSlack: 0.05, longLo: 1, longHi: 1.1},
		{name: "random over 1000 keys", rows: 100000, key: func(_ int, rng *rand.Rand) int64 { return rng.Int64N(1000) },
			keysSlack: 0.05, longLo: 0.5, longHi: 1.5},
		// The entry block of a function holds most of its ops.
		{name: "one key holds 60%", rows: 100000, key: func(i int, _ *rand.Rand) int64 {
			if i%5 < 3 {
				return -1
			}
			return int64(i)
		}, keysSlack: 0.05, longLo: 0.9, longHi: 1.1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(1, 2))
			r := NewRelation("r", 2)
			count := map[int64]int{}
			for i := range c.rows {
				k := c.key(i, rng)
				r.Add([]Value{Number(k), Number(int64(i))})
				count[k]++
			}
			longest := 0
			for _, n := range count {
				longest = max(longest, n)
			}
			if c.indexed {
				r.Index([]int{0})
			}
			got := r.Measure([]int{0})
			if c.exact {
				if got.Keys != len(count) || got.Longest != longest {
					t.Fatalf("Measure = %+v, want exactly {Keys:%d Longest:%d}", got, len(count), longest)
				}
				return
			}
			if d := float64(got.Keys-len(count)) / float64(len(count)); d < -c.keysSlack || d > c.keysSlack {
				t.Errorf("Keys = %d, want %d within %.0f%%", got.Keys, len(count), 100*c.keysSlack)
			}
			if f := float64(got.Longest) / float64(longest); f < c.longLo || f > c.longHi {
				t.Errorf("Longest = %d, want %d times [%.1f, %.1f]", got.Longest, longest, c.longLo, c.longHi)
			}
		})
	}
}

// TestMeasureKeptUntilGrowth checks that a sketch is reused while the
// relation keeps its rows and taken anew once it grows, and that the
// order of the columns does not matter.
func TestMeasureKeptUntilGrowth(t *testing.T) {
	r := NewRelation("r", 2)
	for i := range 10000 {
		r.Add([]Value{Number(int64(i % 100)), Number(int64(i))})
	}
	first := r.Measure([]int{0})
	if len(r.measured) != 1 {
		t.Fatalf("after one Measure, %d sketches kept, want 1", len(r.measured))
	}
	if again := r.Measure([]int{0}); again != first || len(r.measured) != 1 {
		t.Fatalf("second Measure = %+v with %d sketches, want %+v from the one kept", again, len(r.measured), first)
	}
	r.Measure([]int{1, 0})
	r.Measure([]int{0, 1})
	if len(r.measured) != 2 {
		t.Fatalf("columns {0,1} in two orders kept %d sketches in all, want 2", len(r.measured))
	}
	for i := range 10000 {
		r.Add([]Value{Number(int64(100 + i%100)), Number(int64(i))})
	}
	grown := r.Measure([]int{0})
	if grown.Keys < 190 || grown.Keys > 210 {
		t.Fatalf("after doubling the keys, Measure = %+v, want about 200 keys", grown)
	}
	if len(r.measured) != 2 {
		t.Fatalf("after the relation grew, %d sketches kept, want the 2 column sets'", len(r.measured))
	}
}

// TestCount checks Count against the rows on keys of one and two columns,
// with and without an index, before and after the relation grows, and
// that counting builds no index.
func TestCount(t *testing.T) {
	r := NewRelation("r", 3)
	add := func(from, to int) {
		for i := from; i < to; i++ {
			r.Add([]Value{Number(int64(i % 7)), Number(int64(i % 3)), Number(int64(i))})
		}
	}
	// want counts the rows of [0, n) whose columns cols hold key.
	want := func(n int, cols []int, key []Value) int {
		c := 0
		for i := range n {
			row := []Value{Number(int64(i % 7)), Number(int64(i % 3)), Number(int64(i))}
			if row[cols[0]] == key[0] && (len(cols) == 1 || row[cols[1]] == key[1]) {
				c++
			}
		}
		return c
	}
	cases := []struct {
		cols []int
		key  []Value
	}{
		{[]int{0}, []Value{Number(2)}},
		{[]int{1}, []Value{Number(0)}},
		{[]int{1, 0}, []Value{Number(1), Number(4)}},
		{[]int{0}, []Value{Number(9)}}, // no row
	}
	add(0, 1000)
	for _, c := range cases {
		if got, w := r.Count(c.cols, c.key), want(1000, c.cols, c.key); got != w {
			t.Errorf("Count(%v, %v) = %d, want %d", c.cols, c.key, got, w)
		}
	}
	if len(r.indexes) != 0 {
		t.Fatalf("Count built %d indexes, want none", len(r.indexes))
	}
	add(1000, 2500) // a kept count must not outlive the growth
	for _, c := range cases {
		if got, w := r.Count(c.cols, c.key), want(2500, c.cols, c.key); got != w {
			t.Errorf("after growth, Count(%v, %v) = %d, want %d", c.cols, c.key, got, w)
		}
	}
	if len(r.counted) != len(cases) {
		t.Errorf("%d counts kept for %d keys: a count taken again must replace the old", len(r.counted), len(cases))
	}
	r.Index([]int{0})
	for _, c := range cases {
		if got, w := r.Count(c.cols, c.key), want(2500, c.cols, c.key); got != w {
			t.Errorf("with an index, Count(%v, %v) = %d, want %d", c.cols, c.key, got, w)
		}
	}
}

// TestMeasureDeclaredKeys checks that Measure takes a declared key's
// lookups for one row, on the key's columns and on any columns holding
// them, and measures again once the relation grows past the rows the
// keys were declared for.
func TestMeasureDeclaredKeys(t *testing.T) {
	r := NewRelation("r", 3)
	for i := range 10000 {
		r.Add([]Value{Number(int64(i)), Number(int64(i % 10)), Number(int64(i / 10))})
	}
	r.DeclareKeys([][]int{{0}, {1, 2}})
	one := Measurement{Keys: 10000, Longest: 1}
	for _, cols := range [][]int{{0}, {0, 1}, {2, 1}, {1, 2, 0}} {
		if m := r.Measure(cols); m != one {
			t.Errorf("Measure(%v) = %+v, want %+v from the keys", cols, m, one)
		}
	}
	if m := r.Measure([]int{1}); m.Keys != 10 || len(r.measured) != 1 {
		t.Errorf("Measure([1]) = %+v, %d sketches: want 10 keys, sketched", m, len(r.measured))
	}
	// Rows beyond those the keys were declared for may repeat a key.
	r.Add([]Value{Number(0), Number(7), Number(7)})
	if m := r.Measure([]int{0}); m == (Measurement{Keys: 10001, Longest: 1}) || len(r.measured) != 2 {
		t.Errorf("after growth, Measure([0]) = %+v with %d sketches: want a sketch", m, len(r.measured))
	}
}
