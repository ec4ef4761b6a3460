package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"github.com/urfave/cli/v2"

	"bufferlog/extract"
	"bufferlog/facts"
	"bufferlog/ir"
	"bufferlog/rewrite"
	"bufferlog/solve"
)

func explainCommand() *cli.Command {
	return &cli.Command{
		Name:      "explain",
		Usage:     "say where each buffer of the bufferized program is freed, and why there",
		ArgsUsage: "FILE",
		Description: "Bufferizes FILE without deallocation, prints the memref IR (to -o, or to\n" +
			"FILE.memref.mlir's name in the messages only), evaluates rules/dealloc.mg on it as\n" +
			"bufferize does, and explains every buffer it owns: freed after its last use\n" +
			"(dealloc_after), at the start of its block (dealloc_first), handed to the carrier or\n" +
			"caller that frees it, or kept alive and why. Each copy made to end a critical alias\n" +
			"is listed with the hand-over it replaced. Locations refer to\n" +
			"the memref IR.",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "dealloc", Value: "static", Usage: "static, as for bufferize"},
			&cli.StringFlag{Name: "o", Usage: "write the memref IR the locations refer to to `FILE`"},
			opModelFlag,
		},
		Action: func(c *cli.Context) error {
			if c.NArg() != 1 {
				return cli.Exit("bufferlog explain: want one input file", 2)
			}
			if mode, ok := deallocModes[c.String("dealloc")]; !ok || mode == noDealloc {
				return cli.Exit(fmt.Sprintf("bufferlog explain: unknown --dealloc %q (static)", c.String("dealloc")), 2)
			}
			_, prog, err := compileRules(c)
			if err != nil {
				return report(err)
			}
			file := c.Args().First()
			m, opts, err := loadForExtraction(file, c.StringSlice("op-model"))
			if err != nil {
				return report(err)
			}
			if err := bufferize(m, file, opts, prog, solve.OneShot(solve.BottomUp), rewrite.Options{}, noDealloc); err != nil {
				return report(err)
			}
			clonePlan, err := rewrite.PlanDeallocation(context.Background(), m, prog, true, extractWith(opts))
			if err != nil {
				return report(err)
			}
			copies := clonePlan.Copies
			// Printed and parsed again, the memref IR (with its copies) has
			// positions for the explanations.
			var text bytes.Buffer
			if err := ir.Print(&text, m, ir.PrintOptions{}); err != nil {
				return cli.Exit(err.Error(), 1)
			}
			name := c.String("o")
			if name == "" {
				name = strings.TrimSuffix(file, ".mlir") + ".memref.mlir"
			}
			mm, err := ir.Parse(name, text.Bytes())
			if err != nil {
				return report(fmt.Errorf("internal error: the bufferized module does not parse: %v", err))
			}
			plan, err := rewrite.PlanDeallocation(context.Background(), mm, prog, false, extractWith(opts))
			if err != nil {
				return report(err)
			}
			if c.String("o") != "" {
				if err := writeModule(c.String("o"), mm, ir.PrintOptions{}); err != nil {
					return cli.Exit(err.Error(), 1)
				}
			}
			if err := explainDeallocation(os.Stdout, plan); err != nil {
				return cli.Exit(err.Error(), 1)
			}
			return explainCopies(os.Stdout, mm, plan.Names, copies)
		},
	}
}

// explainCopies writes one line per copy made to end a critical alias,
// located at the copy's buffer in mm, which names describes.
func explainCopies(w io.Writer, mm *ir.Module, names *extract.Names, copies []rewrite.Copy) error {
	located := map[string]string{} // "@function %buffer" -> location
	for _, fn := range mm.Funcs() {
		ir.Walk(fn, func(op *ir.Operation) bool {
			if op.Name == "memref.alloc" {
				if id, ok := names.ValueID(op.Result(0)); ok {
					located["@"+ir.SymbolName(fn)+" %"+op.Result(0).Name] = names.Locate(facts.ValueKind, id)
				}
			}
			return true
		})
	}
	for _, c := range copies {
		buf := c.Buffer.PrintName()
		if _, err := fmt.Fprintf(w, "%s: %s: a copy handed on instead of operand #%d of %s, because %s (needs_clone)\n",
			located["@"+c.Func+" "+buf], buf, c.Operand, c.OpName, c.Why); err != nil {
			return err
		}
	}
	return nil
}

