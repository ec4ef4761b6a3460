// attrs: strings with escapes (quotes, backslashes, \n, \t, hex escapes), typed strings, unicode.
func.func @strings() attributes {plain = "hello", quoted = "a\"b\\n", newline = "line1\nline2", tab = "a\tb"} {
  "test.op"() {hex = "\00\01\FF", empty = "", unicode = "h\C3\A9llo", typed = "abc" : i32, spaces = "  padded  "} : () -> ()
  "test.op"() {json = "{\"k\": [1, 2]}", path = "C:\\dir\\file"} : () -> ()
  return
}
