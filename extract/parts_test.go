package extract_test

import (
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"

	"bufferlog/extract"
	"bufferlog/facts"
	"bufferlog/internal/golden"
	"bufferlog/internal/workload"
	"bufferlog/ir"
)

// TestSplit checks the parts Split extracts, in any order and several at
// once, against Module's DB, which one extractor fills in module order:
// the parts hold its rows, each once, in its order, with its ids and
// Names; and the call graph is that of the parts' func and call facts,
// in their order. On the corpus and on generated modules (many functions
// calling each other, one long function, random programs with calls,
// top-level ops that share a part).
func TestSplit(t *testing.T) {
	modules := map[string]*ir.Module{}
	extract.ForEachCorpusModule(t, func(file string, m *ir.Module) { modules[file] = m })
	for name, text := range map[string][]byte{
		"module":   workload.Module(3000, 100).Text,
		"chain":    workload.Chain(2000).Text,
		"random1":  []byte(workload.Random(1, 60)),
		"random2":  []byte(workload.Random(2, 60)),
		"execute3": []byte(workload.Executable(3, 40)),
		// Parts of several top-level ops, which use each other's results.
		"shared": []byte(`%a = "test.def"() : () -> i32
func.func @f() {
  return
}
"test.use"(%b) : (i32) -> ()
%b = "test.def"() : () -> i32
"test.use"(%a) : (i32) -> ()
`),
	} {
		m, err := ir.Parse(name+".mlir", text)
		if err != nil {
			t.Fatal(err)
		}
		modules[name] = m
	}
	checked := 0
	for name, m := range modules {
		db, names, err := extract.Module(m, extract.Options{})
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		s := extract.Split(m, extract.Options{Workers: 2})
		funcs, calls := s.CallGraph()
		parts := s.DBs()
		if len(funcs) != len(parts) || len(calls) != len(parts) {
			t.Errorf("%s: call graph of %d and %d parts, want %d", name, len(funcs), len(calls), len(parts))
			continue
		}
		// The last parts first, three at a time.
		next := make(chan int)
		var wg sync.WaitGroup
		for range 3 {
			wg.Go(func() {
				for i := range next {
					if _, err := s.Extract(i); err != nil {
						t.Errorf("%s: part %d: %v", name, i, err)
					}
				}
			})
		}
		for i := len(parts) - 1; i >= 0; i-- {
			next <- i
		}
		close(next)
		wg.Wait()
		if err := s.Err(); err != nil {
			t.Errorf("%s: Err after every part was extracted: %v", name, err)
		}
		if slices.Contains(parts, nil) {
			continue
		}
		checkRows(t, name, db, parts)
		checkTopLevels(t, name, s)
		var union []string
		for i, part := range parts {
			union = append(union, s.Names().Facts(part)...)
			if w := column(part, facts.Func, 0); !slices.Equal(funcs[i], w) {
				t.Errorf("%s: part %d: functions %v, want %v", name, i, funcs[i], w)
			}
			if w := column(part, facts.Call, 1); !slices.Equal(calls[i], w) {
				t.Errorf("%s: part %d: calls %v, want %v", name, i, calls[i], w)
			}
			checked += len(calls[i])
		}
		slices.Sort(union)
		if want := names.Facts(db); !slices.Equal(union, want) {
			t.Errorf("%s: the parts' facts, named, are not Module's:\n%s", name, golden.LineDiff(strings.Join(want, "\n"), strings.Join(union, "\n")))
		}
	}
	if checked == 0 {
		t.Error("no call was checked")
	}
}

