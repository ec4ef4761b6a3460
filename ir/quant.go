package ir

import (
	"math"
	"strconv"
	"strings"
)

// canonicalQuant spells a `!quant.uniform<...>` type one way: MLIR reads
// `1.0:0` and `1.000000e+00` as the same scale and zero point, and a value
// declared with one spelling may be used with the other, so types compare
// equal only once their numbers are written alike. Scales become the
// shortest decimal that reads back into the same double, zero points of 0
// are dropped, and the blanks between per-axis entries go. Any other text,
// or a uniform type whose parameters do not read, is returned unchanged.
func canonicalQuant(text string) string {
	const prefix = "!quant.uniform<"
	if !strings.HasPrefix(text, prefix) || !strings.HasSuffix(text, ">") {
		return text
	}
	body := text[len(prefix) : len(text)-1]
	comma := strings.LastIndexByte(body, ',')
	if brace := strings.IndexByte(body, '{'); brace >= 0 {
		comma = strings.LastIndexByte(body[:brace], ',')
	}
	if comma < 0 {
		return text
	}
	types, params := body[:comma], strings.TrimSpace(body[comma+1:])
	var out string
	if inner, ok := strings.CutPrefix(params, "{"); ok {
		inner, ok = strings.CutSuffix(inner, "}")
		if !ok || strings.ContainsAny(inner, "{}") {
			return text // sub-channel blocks: left as written
		}
		entries := strings.Split(inner, ",")
		for i, e := range entries {
			if entries[i], ok = scaleZero(e); !ok {
				return text
			}
		}
		out = "{" + strings.Join(entries, ",") + "}"
	} else if s, ok := scaleZero(params); ok {
		out = s
	} else {
		return text
	}
	return prefix + types + ", " + out + ">"
}

// scaleZero canonicalizes `scale(:zero-point)?`.
func scaleZero(s string) (string, bool) {
	scale, zero, hasZero := strings.Cut(strings.TrimSpace(s), ":")
	scale = strings.TrimSpace(scale)
	if !isDecimalFloat(scale) {
		return "", false
	}
	v, err := strconv.ParseFloat(scale, 64)
	if err != nil || math.IsInf(v, 0) {
		return "", false
	}
	out := strconv.FormatFloat(v, 'e', -1, 64)
	if !strings.Contains(out, ".") {
		// MLIR's float literals need the point.
		e := strings.IndexByte(out, 'e')
		out = out[:e] + ".0" + out[e:]
	}
	if hasZero {
		z, err := strconv.ParseInt(strings.TrimSpace(zero), 10, 64)
		if err != nil {
			return "", false
		}
		if z != 0 {
			out += ":" + strconv.FormatInt(z, 10)
		}
	}
	return out, true
}

// isDecimalFloat reports whether s is `[-+]?digits(.digits*)?([eE][-+]?digits)?`,
// a literal MLIR and strconv read alike.
func isDecimalFloat(s string) bool {
	digits := func() bool {
		n := 0
		for n < len(s) && s[n] >= '0' && s[n] <= '9' {
			n++
		}
		s = s[n:]
		return n > 0
	}
	s = strings.TrimLeft(s, "+-")
	if !digits() {
		return false
	}
	if rest, ok := strings.CutPrefix(s, "."); ok {
		s = rest
		digits()
	}
	if len(s) > 0 && (s[0] == 'e' || s[0] == 'E') {
		s = strings.TrimLeft(s[1:], "+-")
		if !digits() {
			return false
		}
	}
	return s == ""
}
