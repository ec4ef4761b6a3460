package ir

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// Declarative assembly formats. MLIR declares the custom syntax of most
// ops in ODS as an assemblyFormat string, from which mlir-tblgen generates
// a parser and a printer. declOp interprets such a string together with
// the op's signature, so that a dialect whose ops are declared that way is
// a table of signatures and formats (see syntax_shape.go) instead of a
// parser and a printer per op. The formats read are a subset of ODS's:
//
//	$name             an operand group or an attribute
//	type($name)       the types of an operand or result group
//	`literal`         punctuation or a keyword
//	attr-dict         the attributes that are not inherent
//	operands          every operand, in signature order
//	functional-type(operands, results)
//	                  the types of every operand and result ($x in place
//	                  of operands for the operand group x alone, $r of
//	                  results when r is the only result group)
//	$region           a region, its entry block's arguments written out
//	regions           every region, comma-separated
//	( ... )?          an optional group, present when its anchor ($x^ or
//	                  type($x)^) is: a non-empty group or a set attribute
//	qualified(x)      x, which this printer always writes qualified
//	attr-dict-with-keyword
//	                  attr-dict after the keyword `attributes`
//	` `, `` and `\n`   a blank, none where one would be, a new line
//	(a):(b)?          b where a's anchor is unset
//	oilist(a | b)     clauses, each led by a keyword, in any order, each
//	                  written when one of its groups or attributes is set
//	custom<Name>(...) a directive of customDirectives, over the groups,
//	                  types and attributes it names ($x, type($x), ref($x))
//	                  and string literals ("false") it takes as options
//
// Attributes are of a kind: an index, a string, a unit attribute (only
// the group it anchors is written), a symbol name (@x, stored as a
// string), a symbol reference, a type, an enum (enumKinds) or any
// attribute (format_kinds.go). A signature ending in `; segmented` is that of an op with
// AttrSizedOperandSegments: its operand groups' sizes are the property
// operandSegmentSizes, and it may have several variadic groups; `;
// result-segments`, of one with AttrSizedResultSegments. An attribute
// `@name:kind=value` has a default value: the parser sets it when the
// format leaves it out, and a group it anchors is written only when the
// attribute differs from it. `@name?:kind=value` has one that only the
// printer knows: the parser leaves the attribute unset.
//
// A malformed table entry panics when the package initializes, so no
// build with one passes a test.

// declOp is an op's signature and format.
type declOp struct {
	name       string
	terminator bool
	regions    []string
	// variadicRegions: the last region group takes any number of
	// regions (VariadicRegion), written comma-separated.
	variadicRegions bool
	// implied is the terminator the parser adds to a region that leaves
	// it out, if any.
	implied  *impliedTerminator
	operands []declValue
	results  []declValue
	attrs    []declAttr
	elems    []declElem
	// written names the attributes the format writes, which attr-dict
	// leaves out (set by check).
	written []string
	// propDict is set when the format writes the other properties in a
	// prop-dict, `<{...}>`, and attr-dict only the discardable attributes.
	propDict bool
	// segmented: the operand groups' sizes are operandSegmentSizes;
	// resultSegmented: the result groups' are resultSegmentSizes.
	segmented, resultSegmented bool
	// sameVariadic: the variadic groups of a side have one size
	// (SameVariadicOperandSize, SameVariadicResultSize).
	sameVariadic bool
	// noTerminator: the regions' blocks end without a terminator.
	noTerminator bool
	// graph: the regions are graph regions (HasOnlyGraphRegion).
	graph bool
	// dictKeywords are the attributes that attr-dict writes as a bare
	// keyword: the enum attribute named by the entry, `prefix<keyword>`.
	dictKeywords map[string]string
}

// declValue is an operand or result group: arity '1' (one value), '?'
// (zero or one) or '*' (any number). fixed is its type where the format
// does not give it: a type the constraint allows alone (I1, Index, ...).
// class is the dialect type its constraint allows, as `!dialect.name`,
// which the format may write without that prefix (`<f32>` for
// `!emitc.lvalue<f32>`), as MLIR's printer does. same names the single
// group whose type each of its values has (AllTypesMatch,
// SameOperandsAndResultType), or the variadic group whose types its
// values have one by one, where the format gives only that group's;
// element, the single group whose type's element type it, single, has.
type declValue struct {
	name    string
	arity   byte
	fixed   Type
	class   string
	same    string
	element string
}

// declAttr is an inherent attribute and how the format writes it: kind
// "index" is an integer of index type written without it, "str" a string,
// "unit" a unit attribute (its anchor's group is what is written), "sym"
// a symbol name stored as a string, "ref" a symbol reference, "type" a
// type attribute written as the type, a name of enumKinds its keyword,
// "any" an attribute as written anywhere (attrKinds lists them all).
type declAttr struct {
	name     string
	kind     string
	optional bool
	def      string // the default value's spelling in the format, if any
	// unset: the parser leaves the attribute out where the format does,
	// and only the printer knows the default (DefaultValuedOptionalAttr).
	unset bool
	// inFormat is false for an attribute the format does not write:
	// attr-dict then does, and reads it back as the property it is.
	inFormat bool
}

type declElemKind uint8

const (
	elemLiteral declElemKind = iota
	elemOperand
	elemAttr
	elemType
	elemAttrDict
	elemOperands
	elemFunctionalType
	elemRegion
	elemGroup
	elemAttrDictKeyword
	elemPropDict
	elemOperandTypes
	elemCustom
	elemRegions
	elemOIList
)

type declElem struct {
	kind   declElemKind
	name   string // the literal; the operand, result or attribute named; functional-type's one operand group
	anchor bool
	group  []declElem
	// alt is what an optional group writes when its anchor is unset, if
	// anything: `(then):(alt)?`.
	alt []declElem
}

// fixedTypes are the types a signature may fix by name.
var fixedTypes = map[string]Type{
	"i1": I1, "i32": I32, "index": Index, "!shape.shape": shapeType, "!shape.size": sizeType,
	"!shape.value_shape": valueShapeType, "!shape.witness": witnessType,
	"!gpu.async.token": asyncTokenType, "!gpu.sparse.spmat_handle": spmatHandleType,
	"!gpu.sparse.dntensor_handle": dnTensorType, "!llvm.ptr": llvmPtrType, "!llvm.token": &OpaqueType{Text: "!llvm.token"},
	"!transform.any_op": &OpaqueType{Text: "!transform.any_op"}, "!transform.any_value": &OpaqueType{Text: "!transform.any_value"},
}