// explainDeallocation writes one line per owned buffer of plan, in source
// order, then one per copy the plan made.
func explainDeallocation(w io.Writer, plan *rewrite.DeallocPlan) error {
	db, names := plan.DB, plan.Names
	rows := func(pred string, arity int) [][]int64 {
		var out [][]int64
		if r := db.Lookup(pred, arity); r != nil {
			for id := range uint32(r.Len()) {
				var row []int64
				for _, v := range r.Row(id) {
					row = append(row, v.Int())
				}
				out = append(out, row)
			}
		}
		return out
	}
	set := func(pred string) map[int64]bool {
		s := map[int64]bool{}
		for _, r := range rows(pred, 1) {
			s[r[0]] = true
		}
		return s
	}
	owned, usedElsewhere, badCarrier, ownedWhen := set("owned"), set("used_elsewhere"), set("bad_carrier"), set("owned_when_some")
	why := map[int64][]string{}
	for _, r := range rows("dealloc_after", 2) {
		why[r[0]] = append(why[r[0]], fmt.Sprintf("freed after %s at %s: the last op of its block that uses it or a view of it (dealloc_after)",
			names.OpName(int(r[1])), names.Location(int(r[1]))))
	}
	for _, r := range rows("dealloc_before_return", 2) {
		why[r[0]] = append(why[r[0]], fmt.Sprintf("freed just before %s at %s, whose block runs after every block that uses it (dealloc_before_return)",
			names.OpName(int(r[1])), names.Location(int(r[1]))))
	}
	for _, r := range rows("dealloc_in_arm", 2) {
		why[r[0]] = append(why[r[0]], fmt.Sprintf("freed just before %s at %s, in a region that does not hand it on (dealloc_in_arm)",
			names.OpName(int(r[1])), names.Location(int(r[1]))))
	}
	for _, r := range rows("dealloc_when", 3) {
		why[r[0]] = append(why[r[0]], fmt.Sprintf("freed after %s at %s if region #%d of its scf.if ran, the only one giving it a buffer it owns (dealloc_when)",
			names.OpName(int(r[1])), names.Location(int(r[1])), r[2]))
	}
	for _, r := range rows("dealloc_in_block", 2) {
		why[r[0]] = append(why[r[0]], fmt.Sprintf("freed after %s at %s: its last use in a block it is not live out of (dealloc_in_block)",
			names.OpName(int(r[1])), names.Location(int(r[1]))))
	}
	for _, r := range rows("dealloc_on_edge", 2) {
		why[r[0]] = append(why[r[0]], fmt.Sprintf("freed at the start of %s, which it is not live into, from its only predecessor (dealloc_on_edge)", names.BlockName(int(r[1]))))
	}
	for _, r := range rows("dealloc_first", 2) {
		why[r[0]] = append(why[r[0]], "freed at the start of its block: nothing uses it (dealloc_first)")
	}
	returnsOwned := map[int64]bool{}
	for _, r := range rows("returns_owned", 2) {
		returnsOwned[r[0]] = true
	}
	into := map[[2]int64][]int64{}
	for _, r := range rows("handed_into", 3) {
		into[[2]int64{r[0], r[1]}] = append(into[[2]int64{r[0], r[1]}], r[2])
	}
	funcOf := map[int64]int64{}
	for _, r := range rows("return_op", 2) {
		funcOf[r[0]] = r[1]
	}
	for _, r := range rows("handed", 3) {
		a, op, i := r[0], r[1], r[2]
		if !owned[a] {
			continue
		}
		at := fmt.Sprintf("%s at %s", names.OpName(int(op)), names.Location(int(op)))
		if f, ok := funcOf[op]; ok {
			if returnsOwned[f] {
				why[a] = append(why[a], fmt.Sprintf("returned by %s: the callers of %s own it (returns_owned)", at, names.OpName(int(f))))
			} else {
				why[a] = append(why[a], fmt.Sprintf("returned by %s, where %s also returns buffers it does not own: kept alive (returns_unowned)", at, names.OpName(int(f))))
			}
			continue
		}
		for _, c := range into[[2]int64{op, i}] {
			target := names.ValueName(int(c))
			switch {
			case owned[c]:
				why[a] = append(why[a], fmt.Sprintf("handed by %s to %s, which owns it: freed where %s is (clean)", at, target, target))
			case ownedWhen[c]:
				why[a] = append(why[a], fmt.Sprintf("handed by %s to %s, which owns it when this region ran: freed where %s is, under the scf.if's condition (owned_when)", at, target, target))
			case badCarrier[c]:
				why[a] = append(why[a], fmt.Sprintf("handed by %s to %s, which also receives buffers it cannot own: kept alive (bad_carrier)", at, target))
			default:
				why[a] = append(why[a], fmt.Sprintf("handed by %s to %s, a view of it", at, target))
			}
		}
	}
	freedBeforeReturn, cfFreed := set("freed_before_return"), set("cf_freed")
	for a := range usedElsewhere {
		if owned[a] && !freedBeforeReturn[a] && !cfFreed[a] {
			why[a] = append(why[a], "used in another block than its own, not through a block argument: kept alive (used_elsewhere)")
		}
	}
	var ids []int64
	for a := range owned {
		ids = append(ids, a)
	}
	for a := range ownedWhen {
		ids = append(ids, a)
	}
	slices.Sort(ids)
	for _, a := range ids {
		reasons := why[a]
		if len(reasons) == 0 {
			reasons = []string{"kept alive: no rule frees it"}
		}
		slices.Sort(reasons)
		loc := names.Locate(facts.ValueKind, int(a))
		for _, r := range reasons {
			if _, err := fmt.Fprintf(w, "%s: %s: %s\n", loc, names.ValueName(int(a)), r); err != nil {
				return err
			}
		}
	}
	return nil
}