// checkTopLevels checks that the top-level ops of each part take the ids
// of the ops nested in them, in walk order, that the parts' take every
// op id but the module op's, each once, and that each part's op facts
// are those of its top-level ops.
func checkTopLevels(t *testing.T, name string, s *extract.Parts) {
	t.Helper()
	partOf := map[int64]int{0: 0} // op id -> its part
	for i, part := range s.DBs() {
		for _, top := range s.TopLevels(i) {
			id := top.First
			ir.Walk(top.Op, func(o *ir.Operation) bool {
				if id >= top.End || s.Names().Op(id) != o {
					t.Errorf("%s: part %d: op id %d is not %s, or is past %d", name, i, id, o.Name, top.End)
				}
				if _, dup := partOf[int64(id)]; dup {
					t.Errorf("%s: part %d: op id %d is taken twice", name, i, id)
				}
				partOf[int64(id)] = i
				id++
				return true
			})
			if id != top.End {
				t.Errorf("%s: part %d: %s holds ids %d to %d, not %d", name, i, top.Op.Name, top.First, id, top.End)
			}
		}
		for _, id := range column(part, facts.Op, 0) {
			if p, ok := partOf[id]; !ok || p != i {
				t.Errorf("%s: part %d has the op facts of op %d, of part %d", name, i, id, p)
			}
		}
	}
	if n := s.Names().Len(facts.OpKind); len(partOf) != n {
		t.Errorf("%s: the parts take %d op ids, want %d", name, len(partOf), n)
	}
}

// checkRows checks that each row of db is in one of parts, and that the
// rows of each relation of a part come in db's order.
func checkRows(t *testing.T, name string, db *facts.DB, parts []*facts.DB) {
	t.Helper()
	at := map[string]int{} // row -> its index in its relation of db
	for _, r := range db.Relations() {
		for id, row := range rows(db, r) {
			at[row] = id
		}
	}
	seen := 0
	for i, part := range parts {
		for _, r := range part.Relations() {
			last := -1
			for _, row := range rows(part, r) {
				id, ok := at[row]
				switch {
				case !ok:
					t.Errorf("%s: part %d has %s, which Module has not, or twice", name, i, row)
				case id < last:
					t.Errorf("%s: part %d has %s after a row that comes later in Module", name, i, row)
				}
				delete(at, row)
				last = id
				seen++
			}
		}
	}
	for row := range at {
		t.Errorf("%s: no part has %s", name, row)
	}
	if seen == 0 {
		t.Errorf("%s: no row", name)
	}
}

// rows renders the rows of r, a relation of db, in row order, its
// symbols as text: rows that render alike have equal values.
func rows(db *facts.DB, r *facts.Relation) []string {
	out := make([]string, r.Len())
	for id := range uint32(r.Len()) {
		var vals []string
		for _, v := range r.Row(id) {
			vals = append(vals, db.Symbols().Format(v))
		}
		out[id] = fmt.Sprintf("%s(%s)", r.Name(), strings.Join(vals, ", "))
	}
	return out
}

// column returns column c of the facts of p in db, in row order.
func column(db *facts.DB, p facts.Pred, c int) []int64 {
	var out []int64
	if r := db.Lookup(p.Name(), p.Arity()); r != nil {
		for id := range uint32(r.Len()) {
			out = append(out, r.Row(id)[c].Int())
		}
	}
	return out
}