// declare builds the declOp of name from its signature and format. The
// signature lists operands, then `->` and results, comma-separated: a
// name, with `?` or `*` for its arity and `:type` for a fixed type;
// attributes are `@name:kind`, optional with `?` after the name; regions
// `^name`, the last one `^name*` when it is variadic.
func declare(name, signature, format string) *declOp {
	d := &declOp{name: name}
	signature, traits, _ := strings.Cut(signature, ";")
	for trait := range strings.FieldsSeq(traits) {
		switch trait {
		case "segmented":
			d.segmented = true
		case "result-segments":
			d.resultSegmented = true
		case "same-variadic-size":
			d.sameVariadic = true
		default:
			panic(fmt.Sprintf("ir: %s: unknown trait %q", name, trait))
		}
	}
	ins, outs, _ := strings.Cut(signature, "->")
	for _, side := range []struct {
		text string
		out  *[]declValue
	}{{ins, &d.operands}, {outs, &d.results}} {
		for item := range strings.SplitSeq(side.text, ",") {
			item = strings.TrimSpace(item)
			if item == "" {
				continue
			}
			item, fixed, hasFixed := strings.Cut(item, ":")
			optional := strings.HasSuffix(item, "?")
			if region, ok := strings.CutPrefix(item, "^"); ok {
				if d.variadicRegions {
					panic(fmt.Sprintf("ir: %s: only the last region group may be variadic", name))
				}
				region, d.variadicRegions = strings.CutSuffix(region, "*")
				d.regions = append(d.regions, region)
				continue
			}
			if attr, ok := strings.CutPrefix(item, "@"); ok {
				kind, def, _ := strings.Cut(fixed, "=")
				d.attrs = append(d.attrs, declAttr{name: strings.TrimSuffix(attr, "?"), kind: kind, optional: optional || def != "", def: def, unset: optional && def != ""})
				continue
			}
			v := declValue{name: strings.TrimRight(item, "?*"), arity: '1'}
			if n := len(item); item[n-1] == '?' || item[n-1] == '*' {
				v.arity = item[n-1]
			}
			if class, ok := strings.CutSuffix(fixed, "<>"); ok && strings.HasPrefix(class, "!") {
				v.class = class
			} else if same, ok := strings.CutPrefix(fixed, "="); ok {
				v.same = same
			} else if of, ok := strings.CutPrefix(fixed, "element("); ok && strings.HasSuffix(of, ")") {
				v.element = strings.TrimSuffix(of, ")")
			} else if hasFixed {
				if v.fixed = fixedTypes[fixed]; v.fixed == nil {
					panic(fmt.Sprintf("ir: %s: unknown fixed type %s", name, fixed))
				}
			}
			*side.out = append(*side.out, v)
		}
	}
	var rest []string
	d.elems, rest = d.elemList(formatTokens(format))
	if len(rest) > 0 {
		panic(fmt.Sprintf("ir: %s: unbalanced %q in its format", name, rest[0]))
	}
	d.check()
	return d
}

// formatSpacer puts blanks around the punctuation of formats, so that
// their words split at blanks; built once, as a Replacer is costly.
var formatSpacer = strings.NewReplacer("(", " ( ", ")", " ) ", "?", " ? ", "^", " ^ ", ",", " , ", "|", " | ")

// formatTokens splits a format into tokens: a literal is three, its
// backquotes and its text (literalBlank for ` `, literalNone for “).
func formatTokens(format string) []string {
	var toks []string
	for len(format) > 0 {
		if format[0] == '`' {
			end := strings.IndexByte(format[1:], '`')
			if end < 0 {
				return append(toks, "`", format[1:])
			}
			text := format[1 : 1+end]
			switch text {
			case " ":
				text = literalBlank
			case "":
				text = literalNone
			}
			toks = append(toks, "`", text, "`")
			format = format[end+2:]
			continue
		}
		end := strings.IndexByte(format, '`')
		if end < 0 {
			end = len(format)
		}
		spaced := formatSpacer.Replace(format[:end])
		toks = append(toks, strings.Fields(spaced)...)
		format = format[end:]
	}
	return toks
}

// The texts of the literals a blank, an empty and a \n literal, which
// write a blank, none where one would be, and a new line.
const (
	literalBlank   = " "
	literalNone    = ""
	literalNewline = `\n`
)

