package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"bufferlog/internal/tooltest"
	"bufferlog/rules"
)

// TestHandlesUpToDate: handles.go is what the rule files generate.
func TestHandlesUpToDate(t *testing.T) {
	srcs, err := readRules("../..")
	if err != nil {
		t.Fatal(err)
	}
	want, err := generate(srcs)
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile("../handles.go")
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != string(want) {
		t.Error("rules/contract/handles.go is not what the rule files declare: run go generate ./rules/contract")
	}
}

// TestRenameBreaksBuildAndLoad renames a predicate the driver reads in
// the one rule file that declares and derives it. Generating the handles
// again drops the old handle, so the Go code that reads the predicate no
// longer builds, with an error naming it; the rules as they are, without
// go generate, fail to load, naming it too.
func TestRenameBreaksBuildAndLoad(t *testing.T) {
	tooltest.Slow(t)
	goTool := tooltest.Require(t, "go")
	srcs, err := readRules("../..")
	if err != nil {
		t.Fatal(err)
	}
	renamed := 0
	for i, s := range srcs {
		if s.Name == "inplace_excuse.mg" {
			srcs[i].Text = regexp.MustCompile(`\braw_conflict\b`).ReplaceAllString(s.Text, "clash")
			renamed = i
		}
	}
	if !strings.Contains(srcs[renamed].Text, "Decl clash(") {
		t.Fatal("inplace_excuse.mg no longer declares raw_conflict")
	}
	withRenamed := rules.Builtin()
	for i, s := range withRenamed {
		if s.Name == srcs[renamed].Name {
			withRenamed[i] = srcs[renamed]
		}
	}
	_, err = rules.Compile(withRenamed...)
	if err == nil || !strings.Contains(err.Error(), "raw_conflict/5") {
		t.Errorf("rules with raw_conflict renamed: load error %v, want one naming raw_conflict/5", err)
	}

	out, err := generate(srcs)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(out), "RawConflict =") || !strings.Contains(string(out), "Clash =") {
		t.Fatal("the generated handles still have RawConflict, or lack Clash")
	}
	dir := t.TempDir()
	handles, err := filepath.Abs("../handles.go")
	if err != nil {
		t.Fatal(err)
	}
	gen := filepath.Join(dir, "handles.go")
	overlay := filepath.Join(dir, "overlay.json")
	js, _ := json.Marshal(map[string]map[string]string{"Replace": {handles: gen}})
	if err := os.WriteFile(gen, out, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(overlay, js, 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(goTool, "build", "-overlay", overlay, "./...")
	cmd.Dir = "../../.."
	msg, err := cmd.CombinedOutput()
	if err == nil {
		t.Fatal("the module builds with raw_conflict renamed in the rules and the handles generated again")
	}
	if !strings.Contains(string(msg), "undefined: contract.RawConflict") {
		t.Errorf("go build failed without naming contract.RawConflict:\n%s", msg)
	}
}
