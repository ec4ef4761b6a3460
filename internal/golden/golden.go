package golden

import (
	"bytes"
	"flag"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"
)

var update = flag.Bool("update", false, "rewrite the want/ sections of the golden txtar archives instead of comparing with them")

// wantPrefix starts the names of the sections a case produces.
const wantPrefix = "want/"

// Case is one golden archive.
type Case struct {
	Path    string
	Archive *txtar.Archive
}

// Section returns the data of the named section, and whether there is one.
func (c *Case) Section(name string) ([]byte, bool) {
	for _, f := range c.Archive.Files {
		if f.Name == name {
			return f.Data, true
		}
	}
	return nil, false
}

// Run runs produce on every archive that pattern matches, each in a
// subtest named for its file, and checks that the want/ sections produce
// returns are the archive's; an archive's want/ section that produce no
// longer returns is an error too. With -update it writes the produced
// sections instead: the archive keeps its comment and its other
// sections, followed by the want/ sections in order of name.
func Run(t *testing.T, pattern string, produce func(t *testing.T, c *Case) map[string][]byte) {
	t.Helper()
	files, err := filepath.Glob(pattern)
	if err != nil || len(files) == 0 {
		t.Fatalf("no golden archive matches %s (%v)", pattern, err)
	}
	for _, file := range files {
		t.Run(strings.TrimSuffix(filepath.Base(file), ".txtar"), func(t *testing.T) {
			ar, err := txtar.ParseFile(file)
			if err != nil {
				t.Fatal(err)
			}
			c := &Case{Path: file, Archive: ar}
			got := produce(t, c)
			if t.Failed() {
				return
			}
			for name, data := range got {
				if !strings.HasPrefix(name, wantPrefix) {
					t.Fatalf("produced section %s is not named %s...", name, wantPrefix)
				}
				got[name] = Normalize(data)
			}
			if *update {
				write(t, c, got)
				return
			}
			for _, name := range slices.Sorted(maps.Keys(got)) {
				want, ok := c.Section(name)
				switch {
				case !ok:
					t.Errorf("%s: no %s section (go test -update writes it)", file, name)
				case !bytes.Equal(want, got[name]):
					t.Errorf("%s: %s differs (go test -update rewrites it):\n%s", file, name, LineDiff(string(want), string(got[name])))
				}
			}
			for _, f := range ar.Files {
				if _, ok := got[f.Name]; strings.HasPrefix(f.Name, wantPrefix) && !ok {
					t.Errorf("%s: section %s is produced no more (go test -update removes it)", file, f.Name)
				}
			}
		})
	}
}

// write replaces c's want/ sections with got and writes the archive.
func write(t *testing.T, c *Case, got map[string][]byte) {
	t.Helper()
	var files []txtar.File
	for _, f := range c.Archive.Files {
		if !strings.HasPrefix(f.Name, wantPrefix) {
			files = append(files, f)
		}
	}
	for _, name := range slices.Sorted(maps.Keys(got)) {
		files = append(files, txtar.File{Name: name, Data: got[name]})
	}
	c.Archive.Files = files
	if err := os.WriteFile(c.Path, txtar.Format(c.Archive), 0o644); err != nil {
		t.Fatal(err)
	}
}

// ruleLine is a rule file's name followed by a line: dealloc.mg:1132.
var ruleLine = regexp.MustCompile(`\b([a-z0-9_]+\.mg):[0-9]+\b`)

// Normalize drops the line from each rule file a text cites
// ("[dealloc.mg:1132]" becomes "[dealloc.mg]"): a golden derivation names
// the rule's file, and does not change when the rule moves in it.
func Normalize(data []byte) []byte {
	return ruleLine.ReplaceAll(data, []byte("$1"))
}

// LineDiff lists the lines of want that got lacks (-) and those of got
// that want lacks (+), in order, or both texts whole when only the order
// of lines differs.
func LineDiff(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	var b strings.Builder
	for _, l := range w {
		if !slices.Contains(g, l) {
			b.WriteString("- " + l + "\n")
		}
	}
	for _, l := range g {
		if !slices.Contains(w, l) {
			b.WriteString("+ " + l + "\n")
		}
	}
	if b.Len() == 0 {
		return "--- want\n" + want + "--- got\n" + got
	}
	return b.String()
}
