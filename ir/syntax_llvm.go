package ir

// The llvm dialect: the ops declared with an assembly format that
// programs around bufferization use, from one table (format.go
// interprets it).

func init() {
	for _, d := range llvmOps {
		register(d.name, d.syntax())
	}
}

// llvmOps are the llvm ops whose syntax is declarative.
var llvmOps = []*declOp{
	declare("llvm.mlir.poison", "-> res", "attr-dict `:` type($res)"),
	declare("llvm.mlir.undef", "-> res", "attr-dict `:` type($res)"),
	declare("llvm.mlir.zero", "-> res", "attr-dict `:` type($res)"),
}
