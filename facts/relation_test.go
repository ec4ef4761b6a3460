package facts

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/RoaringBitmap/roaring/v2"
)

func TestValues(t *testing.T) {
	syms := NewSymbols()
	for _, n := range []int64{0, 1, -1, 42, MinNumber, MaxNumber} {
		v := Number(n)
		if !v.IsNumber() || v.IsName() || v.IsString() || v.Int() != n {
			t.Errorf("Number(%d) = %#x reads back wrong", n, uint64(v))
		}
	}
	if InNumberRange(MaxNumber+1) || InNumberRange(MinNumber-1) {
		t.Error("InNumberRange accepts numbers that do not fit")
	}
	a, b, s := syms.Name("/v/1"), syms.Name("/v/2"), syms.String("/v/1")
	if a == b || a == s || syms.Name("/v/1") != a || syms.String("/v/1") != s {
		t.Error("interning is not one value per (kind, text)")
	}
	if !a.IsName() || a.IsNumber() || !s.IsString() || s.IsName() {
		t.Error("symbol kinds are wrong")
	}
	if got := syms.Format(a) + " " + syms.Format(s) + " " + syms.Format(Number(-7)); got != `/v/1 "/v/1" -7` {
		t.Errorf("Format = %s", got)
	}
	if Number(2)+Number(3) != Number(5) || Number(-3)+Number(5) != Number(2) || int64(Number(-3)) >= int64(Number(2)) {
		t.Error("numbers do not add natively")
	}
}

func TestRelation(t *testing.T) {
	db := NewDB(nil)
	r := db.Relation("edge", 2)
	if db.Relation("edge", 2) != r || db.Lookup("edge", 3) != nil {
		t.Fatal("DB does not key relations by name and arity")
	}
	byFrom := r.Index([]int{0}) // built before the rows, kept current
	rnd := rand.New(rand.NewPCG(1, 2))
	want := map[[2]Value]bool{}
	for range 20_000 {
		tuple := [2]Value{Number(rnd.Int64N(300)), Number(rnd.Int64N(300))}
		if r.Add(tuple[:]) == want[tuple] {
			t.Fatalf("Add(%v) disagrees with a map about novelty", tuple)
		}
		want[tuple] = true
	}
	if r.Len() != len(want) {
		t.Fatalf("Len = %d, want %d", r.Len(), len(want))
	}
	byTo := r.Index([]int{1}) // built over existing rows
	for tuple := range want {
		if id := r.Find(tuple[:]); id == NoRow || r.Row(id)[0] != tuple[0] || r.Row(id)[1] != tuple[1] {
			t.Fatalf("Find(%v) = %d", tuple, id)
		}
	}
	for _, c := range []struct {
		ix  *Index
		col int
	}{{byFrom, 0}, {byTo, 1}} {
		for k := range int64(300) {
			n, prev := 0, NoRow
			for id := c.ix.First([]Value{Number(k)}); id != NoRow; id = c.ix.Next(id) {
				if r.Row(id)[c.col] != Number(k) || id >= prev {
					t.Fatalf("index on column %d: row %d in the chain of %d (after %d)", c.col, id, k, prev)
				}
				n, prev = n+1, id
			}
			if count := c.ix.Count([]Value{Number(k)}); count != n {
				t.Fatalf("index on column %d: Count(%d) = %d, the chain has %d", c.col, k, count, n)
			}
			for tuple := range want {
				if tuple[c.col] == Number(k) {
					n--
				}
			}
			if n != 0 {
				t.Fatalf("index on column %d: chain of %d misses or repeats rows", c.col, k)
			}
		}
	}
	if r.Contains([]Value{Number(1000), Number(0)}) {
		t.Error("Contains finds an absent tuple")
	}
	if got := db.Relations(); len(got) != 1 || got[0] != r {
		t.Errorf("Relations = %v", got)
	}
}