// elemList reads elements up to a closing `)` or an oilist's `|` and
// returns the tokens from it on.
func (d *declOp) elemList(toks []string) ([]declElem, []string) {
	var elems []declElem
	for len(toks) > 0 {
		t := toks[0]
		switch {
		case t == ")" || t == "|":
			return elems, toks
		case t == "`":
			if len(toks) < 3 || toks[2] != "`" {
				panic(fmt.Sprintf("ir: %s: unterminated literal in its format", d.name))
			}
			elems = append(elems, declElem{kind: elemLiteral, name: toks[1]})
			toks = toks[3:]
		case t == "^":
			if len(elems) == 0 {
				panic(fmt.Sprintf("ir: %s: anchor without element", d.name))
			}
			elems[len(elems)-1].anchor = true
			toks = toks[1:]
		case t == "attr-dict":
			elems = append(elems, declElem{kind: elemAttrDict})
			toks = toks[1:]
		case t == "attr-dict-with-keyword":
			elems = append(elems, declElem{kind: elemAttrDictKeyword})
			toks = toks[1:]
		case t == "prop-dict":
			d.propDict = true
			elems = append(elems, declElem{kind: elemPropDict})
			toks = toks[1:]
		case strings.HasPrefix(t, "custom<") && strings.HasSuffix(t, ">"):
			name := t[len("custom<") : len(t)-1]
			if customDirectives[name] == nil {
				panic(fmt.Sprintf("ir: %s: unknown directive custom<%s>", d.name, name))
			}
			if len(toks) < 2 || toks[1] != "(" {
				panic(fmt.Sprintf("ir: %s: custom<%s> without arguments", d.name, name))
			}
			args, after := d.customArgs(toks[2:])
			if len(after) == 0 || after[0] != ")" {
				panic(fmt.Sprintf("ir: %s: unbalanced custom<%s>", d.name, name))
			}
			elems = append(elems, declElem{kind: elemCustom, name: name, group: args})
			toks = after[1:]
		case t == "qualified":
			// Types and attributes are always printed qualified: the
			// directive changes nothing here. Drop it and its parentheses.
			if len(toks) < 2 || toks[1] != "(" {
				panic(fmt.Sprintf("ir: %s: malformed qualified directive", d.name))
			}
			inner, after := d.elemList(toks[2:])
			if len(inner) != 1 || len(after) == 0 || after[0] != ")" {
				panic(fmt.Sprintf("ir: %s: qualified takes one element", d.name))
			}
			elems = append(elems, inner[0])
			toks = after[1:]
		case t == "operands":
			elems = append(elems, declElem{kind: elemOperands})
			toks = toks[1:]
		case t == "regions":
			elems = append(elems, declElem{kind: elemRegions})
			toks = toks[1:]
		case t == "oilist":
			if len(toks) < 2 || toks[1] != "(" {
				panic(fmt.Sprintf("ir: %s: oilist without clauses", d.name))
			}
			var clauses []declElem
			toks = toks[1:]
			for len(toks) > 0 && (toks[0] == "(" || toks[0] == "|") {
				var clause []declElem
				clause, toks = d.elemList(toks[1:])
				if len(clause) == 0 || clause[0].kind != elemLiteral || !isBareWord(clause[0].name) {
					panic(fmt.Sprintf("ir: %s: an oilist clause begins with a keyword", d.name))
				}
				clauses = append(clauses, declElem{kind: elemGroup, group: clause})
			}
			if len(toks) == 0 || toks[0] != ")" {
				panic(fmt.Sprintf("ir: %s: unbalanced oilist", d.name))
			}
			elems = append(elems, declElem{kind: elemOIList, group: clauses})
			toks = toks[1:]
		case t == "functional-type":
			end := slices.Index(toks, ")")
			written := strings.Join(toks[2:max(end, 2)], "")
			ins, outs, _ := strings.Cut(written, ",")
			group, named := strings.CutPrefix(ins, "$")
			okIns := ins == "operands" || named && slices.ContainsFunc(d.operands, func(v declValue) bool { return v.name == group })
			okOuts := outs == "results" || len(d.results) == 1 && outs == "$"+d.results[0].name
			if len(toks) < 2 || toks[1] != "(" || end < 0 || !okIns || !okOuts {
				panic(fmt.Sprintf("ir: %s: functional-type reads (operands, results), naming a result group only when it is the only one", d.name))
			}
			e := declElem{kind: elemFunctionalType}
			if named && len(d.operands) > 1 {
				e.name = group // its inputs are that group's alone
			}
			elems = append(elems, e)
			toks = toks[end+1:]
		case t == "type" && len(toks) >= 4 && toks[2] == "operands":
			elems = append(elems, declElem{kind: elemOperandTypes})
			toks = toks[4:]
		case t == "type":
			if len(toks) < 4 || toks[1] != "(" || toks[3] != ")" || !strings.HasPrefix(toks[2], "$") {
				panic(fmt.Sprintf("ir: %s: malformed type directive", d.name))
			}
			elems = append(elems, declElem{kind: elemType, name: toks[2][1:]})
			toks = toks[4:]
		case t == "(":
			group, after := d.elemList(toks[1:])
			var alt []declElem
			if len(after) >= 3 && after[0] == ")" && after[1] == ":" && after[2] == "(" {
				// (then):(else)? writes else where then's anchor is unset.
				alt, after = d.elemList(after[3:])
			}
			if len(after) < 2 || after[0] != ")" || after[1] != "?" {
				panic(fmt.Sprintf("ir: %s: optional group without `)?`", d.name))
			}
			elems = append(elems, declElem{kind: elemGroup, group: group, alt: alt})
			toks = after[2:]
		case strings.HasPrefix(t, "$"):
			kind := elemOperand
			if d.attr(t[1:]) != nil {
				kind = elemAttr
			} else if slices.Contains(d.regions, t[1:]) {
				kind = elemRegion
			}
			elems = append(elems, declElem{kind: kind, name: t[1:]})
			toks = toks[1:]
		default:
			panic(fmt.Sprintf("ir: %s: unknown format element %q", d.name, t))
		}
	}
	return elems, nil
}

// customArgs reads a custom directive's arguments, comma-separated
// $x, type($x), ref($x) (a reference to what another element sets,
// which the directive does not set) or "text", up to the closing `)`.
func (d *declOp) customArgs(toks []string) ([]declElem, []string) {
	var args []declElem
	for len(toks) > 0 && toks[0] != ")" {
		ref := false
		if toks[0] == "ref" && len(toks) > 3 && toks[1] == "(" {
			ref = true
			toks = toks[2:]
		}
		var e []declElem
		switch {
		case strings.HasPrefix(toks[0], `"`) && strings.HasSuffix(toks[0], `"`) && len(toks[0]) > 1:
			e = []declElem{{kind: elemLiteral, name: strings.Trim(toks[0], `"`)}}
			toks = toks[1:]
		case toks[0] == "type" && len(toks) >= 4:
			e, _ = d.elemList(toks[:4])
			toks = toks[4:]
		case strings.HasPrefix(toks[0], "$"):
			e, _ = d.elemList(toks[:1])
			toks = toks[1:]
		default:
			panic(fmt.Sprintf("ir: %s: custom directive argument %q", d.name, toks[0]))
		}
		if ref {
			if len(toks) == 0 || toks[0] != ")" {
				panic(fmt.Sprintf("ir: %s: unbalanced ref", d.name))
			}
			toks = toks[1:]
			e[0].anchor = true // marks a reference: see check
		}
		args = append(args, e[0])
		if len(toks) > 0 && toks[0] == "," {
			toks = toks[1:]
		}
	}
	return args, toks
}

