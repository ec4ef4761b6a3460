// builtin.module: an explicit, completely empty module.
module {
}