// TestIndexKinds checks indexes whose keys a dense table holds (columns
// of small non-negative numbers) and those a hash table holds, built
// before or after the rows, and one that outgrows its dense table: each
// chain lists exactly its key's rows, newest first, with Count, Keys and
// Longest to match.
func TestIndexKinds(t *testing.T) {
	syms := NewSymbols()
	ids := func(i int64) Value { return Number(i % 300) }
	for _, c := range []struct {
		name   string
		cols   []int
		key    func(i int64) Value // column 0 of row i; column 1 is i%7, column 2 is i
		early  bool                // index built before the rows
		dense  bool                // still dense at the end
		absent [][]Value
	}{
		{"distinct ids", []int{0}, func(i int64) Value { return Number(i) }, false, true, [][]Value{{Number(10_000)}}},
		{"distinct names, built first", []int{0}, func(i int64) Value { return syms.Name(fmt.Sprintf("/k%d", i)) }, true, false, nil},
		{"distinct, then a repeat", []int{0}, func(i int64) Value {
			if i == 9000 {
				return Number(5)
			}
			return Number(i)
		}, true, true, [][]Value{{Number(9000)}}},
		{"ids", []int{0}, ids, false, true, [][]Value{{Number(300)}, {Number(-1)}}},
		{"ids, built first", []int{0}, ids, true, true, [][]Value{{Number(1 << 40)}}},
		{"ids and positions", []int{0, 1}, ids, false, true, [][]Value{{Number(0), Number(7)}, {Number(300), Number(0)}}},
		{"positions and ids", []int{1, 0}, ids, false, true, [][]Value{{Number(7), Number(0)}}},
		{"negative numbers", []int{0}, func(i int64) Value { return Number(i%300 - 150) }, false, false, [][]Value{{Number(150)}}},
		{"minus one", []int{0}, func(i int64) Value { return Number(i%300 - 1) }, false, false, [][]Value{{Number(299)}}},
		{"names", []int{0}, func(i int64) Value { return syms.Name(fmt.Sprintf("/k%d", i%300)) }, false, false, [][]Value{{Number(3)}}},
		{"outgrown", []int{0}, func(i int64) Value {
			if i == 5000 {
				return Number(1 << 30)
			}
			return Number(i % 300)
		}, true, false, [][]Value{{Number(1 << 29)}}},
		// No span fits the rows added after the index: hashed, then
		// dense again once the relation is large and its table grows.
		{"two columns, built first", []int{0, 1}, ids, true, true, nil},
		{"too many keys", []int{0, 2}, ids, false, false, nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := NewRelation("r", 3)
			var ix *Index
			if c.early {
				ix = r.Index(c.cols)
			}
			rows := map[[3]Value][]uint32{} // key -> row ids, oldest first
			for i := range int64(10_000) {
				row := []Value{c.key(i), Number(i % 7), Number(i)}
				r.Add(row)
				var key [3]Value
				for j, col := range c.cols {
					key[j] = row[col]
				}
				rows[key] = append(rows[key], uint32(i))
			}
			if !c.early {
				ix = r.Index(c.cols)
			}
			if (ix.dense != nil) != c.dense {
				t.Fatalf("dense table: %v, want %v", ix.dense != nil, c.dense)
			}
			longest := 0
			for key, want := range rows {
				var got []uint32
				for id := ix.First(key[:len(c.cols)]); id != NoRow; id = ix.Next(id) {
					got = append(got, id)
				}
				slices.Reverse(got)
				if !slices.Equal(got, want) || ix.Count(key[:len(c.cols)]) != len(want) {
					t.Fatalf("key %v: chain %v (Count %d), want %v", key, got, ix.Count(key[:len(c.cols)]), want)
				}
				longest = max(longest, len(want))
			}
			if ix.Keys() != len(rows) || ix.Longest() != longest {
				t.Errorf("Keys %d, Longest %d; want %d and %d", ix.Keys(), ix.Longest(), len(rows), longest)
			}
			// Chains are kept only once a key has two rows.
			if ix.chained != (longest > 1) || !ix.chained && (ix.next != nil || ix.depth != nil) {
				t.Errorf("chained %v with %d and %d row entries, longest chain %d", ix.chained, len(ix.next), len(ix.depth), longest)
			}
			for _, k := range c.absent {
				if id := ix.First(k); id != NoRow {
					t.Errorf("absent key %v: row %d", k, id)
				}
			}
		})
	}
}

// BenchmarkInsert adds 2M distinct pairs, like the closure of a 2000-node
// chain.
func BenchmarkInsert(b *testing.B) {
	for b.Loop() {
		r := NewRelation("reach", 2)
		for i := range int64(2000) {
			for j := i + 1; j <= 2000; j++ {
				r.Add([]Value{Number(i), Number(j)})
			}
		}
	}
}