// check panics unless the format sets every operand, every attribute and
// every type the signature does not fix, and each group has one anchor.
func (d *declOp) check() {
	set := map[string]bool{}
	var walk func(elems []declElem, inGroup bool)
	walk = func(elems []declElem, inGroup bool) {
		anchors := 0
		for _, e := range elems {
			if e.anchor {
				anchors++
			}
			switch e.kind {
			case elemOperand:
				if d.value(e.name) == nil || slices.ContainsFunc(d.results, func(v declValue) bool { return v.name == e.name }) {
					panic(fmt.Sprintf("ir: %s: $%s is no operand or attribute", d.name, e.name))
				}
				set[e.name] = true
			case elemAttr:
				set["@"+e.name] = true
			case elemRegion:
				set["^"+e.name] = true
			case elemType:
				if d.value(e.name) == nil {
					panic(fmt.Sprintf("ir: %s: type($%s) names no operand or result", d.name, e.name))
				}
				set["type "+e.name] = true
			case elemOperands:
				for _, o := range d.operands {
					set[o.name] = true
				}
			case elemOperandTypes:
				for _, o := range d.operands {
					set["type "+o.name] = true
				}
			case elemFunctionalType:
				for _, o := range d.operands {
					if e.name == "" || e.name == o.name {
						set["type "+o.name] = true
					}
				}
				for _, r := range d.results {
					set["type "+r.name] = true
				}
			case elemGroup:
				walk(e.group, true)
				walk(e.alt, false)
			case elemOIList:
				for _, clause := range e.group {
					walk(clause.group, false)
				}
			case elemRegions:
				for _, r := range d.regions {
					set["^"+r] = true
				}
			case elemCustom:
				for _, a := range e.group {
					switch {
					case a.anchor: // ref($x)
					case a.kind == elemLiteral:
					case a.kind == elemType:
						set["type "+a.name] = true
					case a.kind == elemAttr:
						set["@"+a.name] = true
					default:
						set[a.name] = true
					}
				}
			}
		}
		if inGroup && anchors != 1 || !inGroup && anchors != 0 {
			panic(fmt.Sprintf("ir: %s: an optional group needs one anchor, and only it", d.name))
		}
	}
	walk(d.elems, false)
	typed := func(v declValue) bool {
		derived := v.same + v.element
		if of := d.value(derived); derived != "" {
			single := of != nil && of.arity == '1' && (v.arity == '1' || v.same != "")
			oneByOne := of != nil && of.arity == '*' && v.arity == '*' && v.same != ""
			if !single && !oneByOne {
				panic(fmt.Sprintf("ir: %s: %s has a type derived from %s, which is no single group, nor a variadic group to match one by one", d.name, v.name, derived))
			}
		}
		return v.fixed != nil || set["type "+v.name] || derived != "" && set["type "+derived]
	}
	for _, o := range d.operands {
		if !set[o.name] || !typed(o) {
			panic(fmt.Sprintf("ir: %s: the format does not give operand %s or its type", d.name, o.name))
		}
	}
	for _, r := range d.results {
		if !typed(r) || r.arity != '1' && r.fixed != nil && !set["type "+r.name] {
			panic(fmt.Sprintf("ir: %s: the format does not give the type of result %s", d.name, r.name))
		}
	}
	for i, a := range d.attrs {
		d.attrs[i].inFormat = set["@"+a.name]
		if set["@"+a.name] {
			d.written = append(d.written, a.name)
		}
		if !slices.Contains(attrKinds, a.kind) && enumKinds[a.kind] == nil && !strings.HasPrefix(a.kind, "#") {
			panic(fmt.Sprintf("ir: %s: attribute %s is of no known kind", d.name, a.name))
		}
		if a.def != "" && a.defaultValue() == nil {
			panic(fmt.Sprintf("ir: %s: attribute %s has no value %q", d.name, a.name, a.def))
		}
	}
	for _, r := range d.regions {
		if !set["^"+r] {
			panic(fmt.Sprintf("ir: %s: region %s is not in the format", d.name, r))
		}
	}
	variable := 0
	for _, o := range d.operands {
		if o.arity != '1' {
			variable++
		}
	}
	if variable > 1 && !d.segmented && !d.sameVariadic {
		panic(fmt.Sprintf("ir: %s: several variadic operand groups need segment sizes, which declOp does not write", d.name))
	}
}

func (d *declOp) value(name string) *declValue {
	for _, vs := range [][]declValue{d.operands, d.results} {
		for i := range vs {
			if vs[i].name == name {
				return &vs[i]
			}
		}
	}
	return nil
}

func (d *declOp) attr(name string) *declAttr {
	for i := range d.attrs {
		if d.attrs[i].name == name {
			return &d.attrs[i]
		}
	}
	return nil
}

func (d *declOp) syntax() *opSyntax {
	inherent := make([]string, len(d.attrs))
	for i, a := range d.attrs {
		inherent[i] = a.name
	}
	if d.segmented {
		inherent = append(inherent, "operandSegmentSizes")
	}
	if d.resultSegmented {
		inherent = append(inherent, "resultSegmentSizes")
	}
	return &opSyntax{Inherent: inherent, Parse: d.parse, Print: d.print, Terminator: d.terminator, NoTerminator: d.noTerminator, Graph: d.graph}
}

// variadicRegion reports whether the region group name is variadic.
func (d *declOp) variadicRegion(name string) bool {
	return d.variadicRegions && name == d.regions[len(d.regions)-1]
}

// impliesTerminator says that d's regions may leave out their
// terminator, name, which the parser then adds.
func (d *declOp) impliesTerminator(name string) *declOp {
	d.implied = &impliedTerminator{name, 0}
	return d
}

// withoutTerminator says that the blocks of d's regions end without a
// terminator (NoTerminator).
func (d *declOp) withoutTerminator() *declOp {
	d.noTerminator = true
	return d
}

// inGraphRegions says that d's regions are graph regions, which end
// without a terminator.
func (d *declOp) inGraphRegions() *declOp {
	d.graph = true
	return d.withoutTerminator()
}

// keywordsInDict says that attr-dict writes the attributes named in
// keywords as bare keywords (see declOp.dictKeywords).
func (d *declOp) keywordsInDict(keywords map[string]string) *declOp {
	d.dictKeywords = keywords
	return d
}

// endsBlock marks d as a terminator.
func (d *declOp) endsBlock() *declOp {
	d.terminator = true
	return d
}

// groupSizes splits n values among the groups of sig in order: one
// value to each single group, one or none to an optional group, and what
// the others leave to the variadic one (check allows one per side, or
// several of one size each with the trait same-variadic-size); ok is
// false when n does not fit.
func (d *declOp) groupSizes(sig []declValue, n int) (sizes []int, ok bool) {
	sizes = make([]int, len(sig))
	variadic := 0
	for _, v := range sig {
		if v.arity == '*' {
			variadic++
		}
	}
	each := -1 // the size of each variadic group, when they share it
	if d.sameVariadic && variadic > 1 {
		fixed := len(sig) - variadic
		if n < fixed || (n-fixed)%variadic != 0 {
			return nil, false
		}
		each = (n - fixed) / variadic
	}
	left := n
	for i, v := range sig {
		k := 1
		switch {
		case v.arity == '*' && each >= 0:
			k = each
		case v.arity == '*':
			k = left - (len(sig) - 1 - i)
		case v.arity == '?':
			k = min(1, left-(len(sig)-1-i))
		}
		if k < 0 || k > left {
			return nil, false
		}
		sizes[i], left = k, left-k
	}
	return sizes, left == 0
}

