package main

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"bufferlog/extract"
	"bufferlog/facts"
	"bufferlog/ir"
	"bufferlog/rules"
	"bufferlog/solve"
)

const aliasFile = "testdata/alias.mlir"

// checkFile is memref IR with a case of every rule of the checker
// (rules/check*.mg): the programs of testdata/check, and a few more.
const checkFile = "testdata/check.mlir"

// deallocFile is memref IR with a case of every rule of rules/dealloc.mg.
const deallocFile = "testdata/dealloc.mlir"

// inplaceFile has a case of every rule of the in-place analysis.
const inplaceFile = "testdata/inplace.mlir"

// extracted returns the facts of an MLIR file as extract produces them.
func extracted(t *testing.T, file string) (*facts.DB, *extract.Names) {
	t.Helper()
	src, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	m, err := ir.Parse(file, src)
	if err != nil {
		t.Fatal(err)
	}
	db, names, err := extract.Module(m, extract.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return db, names
}

// TestFactsMangle checks that the mangle format loads with the schema
// declarations and gives back exactly the extracted facts.
func TestFactsMangle(t *testing.T) {
	stdout, stderr, code := run(t, "", "facts", aliasFile)
	if code != 0 || stderr != "" {
		t.Fatalf("exit %d, stderr %q", code, stderr)
	}
	for _, want := range []string{"use(5, 1, 0).  # use(op#5 tensor.insert, 1, %t)\n", "# use(Op:op, Index:number, Value:value)  Operand number Index of Op is Value.\n"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("output lacks %q", want)
		}
	}
	prog, err := solve.Compile(solve.Source{Name: rules.SchemaFile, Text: facts.Decls()}, solve.Source{Name: "facts.mg", Text: stdout})
	if err != nil {
		t.Fatal(err)
	}
	loaded := facts.NewDB(nil)
	if _, err := prog.Eval(context.Background(), loaded, solve.Options{}); err != nil {
		t.Fatal(err)
	}
	db, names := extracted(t, aliasFile)
	want, got := names.Facts(db), names.Facts(loadedInto(t, db, loaded))
	if !slices.Equal(got, want) {
		t.Errorf("reloaded facts differ:\n got %d %q\nwant %d %q", len(got), got, len(want), want)
	}
}

// loadedInto returns a DB with the facts of loaded, interned through
// like's symbols so that extract's names apply.
func loadedInto(t *testing.T, like, loaded *facts.DB) *facts.DB {
	t.Helper()
	out := facts.NewDB(like.Symbols())
	for p := range facts.NumPreds {
		r := loaded.Lookup(p.Name(), p.Arity())
		for id := 0; r != nil && id < r.Len(); id++ {
			row := slices.Clone(r.Row(uint32(id)))
			for i, v := range row {
				switch {
				case v.IsString():
					row[i] = like.Symbols().String(loaded.Symbols().Text(v))
				case v.IsName():
					row[i] = like.Symbols().Name(loaded.Symbols().Text(v))
				}
			}
			p.In(out).Add(row)
		}
	}
	return out
}

func TestFactsJSON(t *testing.T) {
	stdout, stderr, code := run(t, "", "facts", "--format", "json", aliasFile)
	if code != 0 || stderr != "" {
		t.Fatalf("exit %d, stderr %q", code, stderr)
	}
	var got struct {
		Facts     map[string][][]any
		Names     map[string][]string
		Locations map[string][]string
	}
	if err := json.Unmarshal([]byte(stdout), &got); err != nil {
		t.Fatal(err)
	}
	db, _ := extracted(t, aliasFile)
	for _, p := range facts.Schema() {
		r := db.Lookup(p.Name, p.Arity())
		if rows, ok := got.Facts[p.Name]; !ok || r != nil && len(rows) != r.Len() {
			t.Errorf("%s: %d rows, want %d", p.Name, len(rows), r.Len())
		}
	}
	if row := got.Facts["aliases"][0]; len(row) != 4 || row[3] != "/equivalent" {
		t.Errorf("first aliases row %v", row)
	}
	if v := got.Names["value"]; len(v) < 2 || v[1] != "%c" || got.Locations["value"][1] != aliasFile+":1:33" {
		t.Errorf("value 1 is %v at %v, want %%c at %s:1:33", v, got.Locations["value"], aliasFile)
	}
	if got.Names["op"][1] != "@f" || got.Names["block"][2] != "^bb1(op#1.r0)" || got.Names["region"][1] != "op#1.r0" {
		t.Errorf("names %v", got.Names)
	}
}