// The index's posting lists are chains through the rows. The alternative
// the project's design names, a roaring bitmap of row ids per key, is measured
// here on a typical shape: 200k rows, about 4 rows per key.
func BenchmarkPostingLists(b *testing.B) {
	const rows, keys = 200_000, 50_000
	b.Run("chain", func(b *testing.B) {
		for b.Loop() {
			r := NewRelation("use", 2)
			ix := r.Index([]int{0})
			for i := range int64(rows) {
				r.Add([]Value{Number(i % keys), Number(i)})
			}
			n := 0
			for k := range int64(keys) {
				for id := ix.First([]Value{Number(k)}); id != NoRow; id = ix.Next(id) {
					n++
				}
			}
			if n != rows {
				b.Fatal(n)
			}
		}
	})
	b.Run("roaring", func(b *testing.B) {
		for b.Loop() {
			r := NewRelation("use", 2)
			lists := map[Value]*roaring.Bitmap{}
			for i := range int64(rows) {
				t := []Value{Number(i % keys), Number(i)}
				if r.Add(t) {
					bm := lists[t[0]]
					if bm == nil {
						bm = roaring.New()
						lists[t[0]] = bm
					}
					bm.Add(uint32(r.Len() - 1))
				}
			}
			n := 0
			for k := range int64(keys) {
				it := lists[Number(k)].Iterator()
				for it.HasNext() {
					it.Next()
					n++
				}
			}
			if n != rows {
				b.Fatal(n)
			}
		}
	})
}

// TestAddBatch: adding in batches gives the rows, row ids and index chains
// that adding one by one gives, whatever the duplicates within and across
// batches.
func TestAddBatch(t *testing.T) {
	rnd := rand.New(rand.NewPCG(3, 4))
	one, batched := NewRelation("r", 3), NewRelation("r", 3)
	ixOne, ixBatched := one.Index([]int{1}), batched.Index([]int{1})
	for range 300 {
		var rows []Value
		wantNew := 0
		for range rnd.IntN(100) {
			tuple := []Value{Number(rnd.Int64N(20)), Number(rnd.Int64N(20)), Number(rnd.Int64N(5))}
			rows = append(rows, tuple...)
			if one.Add(tuple) {
				wantNew++
			}
		}
		if got := batched.AddBatch(rows); got != wantNew {
			t.Fatalf("AddBatch added %d rows, Add %d", got, wantNew)
		}
	}
	if one.Len() != batched.Len() || one.Len() < 1000 {
		t.Fatalf("%d rows one by one, %d in batches", one.Len(), batched.Len())
	}
	for id := range uint32(one.Len()) {
		if a, b := one.Row(id), batched.Row(id); !equalValues(a, b) || ixOne.Next(id) != ixBatched.Next(id) {
			t.Fatalf("row %d: %v (next %d) one by one, %v (next %d) in batches", id, a, ixOne.Next(id), b, ixBatched.Next(id))
		}
	}
}

// TestSeal checks that a sealed relation, its duplicate set let go,
// still finds every tuple, rejects duplicates and takes new ones, by each
// way in, and that readers may find tuples in it at once.
func TestSeal(t *testing.T) {
	const n = 3 * sealRows
	fill := func() *Relation {
		r := NewRelation("p", 2)
		for i := range n {
			r.Add([]Value{Number(int64(i)), Number(int64(i % 7))})
		}
		r.Index([]int{1})
		r.Seal()
		if !r.sealed.Load() {
			t.Fatal("a relation of 3*sealRows rows is not sealed")
		}
		return r
	}
	for _, tc := range []struct {
		name string
		add  func(r *Relation, tuple []Value) bool
	}{
		{"Add", func(r *Relation, tuple []Value) bool { return r.Add(tuple) }},
		{"AddBatch", func(r *Relation, tuple []Value) bool { return r.AddBatch(tuple) == 1 }},
		{"Reserve then Add", func(r *Relation, tuple []Value) bool { r.Reserve(1); return r.Add(tuple) }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := fill()
			if tc.add(r, []Value{Number(5), Number(5)}) {
				t.Error("a sealed relation took a tuple it holds")
			}
			if !tc.add(r, []Value{Number(5), Number(6)}) || r.Len() != n+1 {
				t.Errorf("a sealed relation did not take a new tuple: %d rows", r.Len())
			}
			if r.Find([]Value{Number(5), Number(6)}) != n || r.Find([]Value{Number(n - 1), Number((n - 1) % 7)}) != n-1 {
				t.Error("Find after adding to a sealed relation")
			}
			if got := r.Index([]int{1}).First([]Value{Number(6)}); got != n {
				t.Errorf("the index's newest row of key 6 is %d, want %d", got, n)
			}
		})
	}
	r := fill()
	done := make(chan bool)
	for w := range 4 {
		go func() {
			ok := true
			for i := w; i < n; i += 4 {
				ok = ok && r.Find([]Value{Number(int64(i)), Number(int64(i % 7))}) == uint32(i)
			}
			ok = ok && !r.Contains([]Value{Number(1), Number(2)})
			done <- ok
		}()
	}
	for range 4 {
		if !<-done {
			t.Error("a reader of a sealed relation missed a tuple, or found one it does not hold")
		}
	}
	small := NewRelation("q", 1)
	small.Add([]Value{Number(1)})
	if small.Seal(); small.sealed.Load() {
		t.Error("a relation of one row is sealed")
	}
}