// --- parsing ---

// declParse holds what the format has read of an op so far.
type declParse struct {
	refs    map[string][]operandRef
	types   map[string][]Type
	regions map[string][]*Region
}

func (d *declOp) parse(p *parser, st *OpState) {
	s := declParse{refs: map[string][]operandRef{}, types: map[string][]Type{}, regions: map[string][]*Region{}}
	d.parseElems(p, st, d.elems, &s)
	for _, name := range d.regions {
		rs, ok := s.regions[name]
		if !ok && !d.variadicRegion(name) {
			rs = []*Region{{}} // in a group the text left out
		}
		st.Regions = append(st.Regions, rs...)
	}
	for _, a := range d.attrs {
		if a.def != "" && !a.unset {
			st.defaultProp(a.name, a.defaultValue())
		}
	}
	if d.segmented {
		sizes := make([]int, len(d.operands))
		for i, o := range d.operands {
			sizes[i] = len(s.refs[o.name])
		}
		p.setSegments(st, sizes...)
	}
	for _, o := range d.operands {
		refs, ts := s.refs[o.name], s.types[o.name]
		if ts == nil && o.fixed != nil {
			ts = slices.Repeat([]Type{o.fixed}, len(refs))
		} else if ts == nil {
			ts = s.derivedType(p, o, len(refs))
		}
		if len(ts) != len(refs) {
			p.fail("%d operands present, but expected %d", len(refs), len(ts))
		}
		for i, r := range refs {
			st.Operands = append(st.Operands, p.resolve(r, ts[i]))
		}
	}
	var resultSizes []int
	for _, r := range d.results {
		n := len(st.ResultTypes)
		ts, ok := s.types[r.name]
		if !ok && r.same+r.element != "" {
			n := -1 // as many as r.same has
			if r.arity == '1' {
				n = 1
			}
			ts, ok = s.derivedType(p, r, n), true
		}
		switch {
		case ok:
			st.ResultTypes = append(st.ResultTypes, ts...)
		case r.fixed != nil && r.arity == '1':
			st.ResultTypes = append(st.ResultTypes, r.fixed)
		case r.arity == '1':
			p.fail("expected the type of result %s", r.name)
		}
		// A variadic or optional group left out has no results.
		resultSizes = append(resultSizes, len(st.ResultTypes)-n)
	}
	if d.resultSegmented {
		st.AddProp("resultSegmentSizes", p.i32Array(resultSizes...))
	}
}

// derivedType is the types of the n values of v that the types the
// format gave imply: that of v.same, single, or those of v.same,
// variadic too, one by one (n is then -1); or the element type of
// v.element's (n is then 1).
func (s *declParse) derivedType(p *parser, v declValue, n int) []Type {
	if of := s.types[v.same]; v.same != "" && n >= 0 && len(of) == 1 {
		return slices.Repeat(of, n)
	} else if v.same != "" {
		return of
	}
	of := s.types[v.element]
	if v.element == "" || len(of) != 1 {
		return nil
	}
	if t, ok := elementTypeOf(p, of[0]); ok {
		return []Type{t}
	}
	p.fail("expected a type with an element type, found %s", of[0])
	return nil
}

// elementTypeOf returns the element type of a shaped type, or of a
// dialect type written `!name<dims x element, ...>` (!gpu.mma_matrix).
func elementTypeOf(p *parser, t Type) (Type, bool) {
	if s, ok := t.(interface{ ElementType() Type }); ok {
		return s.ElementType(), true
	}
	if text, ok := dialectElementText(t); ok {
		return p.typeFromText(text)
	}
	return nil, false
}

// dialectElementText returns the spelling of the element type of a
// dialect type `!name<16x16xf16, ...>`.
func dialectElementText(t Type) (string, bool) {
	o, ok := t.(*OpaqueType)
	if !ok {
		return "", false
	}
	_, body, ok := strings.Cut(o.Text, "<")
	if !ok {
		return "", false
	}
	body, _, _ = strings.Cut(body, ",")
	body = strings.TrimSuffix(body, ">")
	i := strings.LastIndexByte(body, 'x')
	if i < 0 {
		return "", false
	}
	return body[i+1:], true
}

// defaultValue is the value of a, which has a default, where the format
// leaves it out; nil if a's kind has no value so spelled (check rejects
// such a table entry).
func (a *declAttr) defaultValue() Attribute {
	if e := enumKinds[a.kind]; e != nil {
		i := slices.Index(e.cases, a.def)
		switch {
		case i < 0:
			return nil
		case e.sep != "":
			return IntAttr(e.value(i), e.typ)
		}
		return e.attr(i)
	}
	if strings.HasPrefix(a.kind, "#") {
		return &OpaqueAttr{Text: a.kind + "<" + a.def + ">"}
	}
	switch {
	case a.kind == "bool" && (a.def == "true" || a.def == "false"):
		return BoolAttr{Value: a.def == "true"}
	case a.kind == "str":
		return Str(a.def)
	case a.kind == "dict" && a.def == "{}":
		return &DictAttr{}
	case denseKinds[a.kind] != nil && a.def == "[]":
		return &DenseArrayAttr{Elem: denseKinds[a.kind], Values: []string{}}
	case a.kind == "array" && a.def == "[]":
		return &ArrayAttr{}
	case a.kind == "any" && strings.HasPrefix(a.def, "#"):
		return &OpaqueAttr{Text: a.def} // a dialect attribute, as written
	case attrKindType[a.kind] != nil:
		if n, err := strconv.ParseInt(a.def, 10, 64); err == nil {
			return IntAttr(n, attrKindType[a.kind])
		}
	}
	return nil
}

// isDefault reports whether v is a's default value.
func (a *declAttr) isDefault(v Attribute) bool {
	return a.def != "" && v != nil && v.String() == a.defaultValue().String()
}