// TestSplitErr checks the errors of Split: Extract gives a part's own
// error, and Err the one Functions gives, that of the first top-level op
// in module order that fails, whichever parts were extracted before.
// Part 1 holds ops 0 and 3, which use each other's results; ops 1 and 3
// fail (the op model names an operand my.op does not have), op 1 first.
func TestSplitErr(t *testing.T) {
	src := `%a = "test.def"() : () -> i32
func.func @f(%t: tensor<4xf32>) {
  "my.op"(%t) : (tensor<4xf32>) -> ()
  return
}
func.func @g(%t: tensor<4xf32>) {
  return
}
"my.op"(%a) : (i32) -> ()
`
	m, err := ir.Parse("in.mlir", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	model, err := extract.LoadOpModel("m.mg", []byte(`op_model_reads("my.op", 1).`))
	if err != nil {
		t.Fatal(err)
	}
	opts := extract.Options{OpModel: model}
	const first = "in.mlir:3:3: error: the op-model of my.op names index 1, but the op has 1"
	const late = "in.mlir:9:1: error: the op-model of my.op names index 1, but the op has 1"
	if _, _, err := extract.Functions(m, opts); errorText(err) != first {
		t.Fatalf("Functions: error %q, want %q", errorText(err), first)
	}
	for _, order := range [][]int{{}, {3}, {1}, {1, 3}, {3, 2, 1, 0}} {
		s := extract.Split(m, opts)
		for _, i := range order {
			want := map[int]string{1: late, 2: first}[i]
			if _, err := s.Extract(i); errorText(err) != want {
				t.Errorf("order %v: part %d: error %q, want %q", order, i, errorText(err), want)
			}
		}
		if err := s.Err(); errorText(err) != first {
			t.Errorf("order %v: Err %q, want %q", order, errorText(err), first)
		}
	}
}

// TestLongBlockAtOnce checks that a function body long enough to be
// extracted as runs of ops at once (opsAtOnce) gives the rows, in order,
// and the first error that one extractor gives: by Module with one
// worker and with two, and by Split. The op model makes my.op fail; its
// two uses fall in different runs, and the error is the earlier one's.
func TestLongBlockAtOnce(t *testing.T) {
	const ops = 12000
	var b strings.Builder
	b.WriteString("func.func @long(%t: tensor<4xf32>, %i: index, %f: f32) -> f32 {\n")
	for k := range ops {
		switch k {
		case ops / 3, 2 * ops / 3:
			b.WriteString("  \"my.op\"(%t) : (tensor<4xf32>) -> ()\n")
		default:
			fmt.Fprintf(&b, "  %%x%d = tensor.extract %%t[%%i] : tensor<4xf32>\n", k)
		}
	}
	b.WriteString("  return %f : f32\n}\n")
	m, err := ir.Parse("long.mlir", []byte(b.String()))
	if err != nil {
		t.Fatal(err)
	}
	model, err := extract.LoadOpModel("m.mg", []byte(`op_model_reads("my.op", 1).`))
	if err != nil {
		t.Fatal(err)
	}
	want := fmt.Sprintf("long.mlir:%d:3: error: the op-model of my.op names index 1, but the op has 1", ops/3+2)
	for _, workers := range []int{1, 2} {
		if _, _, err := extract.Module(m, extract.Options{OpModel: model, Workers: workers}); errorText(err) != want {
			t.Errorf("%d workers: error %q, want %q", workers, errorText(err), want)
		}
	}
	db, names, err := extract.Module(m, extract.Options{})
	if err != nil {
		t.Fatal(err)
	}
	one := names.Facts(db)
	db2, names2, err := extract.Module(m, extract.Options{Workers: 2})
	if err != nil || !slices.Equal(one, names2.Facts(db2)) {
		t.Errorf("Module with two workers differs from one worker (%v)", err)
	}
	s := extract.Split(m, extract.Options{Workers: 2})
	serial := extract.Split(m, extract.Options{})
	var rows []string
	for i := range s.DBs() {
		db, err := s.Extract(i)
		if err != nil {
			t.Fatal(err)
		}
		want, err := serial.Extract(i)
		if err != nil {
			t.Fatal(err)
		}
		if got := rowsInOrder(db); !slices.Equal(got, rowsInOrder(want)) {
			t.Errorf("part %d: two workers extract other rows, or in another order, than one", i)
		}
		rows = append(rows, s.Names().Facts(db)...)
	}
	part := s.DBs()[1]
	slices.Sort(rows)
	sorted := slices.Sorted(slices.Values(one))
	if !slices.Equal(rows, sorted) {
		t.Errorf("Split's parts hold %d facts, Module %d, or other ones", len(rows), len(one))
	}
	if part.Relation("op", 2).Len() < ops {
		t.Errorf("the function's part has %d ops, want at least %d", part.Relation("op", 2).Len(), ops)
	}
}

// rowsInOrder lists the rows of db's extracted relations, each relation
// in the order of its row ids.
func rowsInOrder(db *facts.DB) []string {
	var out []string
	for p := range facts.NumPreds {
		if r := db.Lookup(p.Name(), p.Arity()); r != nil {
			for id := range uint32(r.Len()) {
				out = append(out, fmt.Sprint(p.Name(), r.Row(id)))
			}
		}
	}
	return out
}