// TestAppendDistinct checks that tuples appended without the duplicate
// check get the ids, rows and index chains Add gives them, and that the
// set built afterwards finds them and rejects them as duplicates, for an
// empty relation (no set) and one that has its set (AddBatch).
func TestAppendDistinct(t *testing.T) {
	for _, start := range []int{0, 5} {
		added, appended := NewRelation("r", 2), NewRelation("r", 2)
		ixAdded, ixAppended := added.Index([]int{1}), appended.Index([]int{1})
		var rows []Value
		for i := range start {
			added.Add([]Value{Number(int64(-i)), Number(1)})
			appended.Add([]Value{Number(int64(-i)), Number(1)})
		}
		appended.ReserveDistinct(3 * sealRows)
		for i := range 3 * sealRows {
			tuple := []Value{Number(int64(i)), Number(int64(i % 5))}
			added.Add(tuple)
			rows = append(rows, tuple...)
			if i%100 == 99 {
				appended.AppendDistinct(rows)
				rows = rows[:0]
			}
		}
		appended.AppendDistinct(rows)
		if added.Len() != appended.Len() || appended.sealed.Load() != (start == 0) {
			t.Fatalf("start %d: %d rows added, %d appended (sealed %v)", start, added.Len(), appended.Len(), appended.sealed.Load())
		}
		for id := range uint32(added.Len()) {
			if a, b := added.Row(id), appended.Row(id); !equalValues(a, b) || ixAdded.Next(id) != ixAppended.Next(id) {
				t.Fatalf("start %d, row %d: %v (next %d) added, %v (next %d) appended", start, id, a, ixAdded.Next(id), b, ixAppended.Next(id))
			}
		}
		last := []Value{Number(3*sealRows - 1), Number((3*sealRows - 1) % 5)}
		if appended.Find(last) != uint32(appended.Len()-1) || appended.Add(last) {
			t.Errorf("start %d: the set built after AppendDistinct misses its last tuple", start)
		}
		if !appended.Add([]Value{Number(-100), Number(0)}) || appended.Len() != added.Len()+1 {
			t.Errorf("start %d: a new tuple after AppendDistinct was not taken", start)
		}
	}
}

// BenchmarkIndexBuild indexes a complete relation of 200k rows on a
// column of about 2 rows per key, spread over the rows as the ids of
// a use relation's values are.
func BenchmarkIndexBuild(b *testing.B) {
	const rows = 200_000
	r := NewRelation("use", 3)
	for i := range int64(rows) {
		r.Add([]Value{Number(i / 2), Number(i % 3), Number(i * 7919 % (rows / 2))})
	}
	for b.Loop() {
		r.indexes = nil
		r.Index([]int{2})
	}
}