func (d *declOp) parseElems(p *parser, st *OpState, elems []declElem, s *declParse) {
	for _, e := range elems {
		switch e.kind {
		case elemLiteral:
			switch {
			case e.name == literalBlank || e.name == literalNone || e.name == literalNewline:
			case isBareWord(e.name):
				p.expectKeyword(e.name)
			default:
				p.expect(e.name)
			}
		case elemCustom:
			customDirectives[e.name].parse(&customCall{p: p, st: st, s: s, d: d, args: e.group})
		case elemOperand:
			s.refs[e.name] = p.declOperands(d.value(e.name).arity)
		case elemOperands:
			refs := p.declOperands('*')
			sizes, ok := d.groupSizes(d.operands, len(refs))
			if !ok {
				p.fail("expected %d operands", len(d.operands))
			}
			for i, o := range d.operands {
				s.refs[o.name], refs = refs[:sizes[i]], refs[sizes[i]:]
			}
		case elemAttr:
			st.AddProp(e.name, p.declAttr(d.attr(e.name)))
		case elemType:
			v := d.value(e.name)
			n := -1 // as many as are written
			if refs, ok := s.refs[e.name]; ok {
				n = len(refs)
			} else if v.arity == '1' {
				n = 1
			}
			var ts []Type
			switch {
			case n < 0 && p.isTypeStart():
				ts = p.parseTypeList()
			case n >= 0:
				for i := range n {
					if i > 0 {
						p.expect(",")
					}
					ts = append(ts, p.classType(v.class))
				}
			}
			s.types[e.name] = ts
		case elemAttrDict:
			if p.is("{") {
				st.Attrs = p.parseDictWith(d.dictKeywords)
			}
		case elemAttrDictKeyword:
			p.optionalAttrDictWithKeyword(st)
		case elemPropDict:
			p.optionalPropDict(st)
		case elemRegion:
			s.regions[e.name] = d.parseRegionGroup(p, e.name)
		case elemRegions:
			for i, name := range d.regions {
				if i > 0 && !p.accept(",") && !d.variadicRegion(name) {
					p.expect(",")
				}
				s.regions[name] = d.parseRegionGroup(p, name)
			}
		case elemOIList:
			clauses := slices.Clone(e.group)
			for {
				i := slices.IndexFunc(clauses, func(c declElem) bool { return d.groupStarts(p, c.group) })
				if i < 0 {
					break
				}
				d.parseElems(p, st, clauses[i].group, s)
				clauses = slices.Delete(clauses, i, i+1)
			}
		case elemOperandTypes:
			// One type per operand parsed, comma-separated, group by group.
			first := true
			for _, o := range d.operands {
				ts := make([]Type, len(s.refs[o.name]))
				for i := range ts {
					if !first {
						p.expect(",")
					}
					first = false
					ts[i] = p.classType(o.class)
				}
				s.types[o.name] = ts
			}
		case elemFunctionalType:
			at := p.pos()
			fn := p.functionTypeAt()
			inputs := fn.Inputs
			for _, o := range d.operands {
				if e.name != "" && o.name != e.name {
					continue
				}
				n := len(s.refs[o.name])
				if n > len(inputs) {
					break
				}
				s.types[o.name], inputs = inputs[:n], inputs[n:]
			}
			if len(inputs) > 0 {
				p.failAt(at, "%d operands present, but expected %d", len(fn.Inputs)-len(inputs), len(fn.Inputs))
			}
			sizes, ok := d.groupSizes(d.results, len(fn.Results))
			if !ok {
				p.failAt(at, "the function type gives %d results, which the op does not have", len(fn.Results))
			}
			results := fn.Results
			for i, r := range d.results {
				s.types[r.name], results = results[:sizes[i]], results[sizes[i]:]
			}
		case elemGroup:
			if d.groupStarts(p, e.group) {
				d.parseElems(p, st, e.group, s)
			} else {
				d.parseElems(p, st, e.alt, s)
			}
		}
	}
}

// parseRegionGroup parses the regions of the group name: one, or, for a
// variadic group, none or several comma-separated.
func (d *declOp) parseRegionGroup(p *parser, name string) []*Region {
	variadic := d.variadicRegion(name)
	if variadic && !p.is("{") {
		return nil
	}
	var rs []*Region
	for {
		r := p.parseRegion(nil)
		if d.implied != nil {
			d.implied.ensureIn(r)
		}
		if d.noTerminator && len(r.blocks) == 0 {
			r.AddBlock() // as MLIR's parser gives a single-block region
		}
		rs = append(rs, r)
		if !variadic || !p.accept(",") {
			return rs
		}
	}
}

// groupStarts reports whether the next tokens begin an optional group
// whose first element is first.
func (d *declOp) groupStarts(p *parser, group []declElem) bool {
	for len(group) > 1 && group[0].kind == elemLiteral && (group[0].name == literalBlank || group[0].name == literalNone || group[0].name == literalNewline) {
		group = group[1:]
	}
	first := group[0]
	switch first.kind {
	case elemLiteral:
		if isBareWord(first.name) {
			return p.isKeyword(first.name)
		}
		return p.is(first.name)
	case elemOperand, elemOperands:
		return p.isOperand()
	case elemType, elemOperandTypes:
		return p.isTypeStart()
	case elemAttrDict, elemRegion:
		return p.is("{")
	case elemAttr:
		if e := enumKinds[d.attr(first.name).kind]; e != nil {
			return e.starts(p)
		}
		switch d.attr(first.name).kind {
		case "sym", "ref":
			return p.tok.kind == tAt
		case "type":
			return p.isTypeStart()
		case "array", "dense_i32", "dense_i64", "dense_bool":
			return p.is("[")
		case "dict":
			return p.is("{")
		case "bool":
			return p.isKeyword("true") || p.isKeyword("false")
		case "any":
			return p.tok.kind == tHash // a dialect attribute or an alias
		}
	}
	return false
}

// classType parses a type, which may leave out the prefix class, a
// dialect type's `!dialect.name`.
func (p *parser) classType(class string) Type {
	if class == "" || !p.is("<") {
		return p.parseType()
	}
	start := p.tok.start
	p.skipBalanced()
	return &OpaqueType{Text: class + string(p.src[start:p.lastEnd()])}
}

func (p *parser) declOperands(arity byte) []operandRef {
	switch {
	case arity == '1':
		return []operandRef{p.operandRef()}
	case !p.isOperand():
		return nil
	case arity == '?':
		return []operandRef{p.operandRef()}
	}
	return p.operandRefs()
}