func TestFactsSouffle(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "out")
	if stdout, stderr, code := run(t, "", "facts", aliasFile, "--format=souffle", "-o", dir); code != 0 || stdout != "" || stderr != "" {
		t.Fatalf("exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
	schema, err := os.ReadFile(filepath.Join(dir, "schema.dl"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{".decl use(Op:number, Index:number, Value:number)\n.input use\n", ".decl op(Op:number, Name:symbol)\n"} {
		if !strings.Contains(string(schema), want) {
			t.Errorf("schema.dl lacks %q", want)
		}
	}
	for _, p := range facts.Schema() {
		data, err := os.ReadFile(filepath.Join(dir, p.Name+".facts"))
		if err != nil {
			t.Error(err)
			continue
		}
		for _, line := range strings.Split(strings.TrimSuffix(string(data), "\n"), "\n") {
			if line != "" && strings.Count(line, "\t") != p.Arity()-1 {
				t.Errorf("%s.facts: line %q does not have %d columns", p.Name, line, p.Arity())
			}
		}
	}
	if data, _ := os.ReadFile(filepath.Join(dir, "op.facts")); !strings.Contains(string(data), "1\tfunc.func\n") {
		t.Errorf("op.facts = %q", data)
	}
}

func TestFactsCommand(t *testing.T) {
	dir := t.TempDir()
	model := filepath.Join(dir, "model.mg")
	override := filepath.Join(dir, "override.mg")
	os.WriteFile(model, []byte(`op_model_aliases("my.op", 0, 0, /equivalent).`+"\n"+`op_model_reads("my.op", 0).`), 0o644)
	os.WriteFile(override, []byte(`op_model("my.op").`), 0o644)
	bad := filepath.Join(dir, "bad.mlir")
	os.WriteFile(bad, []byte("func.func @f() {\n  func.return %nope : i32\n}\n"), 0o644)
	for _, tt := range []struct {
		name       string
		args       []string
		wantCode   int
		wantStdout []string // substrings; none means stdout must be empty
		wantErr    string   // substring of stderr; "" means none
	}{
		{"schema", []string{"facts", "--schema"}, 0, []string{"op(Op:op, Name:string)", "subset(Op:op, Key:string)"}, ""},
		{"unknown op", []string{"facts", aliasFile}, 0, []string{"unknown_op(14).  # unknown_op(op#14 my.op)"}, ""},
		{"op model", []string{"facts", aliasFile, "--op-model", model}, 0, []string{"aliases(14, 0, 17, /equivalent).", "reads(14, 0)."}, ""},
		{"later op model wins", []string{"facts", aliasFile, "--op-model", model, "--op-model", override}, 0, nil, ""},
		{"bad op model", []string{"facts", aliasFile, "--op-model", aliasFile}, 1, nil, aliasFile + ":1:"},
		{"bad input", []string{"facts", bad}, 1, nil, "bad.mlir:2:15: error: use of undeclared SSA value name '%nope'"},
		{"unknown format", []string{"facts", aliasFile, "--format", "csv"}, 2, nil, `unknown format "csv"`},
		{"souffle needs a directory", []string{"facts", aliasFile, "--format", "souffle"}, 2, nil, "give -o DIR"},
		{"no input", []string{"facts"}, 2, nil, "want one input file"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			stdout, stderr, code := run(t, "", tt.args...)
			if code != tt.wantCode {
				t.Errorf("exit status %d, want %d (stderr %q)", code, tt.wantCode, stderr)
			}
			for _, want := range tt.wantStdout {
				if !strings.Contains(stdout, want) {
					t.Errorf("stdout lacks %q", want)
				}
			}
			if tt.wantCode != 0 && stdout != "" {
				t.Errorf("stdout %q after an error", stdout)
			}
			if tt.wantErr == "" && stderr != "" || !strings.Contains(stderr, tt.wantErr) {
				t.Errorf("stderr %q, want %q", stderr, tt.wantErr)
			}
			if tt.name == "later op model wins" && strings.Contains(stdout, "reads(14, 0).") {
				t.Error("the later op model did not replace the earlier one")
			}
		})
	}
}