// TestFinder checks which index Finder reads for lookups on some columns
// and for probes of whole tuples, and that it finds exactly the rows that
// hold each key, newest first, without building the duplicate set of a
// sealed relation again.
func TestFinder(t *testing.T) {
	const n = 3 * sealRows
	syms := NewSymbols()
	num := func(i int) Value { return Number(int64(i)) }
	name := func(i int) Value { return syms.Name(fmt.Sprint("/v/", i)) }
	all := func(row func(int) []Value) []int {
		cols := make([]int, len(row(0)))
		for c := range cols {
			cols[c] = c
		}
		return cols
	}
	for _, tc := range []struct {
		name    string
		rows    int
		row     func(i int) []Value
		cols    []int   // looked up; nil: every column (a probe)
		indexes [][]int // built before Finder is asked
		want    []int   // the columns of the index read; nil for none
		dense   bool
		growing bool // FindGrowing
	}{
		{"probe: small, without an index", sealRows - 1, func(i int) []Value { return []Value{num(i)} }, nil, nil, nil, false, false},
		{"probe: one dense column", n, func(i int) []Value { return []Value{num(i)} }, nil, nil, []int{0}, true, false},
		{"probe: the column with short chains", n, func(i int) []Value { return []Value{num(i % 7), num(i / 2)} }, nil, nil, []int{1}, true, false},
		{"probe: no column short enough", n, func(i int) []Value { return []Value{num(i % 7), num(i / 7)} }, nil, nil, nil, false, false},
		{"probe: symbols, no dense table", n, func(i int) []Value { return []Value{name(i)} }, nil, nil, nil, false, false},
		{"probe: an index it has, hashed", n, func(i int) []Value { return []Value{name(i), num(i % 7)} }, nil, [][]int{{0}}, []int{0}, false, false},
		{"probe: a dense index before a hashed one", n, func(i int) []Value { return []Value{name(i), num(i)} }, nil, [][]int{{0}, {1}}, []int{1}, true, false},
		{"lookup: small, on its columns", sealRows - 1, func(i int) []Value { return []Value{num(i % 7), num(i / 2), num(i)} }, []int{0, 1}, nil, []int{0, 1}, true, false},
		{"lookup: the column with short chains", n, func(i int) []Value { return []Value{num(i % 7), num(i / 2), num(i)} }, []int{0, 1}, nil, []int{1}, true, false},
		{"lookup: columns apart", n, func(i int) []Value { return []Value{num(i % 7), name(i), num(i / 3)} }, []int{0, 2}, nil, []int{2}, true, false},
		{"lookup: no column short enough", n, func(i int) []Value { return []Value{name(i % 7), num(i % 11), num(i)} }, []int{0, 1}, nil, []int{0, 1}, false, false},
		{"lookup: a dense index before a hashed one on its columns", n, func(i int) []Value { return []Value{name(i % 7), num(i / 2), num(i)} }, []int{0, 1}, [][]int{{0, 1}, {1}}, []int{1}, true, false},
		{"lookup: a hashed index on its columns before a dense column built", n, func(i int) []Value { return []Value{name(i % 7), num(i / 2), num(i)} }, []int{0, 1}, [][]int{{0, 1}}, []int{0, 1}, false, false},
		{"growing: its columns, not a dense column", n, func(i int) []Value { return []Value{name(i % 7), num(i / 2), num(i)} }, []int{0, 1}, nil, []int{0, 1}, false, true},
		{"growing: a dense index with short chains it has", n, func(i int) []Value { return []Value{name(i % 7), num(i / 2), num(i)} }, []int{0, 1}, [][]int{{1}}, []int{1}, true, true},
		{"lookup: its columns before a hashed index with short chains", n, func(i int) []Value { return []Value{name(i / 2), num(i % 7), num(i)} }, []int{0, 1}, [][]int{{0}, {0, 1}}, []int{0, 1}, false, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := NewRelation("p", len(tc.row(0)))
			for i := range tc.rows {
				r.Add(tc.row(i))
			}
			for _, cols := range tc.indexes {
				r.Index(cols)
			}
			r.Seal()
			cols, probe := tc.cols, tc.cols == nil
			if probe {
				cols = all(tc.row)
			}
			mode := FindLookup
			switch {
			case probe:
				mode = FindProbe
			case tc.growing:
				mode = FindGrowing
			}
			f := r.Finder(cols, mode)
			switch {
			case tc.want == nil && f.Valid():
				t.Fatalf("reads an index on %v, want none", f.Cols())
			case tc.want == nil:
				return
			case !f.Valid():
				t.Fatalf("reads no index, want one on %v", tc.want)
			case !slices.Equal(f.Cols(), tc.want) || (f.ix.dense != nil) != tc.dense:
				t.Fatalf("reads an index on %v (dense %v), want %v (dense %v)", f.Cols(), f.ix.dense != nil, tc.want, tc.dense)
			}
			for i := range tc.rows + 1 { // the last key is held by no row
				key := tc.row(i)
				if i == tc.rows {
					key[cols[len(cols)-1]] = Number(-1)
				}
				key = slices.Collect(func(yield func(Value) bool) {
					for _, c := range cols {
						yield(key[c])
					}
				})
				var want, got []uint32
				for id := uint32(r.Len()); id > 0; id-- {
					if r.holds(id-1, cols, key) {
						want = append(want, id-1)
					}
				}
				for id := f.First(key); id != NoRow; id = f.Next(id, key) {
					got = append(got, id)
				}
				if !slices.Equal(got, want) {
					t.Fatalf("key %v: rows %v, want %v", key, got, want)
				}
			}
			if r.Len() >= sealRows && !r.sealed.Load() {
				t.Error("finding rows through the index built the duplicate set again")
			}
			if tc.growing && r.FindIndex(cols) == nil {
				t.Errorf("no index on %v for a growing relation", cols)
			}
		})
	}
}