func isBareWord(s string) bool {
	return s != "" && (s[0] == '_' || s[0] >= 'a' && s[0] <= 'z' || s[0] >= 'A' && s[0] <= 'Z')
}

// --- printing ---

// declPrint is an op being printed by its format: its operand groups,
// and whether the next token needs a blank before it.
type declPrint struct {
	p      *printer
	op     *Operation
	d      *declOp
	groups map[string][]*Value
	space  bool
	punct  bool // the last element written was punctuation
}

func (d *declOp) print(p *printer, op *Operation) bool {
	groups, ok := d.groups(op)
	if d.segmented || d.resultSegmented {
		groups, ok = d.segmentGroups(op)
	}
	fixedRegions := len(d.regions)
	if d.variadicRegions {
		fixedRegions--
	}
	if !ok || len(op.Regions) < fixedRegions || !d.variadicRegions && len(op.Regions) != fixedRegions || len(op.Successors()) != 0 {
		return false
	}
	for _, v := range append(slices.Clone(d.operands), d.results...) {
		if !d.derivedFits(v, groups) {
			return false
		}
	}
	for _, a := range d.attrs {
		v := op.Prop(a.name)
		if a.inFormat && (v == nil && !a.optional || v != nil && !declAttrFits(a, v)) {
			return false
		}
	}
	dp := &declPrint{p: p, op: op, d: d, groups: groups, space: true}
	for _, e := range d.elems {
		// An empty type list would leave `:` before nothing, which MLIR
		// does not read back.
		if e.kind == elemType && len(groups[e.name]) == 0 {
			return false
		}
	}
	if !dp.fits(d.elems) {
		return false
	}
	p.w(d.name)
	dp.elems(d, d.elems)
	return true
}

// fits reports whether the custom directives among the elements that
// would be written can write the op.
func (dp *declPrint) fits(elems []declElem) bool {
	for _, e := range elems {
		switch e.kind {
		case elemCustom:
			if c := customDirectives[e.name]; c.fits != nil && !c.fits(&customCall{dp: dp, d: dp.d, args: e.group}) {
				return false
			}
		case elemGroup:
			branch := e.alt
			if dp.present(e.group) {
				branch = e.group
			}
			if !dp.fits(branch) {
				return false
			}
		case elemOIList:
			for _, clause := range e.group {
				if dp.clauseSet(clause.group) && !dp.fits(clause.group) {
					return false
				}
			}
		}
	}
	return true
}

// groups splits op's operands and results by the signature; ok is false
// when they do not fit it, fixed types included.
func (d *declOp) groups(op *Operation) (map[string][]*Value, bool) {
	groups := map[string][]*Value{}
	split := func(sig []declValue, vs []*Value) bool {
		sizes, ok := d.groupSizes(sig, len(vs))
		if !ok {
			return false
		}
		for i, v := range sig {
			if v.fixed != nil && !allOfType(vs[:sizes[i]], v.fixed) {
				return false
			}
			groups[v.name], vs = vs[:sizes[i]], vs[sizes[i]:]
		}
		return true
	}
	return groups, split(d.operands, op.operands) && split(d.results, op.results)
}

// splitSegments splits vs by the sizes in op's property prop (operand or
// result segment sizes); nil when they are missing or do not add up.
func splitSegments(op *Operation, vs []*Value, prop string) [][]*Value {
	a, ok := op.Prop(prop).(*DenseArrayAttr)
	if !ok {
		return nil
	}
	sizes, ok := a.Int64s()
	if !ok {
		return nil
	}
	out := make([][]*Value, len(sizes))
	i := 0
	for k, n := range sizes {
		if n < 0 || i+int(n) > len(vs) {
			return nil
		}
		out[k] = vs[i : i+int(n)]
		i += int(n)
	}
	if i != len(vs) {
		return nil
	}
	return out
}

// segmentGroups splits op's operands and results by their segment sizes
// where d has them, and by the signature where not.
func (d *declOp) segmentGroups(op *Operation) (map[string][]*Value, bool) {
	groups := map[string][]*Value{}
	split := func(sig []declValue, vs []*Value, segmented bool, prop string) bool {
		var segs [][]*Value
		if segmented {
			segs = splitSegments(op, vs, prop)
		} else if sizes, ok := d.groupSizes(sig, len(vs)); ok {
			for _, n := range sizes {
				segs, vs = append(segs, vs[:n]), vs[n:]
			}
		}
		if len(segs) != len(sig) {
			return false
		}
		for i, v := range sig {
			if v.arity == '1' && len(segs[i]) != 1 || v.arity == '?' && len(segs[i]) > 1 || v.fixed != nil && !allOfType(segs[i], v.fixed) {
				return false
			}
			groups[v.name] = segs[i]
		}
		return true
	}
	return groups, split(d.operands, op.operands, d.segmented, "operandSegmentSizes") && split(d.results, op.results, d.resultSegmented, "resultSegmentSizes")
}

// derivedFits reports whether a group whose type the format derives has
// that type.
func (d *declOp) derivedFits(v declValue, groups map[string][]*Value) bool {
	of := v.same + v.element
	if of == "" {
		return true
	}
	if v.same != "" && d.value(of).arity == '*' {
		return sameTypes(groups[v.name], valueTypes(groups[of]))
	}
	if len(groups[of]) != 1 {
		return false
	}
	u := groups[of][0].typ
	if v.same != "" {
		return allOfType(groups[v.name], u)
	}
	if len(groups[v.name]) != 1 {
		return false
	}
	t := groups[v.name][0].typ
	if s, ok := u.(interface{ ElementType() Type }); ok {
		return TypesEqual(t, s.ElementType())
	}
	text, ok := dialectElementText(u)
	return ok && text == t.String()
}

// token writes the literal t with the blanks MLIR's generated printers
// put around it: none after an opening bracket, none before a closing one
// or a comma, and none before an opening one that follows a value or a
// keyword (`"f"(%a)`, `%v[%i]`).
func (dp *declPrint) token(t string) {
	blank := dp.space
	if len(t) == 1 {
		if dp.punct {
			blank = blank && !strings.Contains(">)}],", t)
		} else {
			blank = blank && !strings.Contains("<>(){}[],", t)
		}
	}
	if blank {
		dp.p.w(" ")
	}
	dp.p.w(t)
	dp.space = len(t) != 1 || !strings.Contains("<({[", t)
	dp.punct = !isBareWord(t)
}