// TestColumnWalk checks the rows that a lookup of each column's values
// walks on average (over rows), which Finder weighs; 0 for a column no
// dense table could hold; and that a count is taken again once the
// relation grows, and once it is emptied for reuse (keepRelation) and
// holds as many rows again.
func TestColumnWalk(t *testing.T) {
	syms := NewSymbols()
	r := NewRelation("p", 3)
	for i := range 100 {
		// Column 1: one value of 70 rows, 30 of one row each.
		r.Add([]Value{Number(int64(i % 10)), Number(int64(max(0, i-69))), syms.Name(fmt.Sprint("/v/", i))})
	}
	// 10 rows walk 10; (70*70 + 30) / 100 rounded up.
	for c, want := range []int{10, 50, 0} {
		if got := r.columnWalk(c); got != want {
			t.Errorf("column %d: walks %d rows, want %d", c, got, want)
		}
	}
	r.Add([]Value{Number(3), Number(0), syms.Name("/w")})
	if got, want := r.columnWalk(1), (71*71+30+100)/101; got != want {
		t.Errorf("after a row was added, column 1: walks %d rows, want %d", got, want)
	}
	r.empty()
	for i := range 101 {
		r.Add([]Value{Number(int64(i)), Number(int64(i)), Number(int64(i))})
	}
	if got := r.columnWalk(1); got != 1 {
		t.Errorf("emptied and filled again, column 1: walks %d rows, want 1", got)
	}
}

// TestDenseSpan checks the spans of dense index keys as rows come, which
// denseSpan reads from maxima kept across calls: they must follow the
// rows added since, and start over when the relation is emptied.
func TestDenseSpan(t *testing.T) {
	syms := NewSymbols()
	r := NewRelation("p", 2)
	for _, step := range []struct {
		add   [][]Value // rows added before the span is asked
		empty bool      // the relation is emptied first
		cols  []int
		want  []Value // nil: no dense table
	}{
		{cols: []int{0, 1}, want: []Value{1, 1}},
		{add: [][]Value{{Number(3), Number(0)}, {Number(1), Number(5)}}, cols: []int{0}, want: []Value{4}},
		{cols: []int{1, 0}, want: []Value{6, 4}},
		{add: [][]Value{{Number(9), Number(2)}}, cols: []int{0, 1}, want: []Value{10, 6}},
		{add: [][]Value{{Number(2), Number(1 << 20)}}, cols: []int{1}, want: nil}, // beyond denseLimit
		{cols: []int{0}, want: []Value{10}},
		{add: [][]Value{{syms.Name("/x"), Number(0)}}, cols: []int{0}, want: nil},
		{empty: true, add: [][]Value{{Number(2), Number(7)}}, cols: []int{0, 1}, want: []Value{3, 8}},
	} {
		if step.empty {
			r.empty()
		}
		for _, row := range step.add {
			r.Add(row)
		}
		if got := denseSpan(r, step.cols); !slices.Equal(got, step.want) {
			t.Errorf("%d rows, columns %v: span %v, want %v", r.Len(), step.cols, got, step.want)
		}
	}
}