// blank writes the blank the next element needs, if any; the element
// then needs one after it.
func (dp *declPrint) blank() {
	if dp.space {
		dp.p.w(" ")
	}
	dp.space, dp.punct = true, false
}

func (dp *declPrint) elems(d *declOp, elems []declElem) {
	for _, e := range elems {
		switch e.kind {
		case elemLiteral:
			switch e.name {
			case literalNewline:
				dp.p.newline()
				dp.space, dp.punct = false, false
			case literalBlank:
				dp.p.w(" ")
				dp.space, dp.punct = false, false
			case literalNone:
				dp.space = false
			default:
				dp.token(e.name)
			}
		case elemCustom:
			customDirectives[e.name].print(&customCall{dp: dp, d: d, args: e.group})
		case elemOperand:
			dp.values(dp.groups[e.name])
		case elemOperands:
			dp.values(dp.op.operands)
		case elemAttr:
			if a := dp.op.Prop(e.name); a != nil {
				dp.attr(d.attr(e.name).kind, a)
			}
		case elemType:
			if vs := dp.groups[e.name]; len(vs) > 0 {
				dp.blank()
				dp.p.valueTypes(vs)
			}
		case elemOperandTypes:
			if len(dp.op.operands) > 0 {
				dp.blank()
				dp.p.valueTypes(dp.op.operands)
			}
		case elemAttrDict:
			dp.p.attrDictKeywords(dp.op, d.dictKeywords, dp.elided()...)
		case elemAttrDictKeyword:
			dp.p.attrDictWithKeyword(dp.op, dp.elided()...)
		case elemPropDict:
			dp.propDict()
		case elemFunctionalType:
			dp.blank()
			inputs := dp.op.operands
			if e.name != "" {
				inputs = dp.groups[e.name]
			}
			dp.p.typ(&FunctionType{Inputs: valueTypes(inputs), Results: resultTypes(dp.op)})
		case elemRegion:
			dp.regions(dp.regionGroup(e.name))
		case elemRegions:
			dp.regions(dp.op.Regions)
		case elemGroup:
			if dp.present(e.group) {
				dp.elems(d, e.group)
			} else {
				dp.elems(d, e.alt)
			}
		case elemOIList:
			for _, clause := range e.group {
				if dp.clauseSet(clause.group) {
					dp.elems(d, clause.group)
				}
			}
		}
	}
}

// regionGroup returns the regions of the op's region group name: the
// last group, when variadic, takes those the others leave.
func (dp *declPrint) regionGroup(name string) []*Region {
	i := slices.Index(dp.d.regions, name)
	if dp.d.variadicRegion(name) {
		return dp.op.Regions[i:]
	}
	return dp.op.Regions[i : i+1]
}

// regions writes rs comma-separated, each leaving out a plain implied
// terminator, as MLIR prints it.
func (dp *declPrint) regions(rs []*Region) {
	for i, r := range rs {
		if i > 0 {
			dp.p.w(",")
		}
		dp.blank()
		var implied *Operation
		if dp.d.implied != nil {
			implied = dp.d.implied.trailing(r)
		}
		// The parser gives a region of no terminator its block back.
		dp.p.regionBut(r, !dp.d.noTerminator || !singleBlockWithoutArgs(r), implied)
	}
}

// elided are the attributes attr-dict leaves out: those the format
// writes, those at their default value, as MLIR's printers leave them
// out, and the properties where a prop-dict writes them.
func (dp *declPrint) elided() []string {
	elided := slices.Clip(dp.unwritten()) // appending must not write into d.written
	if dp.d.propDict && dp.op.Properties != nil {
		// prop-dict wrote the properties.
		for _, e := range dp.op.Properties.Entries {
			elided = append(elided, e.Name)
		}
	}
	return elided
}

// unwritten names the attributes that neither attr-dict nor prop-dict
// writes: those the format writes elsewhere, and those at their default.
func (dp *declPrint) unwritten() []string {
	elided := dp.d.written
	for _, a := range dp.d.attrs {
		if !a.inFormat && a.isDefault(dp.op.Prop(a.name)) {
			elided = append(slices.Clip(elided), a.name)
		}
	}
	return elided
}

// propDict writes ` <{props}>`, the properties that the rest of the
// format does not write, if there are any.
func (dp *declPrint) propDict() {
	if props := otherProps(dp.op, dp.unwritten()); len(props) > 0 {
		slices.SortStableFunc(props, func(a, b NamedAttr) int { return strings.Compare(a.Name, b.Name) })
		dp.blank()
		dp.p.w("<{")
		writeNamedAttrs(&dp.p.buf, props)
		dp.p.w("}>")
	}
}

func (dp *declPrint) values(vs []*Value) {
	if len(vs) > 0 {
		dp.blank()
		dp.p.values(vs)
	}
}

// present reports whether the anchor of an optional group is set.
func (dp *declPrint) present(group []declElem) bool {
	for _, e := range group {
		if e.anchor {
			return dp.set(e)
		}
	}
	return false
}

// clauseSet reports whether an oilist clause is written: whether one of
// the groups or attributes it names, a custom directive's included, is
// set.
func (dp *declPrint) clauseSet(clause []declElem) bool {
	for _, e := range clause {
		switch e.kind {
		case elemOperand, elemAttr:
			if dp.set(e) {
				return true
			}
		case elemCustom, elemGroup:
			if dp.clauseSet(e.group) {
				return true
			}
		}
	}
	return false
}

// set reports whether the group or attribute of e is: a non-empty
// group, an attribute that differs from the default the parser sets (or
// is there at all, where only the printer knows it), one of a custom
// directive's; a region with blocks, a variadic region group with
// regions.
func (dp *declPrint) set(e declElem) bool {
	switch e.kind {
	case elemCustom:
		return dp.clauseSet(e.group)
	case elemRegion:
		rs := dp.regionGroup(e.name)
		if dp.d.variadicRegion(e.name) {
			return len(rs) > 0
		}
		return len(rs[0].blocks) > 0
	case elemAttr:
		a := dp.op.Prop(e.name)
		if def := dp.d.attr(e.name); a != nil && def.def != "" && !def.unset {
			return !def.isDefault(a)
		}
		// An attribute whose default only the printer knows is written
		// whenever it is there: the parser would not set it again.
		return a != nil
	}
	return len(dp.groups[e.name]) > 0
}
