package ir_test

import (
	"slices"
	"strings"
	"testing"

	"bufferlog/ir"
)

// TestTransformSyntax round-trips transform scripts through mlir-opt-22:
// sequences with and without operands and results, ops written without
// the dialect prefix inside them, the implied yields, named sequences,
// and the declared ops of the dialect and its extensions, every one in
// its custom form, and each op the package knows of in one case at
// least.
func TestTransformSyntax(t *testing.T) {
	cases := []roundTripCase{
		{name: "script", src: `transform.sequence failures(propagate) {
^bb0(%root: !transform.any_op, %v: !transform.any_value, %p: !transform.any_param):
  %0 = sequence %root : !transform.any_op -> !transform.any_op failures(suppress) {
  ^bb1(%a: !transform.any_op):
    yield %a : !transform.any_op
  }
  transform.sequence %root, %v, %p : (!transform.any_op, !transform.any_value, !transform.any_param) failures(propagate) attributes {tag} {
  ^bb1(%a: !transform.any_op, %b: !transform.any_value, %c: !transform.any_param):
  }
  %1:2 = transform.foreach %root, %v, %p : !transform.any_op, !transform.any_value, !transform.any_param -> !transform.any_param, !transform.any_value {
  ^bb1(%a: !transform.any_op, %b: !transform.any_value, %c: !transform.any_param):
    transform.yield %c, %b : !transform.any_param, !transform.any_value
  }
  transform.foreach %root : !transform.any_op {
  ^bb1(%a: !transform.any_op):
  }
  %2 = cast %0 : !transform.any_op to !transform.op<"builtin.module">
  transform.print %root {name = "test"} : !transform.any_op
  transform.print {assume_verified}
  %3 = transform.structured.match ops{["linalg.matmul", "linalg.fill"]} in %root : (!transform.any_op) -> !transform.any_op
  %4 = transform.structured.match attributes {tag} in %root : (!transform.any_op) -> !transform.any_op
  %5:4 = transform.structured.tile_using_for %3 tile_sizes [4, 4, [4]] : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op)
  %6 = transform.param.constant 4 : i64 -> !transform.any_param
  %7:3 = transform.structured.tile_using_for %4 tile_sizes [%6, 8] : (!transform.any_op, !transform.any_param) -> (!transform.any_op, !transform.any_op, !transform.any_op)
}
transform.with_pdl_patterns {
^bb0(%arg0: !transform.any_op):
  "pdl.pattern"() <{benefit = 1 : i16, sym_name = "some"}> ({
    %0 = "pdl.operation"() <{attributeValueNames = [], opName = "test.some_op", operandSegmentSizes = array<i32: 0, 0, 0>}> : () -> !pdl.operation
    "pdl.rewrite"(%0) <{name = "rewriter", operandSegmentSizes = array<i32: 1, 0>}> ({
    }) : (!pdl.operation) -> ()
  }) : () -> ()
  sequence %arg0 : !transform.any_op failures(propagate) {
  ^bb1(%arg1: !transform.any_op):
    %1 = transform.pdl_match @some in %arg1 : (!transform.any_op) -> !transform.any_op
  }
}`, printed: []string{
			"transform.sequence %root, %v, %p : (!transform.any_op, !transform.any_value, !transform.any_param) failures(propagate) attributes {tag} {",
			"transform.sequence %root : !transform.any_op -> !transform.any_op failures(suppress) {",
			"transform.foreach %root, %v, %p : !transform.any_op, !transform.any_value, !transform.any_param -> !transform.any_param, !transform.any_value {",
			"transform.structured.tile_using_for %3 tile_sizes [4, 4, [4]] :",
			"transform.structured.tile_using_for %4 tile_sizes [%6, 8] :",
			`transform.structured.match ops{["linalg.matmul", "linalg.fill"]} in %root`,
			"transform.print {assume_verified}",
		}},
		{name: "named_sequences", src: `module attributes {transform.with_named_sequence} {
  transform.named_sequence private @decl(%arg0: !transform.any_op {transform.readonly}) -> !transform.any_op
  transform.named_sequence @match_it(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["linalg.matmul", "linalg.fill"] : !transform.any_op
    transform.match.operation_empty %op : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @match2(%op: !transform.any_op {transform.readonly}, %p: !transform.any_param {transform.readonly}) -> (!transform.any_op, !transform.any_param) {
    transform.yield %op, %p : !transform.any_op, !transform.any_param
  }
  transform.named_sequence @match3(%op: !transform.any_op {transform.readonly}, %p: !transform.any_param {transform.readonly}) -> (!transform.any_op, !transform.any_param) {
    transform.yield %op, %p : !transform.any_op, !transform.any_param
  }
  transform.named_sequence @act(%op: !transform.any_op {transform.readonly}) {
    transform.annotate %op "annotated" : !transform.any_op
    transform.yield
  }
  transform.named_sequence @act2(%op: !transform.any_op {transform.readonly}, %p: !transform.any_param {transform.readonly}) -> (!transform.any_op, !transform.any_param) {
    transform.annotate %op "annotated" = %p : !transform.any_op, !transform.any_param
    transform.yield %op, %p : !transform.any_op, !transform.any_param
  }
  transform.named_sequence @act3(%op: !transform.any_op {transform.readonly}, %p: !transform.any_param {transform.readonly}) -> !transform.any_param {
    transform.yield %p : !transform.any_param
  }
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) attributes {tag = 1 : i64} {
    %0 = transform.structured.match ops{["linalg.matmul"]} in %root : (!transform.any_op) -> !transform.any_op
    %1 = transform.get_parent_op %0 : (!transform.any_op) -> !transform.any_op
    %2 = transform.get_parent_op %0 {isolated_from_above, nth_parent = 2 : i64, op_name = "func.func", deduplicate, allow_empty_results} : (!transform.any_op) -> !transform.any_op
    %3 = transform.get_producer_of_operand %0[0] : (!transform.any_op) -> !transform.any_op
    %4 = transform.get_consumers_of_result %0[1] : (!transform.any_op) -> !transform.any_op
    %5 = transform.get_result %0[0] : (!transform.any_op) -> !transform.any_value
    %6 = transform.get_result %0[all] : (!transform.any_op) -> !transform.any_value
    %7 = transform.get_operand %0[except(0, -1)] : (!transform.any_op) -> !transform.any_value
    %8 = transform.get_operand %0[1, 2] : (!transform.any_op) -> !transform.any_value
    %9 = transform.get_defining_op %5 : (!transform.any_value) -> !transform.any_op
    %10 = transform.get_type elemental %5 : (!transform.any_value) -> !transform.any_param
    %11 = transform.get_type %8 : (!transform.any_value) -> !transform.any_param
    %12 = transform.merge_handles %1, %2 : !transform.any_op
    %13 = transform.merge_handles deduplicate %3, %4, %9 {tag} : !transform.any_op
    %14:2 = transform.split_handle %12 : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %15:3 = transform.split_handle %13 {fail_on_payload_too_small = false, overflow_result = 2 : i64, pass_through_empty_handle = false} : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %16 = transform.collect_matching @match_it in %root : (!transform.any_op) -> !transform.any_op
    %17 = transform.foreach_match in %16
        @match_it -> @act : (!transform.any_op) -> !transform.any_op
    %p = transform.param.constant 4 : i64 -> !transform.any_param
    %18:2 = transform.foreach_match restrict_root flatten_results in %17, %p
        @match2 -> @act3, @match3 -> @act3 : (!transform.any_op, !transform.any_param) -> (!transform.any_op, !transform.any_param)
    %19 = transform.select "linalg.matmul" in %18#0 : (!transform.any_op) -> !transform.any_op
    %20 = transform.num_associations %19 : (!transform.any_op) -> !transform.param<i64>
    transform.match.param.cmpi ge %20, %20 : !transform.param<i64>
    transform.match.param.cmpi "ne" %20, %20 : !transform.param<i64>
    %21:2 = transform.include @act2 failures(propagate) (%19, %p) : (!transform.any_op, !transform.any_param) -> (!transform.any_op, !transform.any_param)
    transform.include @act failures(suppress) (%21#0) {tag} : (!transform.any_op) -> ()
    %dec = transform.include @decl failures(propagate) (%root) : (!transform.any_op) -> !transform.any_op
    %22 = transform.cast %21#0 : !transform.any_op to !transform.op<"linalg.matmul">
    %23:2 = transform.replicate num(%22) %p, %21#1 : !transform.op<"linalg.matmul">, !transform.any_param, !transform.any_param
    transform.debug.emit_remark_at %22, "remark" : !transform.op<"linalg.matmul">
    transform.debug.emit_param_as_remark %p : !transform.any_param
    transform.debug.emit_param_as_remark %p, "message" at %22 : !transform.any_param, !transform.op<"linalg.matmul">
    transform.print %22 {name = "x"} : !transform.op<"linalg.matmul">
    transform.verify %22 : !transform.op<"linalg.matmul">
    transform.apply_cse to %1 : !transform.any_op
    transform.apply_dce to %1 : !transform.any_op
    transform.apply_licm to %1 : !transform.any_op
    transform.loop.hoist_loop_invariant_subsets %1 : !transform.any_op
    transform.apply_patterns to %1 {
      transform.apply_patterns.canonicalization
    } : !transform.any_op
    transform.apply_patterns to %1 {
    } {apply_cse, max_iterations = 3 : i64} : !transform.any_op
    transform.apply_conversion_patterns to %1 {
      transform.apply_conversion_patterns.dialect_to_llvm "memref"
    } with type_converter {
      transform.apply_conversion_patterns.memref.memref_to_llvm_type_converter {index_bitwidth = 32 : i64}
    } {legal_dialects = ["llvm"], partial_conversion} : !transform.any_op
    transform.apply_conversion_patterns to %1 {
      transform.apply_conversion_patterns.scf.scf_to_control_flow
    } : !transform.any_op
    %24 = transform.alternatives %1 : !transform.any_op -> !transform.any_op {
    ^bb0(%a: !transform.any_op):
      transform.yield %a : !transform.any_op
    }, {
    ^bb0(%a: !transform.any_op):
      %x = transform.get_parent_op %a : (!transform.any_op) -> !transform.any_op
      transform.yield %x : !transform.any_op
    }
    transform.alternatives %24 : !transform.any_op {
    ^bb0(%a: !transform.any_op):
    }
    transform.foreach %15#0, %15#1 with_zip_shortest : !transform.any_op, !transform.any_op {
    ^bb0(%a: !transform.any_op, %b: !transform.any_op):
    }
    %25 = transform.foreach %15#2 : !transform.any_op -> !transform.any_op {
    ^bb0(%a: !transform.any_op):
      transform.yield %a : !transform.any_op
    }
    transform.yield
  }
}`, printed: []string{
			"transform.named_sequence private @decl(!transform.any_op {transform.readonly}) -> !transform.any_op\n",
			"transform.named_sequence @act2(%op: !transform.any_op {transform.readonly}, %p: !transform.any_param {transform.readonly}) -> (!transform.any_op, !transform.any_param) {",
			"transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) attributes {tag = 1 : i64} {",
			"transform.match.operation_name %op [\"linalg.matmul\", \"linalg.fill\"] : !transform.any_op",
			"transform.annotate %op \"annotated\" = %p : !transform.any_op, !transform.any_param",
			"transform.get_parent_op %0 {allow_empty_results, deduplicate, isolated_from_above, nth_parent = 2 : i64, op_name = \"func.func\"} : (!transform.any_op) -> !transform.any_op",
			"transform.get_producer_of_operand %0[0] :",
			"transform.get_consumers_of_result %0[1] :",
			"transform.get_result %0[all] :",
			"transform.get_operand %0[except(0, -1)] :",
			"transform.get_operand %0[1, 2] :",
			"transform.get_type elemental %5 :",
			"transform.merge_handles deduplicate %3, %4, %9 {tag} : !transform.any_op",
			"transform.split_handle %13 {fail_on_payload_too_small = false, overflow_result = 2 : i64, pass_through_empty_handle = false} :",
			"transform.collect_matching @match_it in %root :",
			"transform.foreach_match in %16\n        @match_it -> @act : (!transform.any_op) -> !transform.any_op",
			"transform.foreach_match restrict_root flatten_results in %17, %p\n        @match2 -> @act3,\n        @match3 -> @act3 :",
			"transform.select \"linalg.matmul\" in %18#0 :",
			"transform.match.param.cmpi ne %20, %20 : !transform.param<i64>",
			"transform.include @act2 failures(propagate) (%19, %p) :",
			"transform.replicate num(%22) %p, %21#1 : !transform.op<\"linalg.matmul\">, !transform.any_param, !transform.any_param",
			"transform.debug.emit_param_as_remark %p, \"message\" at %22 :",
			"transform.apply_cse to %1 : !transform.any_op",
			"transform.loop.hoist_loop_invariant_subsets %1 : !transform.any_op",
			"} {apply_cse, max_iterations = 3 : i64} : !transform.any_op",
			"} with type_converter {\n      transform.apply_conversion_patterns.memref.memref_to_llvm_type_converter {index_bitwidth = 32 : i64}\n    } {legal_dialects = [\"llvm\"], partial_conversion} : !transform.any_op",
			"transform.alternatives %1 : !transform.any_op -> !transform.any_op {",
			"    }, {\n",
			"transform.foreach %15#0, %15#1 with_zip_shortest : !transform.any_op, !transform.any_op {",
		}},
		{name: "structured", src: `module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.consumed}) {
    %m = transform.structured.match ops{["linalg.matmul"]} in %root : (!transform.any_op) -> !transform.any_op
    %m1 = transform.structured.match interface{LinalgOp} attributes {tag} filter_result_type = f32 filter_operand_types = [f32, f32] in %root : (!transform.any_op) -> !transform.any_op
    %p = transform.param.constant 4 : i64 -> !transform.param<i64>
    %t1, %l1:3 = transform.structured.tile_using_for %m tile_sizes [4, %p, 0, [8]] interchange = [1, 0, 2, 3] : (!transform.any_op, !transform.param<i64>) -> (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op)
    %t2, %f2 = transform.structured.tile_using_forall %t1 tile_sizes [4, %p] (mapping = [#gpu.block<x>, #gpu.block<y>]) : (!transform.any_op, !transform.param<i64>) -> (!transform.any_op, !transform.any_op)
    %t3, %f3 = transform.structured.tile_using_forall %t2 num_threads *(%p) : (!transform.any_op, !transform.param<i64>) -> (!transform.any_op, !transform.any_op)
    %t4, %f4 = transform.structured.tile_using_forall %t3 num_threads [2, 4] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %fill, %split, %comb, %for = transform.structured.tile_reduction_using_for %t4 by tile_sizes = [0, 4] : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op)
    %fill2, %split2, %comb2, %forall2 = transform.structured.tile_reduction_using_forall %split reduction_dims = [1] by num_threads = [0, 4] tile_sizes = [0, 2] mapping = [#gpu.thread<x>] : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op)
    transform.structured.vectorize %split2 vector_sizes [4, [8], %p] {vectorize_nd_extract} : !transform.any_op, !transform.param<i64>
    transform.structured.vectorize %comb2 : !transform.any_op
    transform.structured.vectorize %comb2 vector_sizes [] : !transform.any_op
    %v = transform.structured.vectorize_children_and_apply_patterns %root {vectorize_padding, disable_transfer_permutation_map_lowering_patterns} : (!transform.any_op) -> !transform.any_op
    %fu, %fl:2 = transform.structured.fuse %m1 tile_sizes [4, %p] interchange [1, 0] {apply_cleanup} : (!transform.any_op, !transform.param<i64>) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %fused, %cont = transform.structured.fuse_into_containing_op %fu into %fl#0 : (!transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.any_op)
    %padded, %pad, %copy = transform.structured.pad %fused pad_to_multiple_of [2, %p] use_prescribed_tensor_shapes {padding_dimensions = [0, 1], padding_values = [0.0 : f32, 0.0 : f32], copy_back_op = "none"} : (!transform.any_op, !transform.param<i64>) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %padded2, %pad2 = transform.structured.pad_tiling_interface %padded to padding_sizes [8, 0] pad_to_multiple_of {padding_values = [0.0 : f32]} : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %h = transform.structured.hoist_redundant_vector_transfers %pad {verify_non_zero_trip} : (!transform.any_op) -> !transform.any_op
    %hb = transform.structured.hoist_redundant_vector_broadcasts %h : (!transform.any_op) -> !transform.any_op
    %hp = transform.structured.hoist_pad %pad2 by 1 loops, transpose by [1, 0] : (!transform.any_op) -> !transform.any_op
    %hl = transform.structured.hoist_pad.build_packing_loop_nest %copy above %cont : (!transform.any_op, !transform.any_op) -> !transform.any_op
    %g = transform.structured.generalize %hp : (!transform.any_op) -> !transform.any_op
    %s = transform.structured.specialize %g : (!transform.any_op) -> !transform.any_op
    %i = transform.structured.interchange %s iterator_interchange = [1, 0] : (!transform.any_op) -> !transform.any_op
    %i2 = transform.structured.interchange %i : (!transform.any_op) -> !transform.any_op
    %d = transform.structured.decompose %i2 : (!transform.any_op) -> !transform.any_op
    %di = transform.structured.decompose_interface %d : (!transform.any_op) -> !transform.any_op
    %sc = transform.structured.scalarize %di : (!transform.any_op) -> !transform.any_op
    %rw = transform.structured.rewrite_in_destination_passing_style %sc : (!transform.any_op) -> !transform.any_op
    %img, %tr = transform.structured.convert_conv2d_to_img2col %rw : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %tc = transform.structured.transpose_conv2d %tr : (!transform.any_op) -> !transform.any_op
    %tm = transform.structured.transpose_matmul %tc <rhs> : (!transform.any_op) -> !transform.any_op
    %tm2 = transform.structured.transpose_matmul %tm : (!transform.any_op) -> !transform.any_op
    %fe = transform.structured.flatten_elementwise %tm2 : (!transform.any_op) -> !transform.any_op
    %w = transform.structured.winograd_conv2d %fe {fmr = 1 : i32} : (!transform.any_op) -> !transform.any_op
    %wd = transform.structured.decompose_winograd_op %w : (!transform.any_op) -> !transform.any_op
    %lp = transform.structured.convert_to_loops %wd : (!transform.any_op) -> !transform.any_op
    %cp = transform.structured.insert_slice_to_copy %lp : (!transform.any_op) -> !transform.any_op
    %cm = transform.structured.linalg_copy_to_memref %cp : (!transform.any_op) -> !transform.any_op
    %pk = transform.structured.pack %cm packed_sizes = [2, %cp, 0] : (!transform.any_op, !transform.any_op) -> !transform.any_op
    %pg = transform.structured.pack_greedily %pk matmul_packed_sizes = [8, 0, %cm] matmul_padded_sizes_next_multiple_of = [0, 2, 0] matmul_inner_dims_order = [1, 2, 0] : (!transform.any_op, !transform.any_op) -> !transform.any_op
    %pt1 = transform.structured.match ops{["linalg.pack"]} in %root : (!transform.any_op) -> !transform.any_op
    %pt:3 = transform.structured.pack_transpose %pt1 with_compute_op(%pg) outer_perm = [1, 0] inner_perm = [1, 0] : (!transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %pm = transform.structured.match ops{["linalg.pack"]} in %root : (!transform.any_op) -> !transform.op<"linalg.pack">
    %pad3, %exp, %tra = transform.structured.lower_pack %pm {lowerPadLikeWithInsertSlice = false} : (!transform.op<"linalg.pack">) -> (!transform.op<"tensor.pad">, !transform.op<"tensor.expand_shape">, !transform.op<"linalg.transpose">)
    %um = transform.structured.match ops{["linalg.unpack"]} in %root : (!transform.any_op) -> !transform.op<"linalg.unpack">
    %e, %tr2, %col, %ext = transform.structured.lower_unpack %um : (!transform.op<"linalg.unpack">) -> (!transform.op<"tensor.empty">, !transform.op<"linalg.transpose">, !transform.op<"tensor.collapse_shape">, !transform.op<"tensor.extract_slice">)
    %pr = transform.structured.promote %pt#0 {operands_to_promote = [0], use_full_tile_buffers = [false], use_alloca} : (!transform.any_op) -> !transform.any_op
    %v1 = transform.get_result %pr[0] : (!transform.any_op) -> !transform.any_value
    %v2 = transform.structured.promote_tensor to 1 %v1 : !transform.any_value
    %buf, %new = transform.structured.bufferize_to_allocation %pt#1 {memory_space = 4, emit_dealloc} : !transform.any_op
    %ms:3 = transform.structured.multitile_sizes %pt#2 {dimension = 0, target_size = 3, divisor = 2} : (!transform.any_op) -> !transform.param<i64>
    %cs:2 = transform.structured.continuous_tile_sizes %pr {dimension = 0, target_size = 9} : (!transform.any_op) -> !transform.param<i64>
    %sp = transform.structured.split %fill after 42 {dimension = 0} : !transform.any_op
    %sp2 = transform.structured.split %fill2 after %p {dimension = 1, multiway} : !transform.any_op, !transform.param<i64>
    %sr:4 = transform.structured.split_reduction %comb {split_factor = 4, insert_split_dimension = 2, inner_parallel} : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op)
    %mc:2 = transform.structured.gpu.map_copy_to_threads %for total_num_threads = 32 desired_bit_alignment = 128 : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.structured.eliminate_empty_tensors %forall2 : !transform.any_op
    %rep = transform.structured.replace %mc#1 {
      "test.payload"() : () -> ()
    } : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}`, printed: []string{
			"transform.structured.match interface{LinalgOp} attributes {tag} filter_result_type = f32 filter_operand_types = [f32, f32] in %root",
			"transform.structured.tile_using_for %m tile_sizes [4, %p, 0, [8]] interchange = [1, 0, 2, 3] :",
			"transform.structured.tile_using_forall %t1 tile_sizes [4, %p](mapping = [#gpu.block<x>, #gpu.block<y>]) :",
			"transform.structured.tile_using_forall %t2 num_threads *(%p) :",
			"transform.structured.tile_reduction_using_for %t4 by tile_sizes = [0, 4] :",
			"transform.structured.tile_reduction_using_forall %split reduction_dims = [1] by num_threads = [0, 4] tile_sizes = [0, 2] mapping = [#gpu.thread<x>] :",
			"transform.structured.vectorize %split2 vector_sizes [4, [8], %p] {vectorize_nd_extract} : !transform.any_op, !transform.param<i64>",
			"transform.structured.vectorize %comb2 : !transform.any_op\n",
			// The empty lists are properties its parser sets: written out,
			// they read back (MLIR's printer leaves them out).
			"transform.structured.vectorize %comb2 vector_sizes [] : !transform.any_op",
			"transform.structured.fuse %m1 tile_sizes [4, %p] interchange [1, 0] {apply_cleanup} :",
			"transform.structured.fuse_into_containing_op %fu into %fl :",
			"transform.structured.pad %fused pad_to_multiple_of [2, %p] use_prescribed_tensor_shapes {copy_back_op = \"none\", padding_dimensions = [0, 1], padding_values = [0.0 : f32, 0.0 : f32]} :",
			"transform.structured.pad_tiling_interface %padded to padding_sizes [8, 0] pad_to_multiple_of {padding_values = [0.0 : f32]} :",
			"transform.structured.hoist_pad %pad2 by 1 loops, transpose by [1, 0] :",
			"transform.structured.hoist_pad.build_packing_loop_nest %copy above %cont :",
			"transform.structured.generalize %hp : (!transform.any_op) -> !transform.any_op",
			"transform.structured.interchange %s iterator_interchange = [1, 0] : (!transform.any_op) -> !transform.any_op",
			"transform.structured.transpose_matmul %tc<rhs> :",
			"transform.structured.pack %cm packed_sizes = [2, %cp, 0] :",
			"transform.structured.pack_greedily %pk matmul_packed_sizes = [8, 0, %cm] matmul_padded_sizes_next_multiple_of = [0, 2, 0] matmul_inner_dims_order = [1, 2, 0] :",
			"transform.structured.pack_transpose %pt1 with_compute_op(%pg) outer_perm = [1, 0] inner_perm = [1, 0] :",
			"transform.structured.lower_pack %pm {lowerPadLikeWithInsertSlice = false} :",
			"transform.structured.promote_tensor to 1 %v1 : !transform.any_value",
			"transform.structured.bufferize_to_allocation %pt#1 {emit_dealloc, memory_space = 4} : !transform.any_op",
			"transform.structured.multitile_sizes %pt#2 {dimension = 0, divisor = 2, target_size = 3} : (!transform.any_op) -> !transform.param<i64>",
			"transform.structured.continuous_tile_sizes %pr {dimension = 0, target_size = 9} : (!transform.any_op) -> !transform.param<i64>",
			"transform.structured.split %fill after 42 {dimension = 0} : !transform.any_op",
			"transform.structured.split %fill2 after %p {dimension = 1, multiway} : !transform.any_op, !transform.param<i64>",
			"transform.structured.gpu.map_copy_to_threads %for total_num_threads = 32 desired_bit_alignment = 128 :",
			"transform.structured.replace %mc#1 {\n      \"test.payload\"() : () -> ()\n    } : (!transform.any_op) -> !transform.any_op",
		}},
		{name: "patterns", src: `module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    transform.apply_patterns to %root {
      transform.apply_patterns.arm_neon.vector_contract_to_bfmmla
      transform.apply_patterns.arm_neon.vector_contract_to_i8mm
      transform.apply_patterns.arm_sve.vector_contract_to_bfmmla
      transform.apply_patterns.arm_sve.vector_contract_to_i8mm
      transform.apply_patterns.canonicalization
      transform.apply_patterns.gpu.eliminate_barriers
      transform.apply_patterns.gpu.gpu_rewrite_patterns
      transform.apply_patterns.linalg.decompose_pack_unpack
      transform.apply_patterns.linalg.decompose_pad
      transform.apply_patterns.linalg.erase_unnecessary_inputs
      transform.apply_patterns.linalg.fold_add_into_dest
      transform.apply_patterns.linalg.fold_unit_extent_dims_via_reshapes
      transform.apply_patterns.linalg.fold_unit_extent_dims_via_slices
      transform.apply_patterns.linalg.pad_vectorization
      transform.apply_patterns.linalg.tiling_canonicalization
      transform.apply_patterns.memref.expand_ops
      transform.apply_patterns.memref.expand_strided_metadata
      transform.apply_patterns.memref.extract_address_computations
      transform.apply_patterns.memref.fold_memref_alias_ops
      transform.apply_patterns.memref.resolve_ranked_shaped_type_result_dims
      transform.apply_patterns.scf.for_loop_canonicalization
      transform.apply_patterns.tensor.bubble_up_extract_slice
      transform.apply_patterns.tensor.decompose_concat
      transform.apply_patterns.tensor.drop_redundant_insert_slice_rank_expansion
      transform.apply_patterns.tensor.fold_into_pack_and_unpack
      transform.apply_patterns.tensor.fold_tensor_subset_ops
      transform.apply_patterns.tensor.fold_tensor_subset_ops_into_vector_transfers
      transform.apply_patterns.tensor.merge_consecutive_insert_extract_slice
      transform.apply_patterns.tensor.reassociative_reshape_folding
      transform.apply_patterns.vector.cast_away_vector_leading_one_dim
      transform.apply_patterns.vector.drop_inner_most_unit_dims_from_xfer_ops
      transform.apply_patterns.vector.drop_unit_dims_with_shape_cast
      transform.apply_patterns.vector.elementwise_to_vector
      transform.apply_patterns.vector.fold_arith_extension
      transform.apply_patterns.vector.interleave_to_shuffle
      transform.apply_patterns.vector.lower_bitcast
      transform.apply_patterns.vector.lower_broadcast
      transform.apply_patterns.vector.lower_create_mask
      transform.apply_patterns.vector.lower_gather
      transform.apply_patterns.vector.lower_interleave
      transform.apply_patterns.vector.lower_masked_transfers
      transform.apply_patterns.vector.lower_masks
      transform.apply_patterns.vector.lower_outerproduct
      transform.apply_patterns.vector.lower_scan
      transform.apply_patterns.vector.lower_shape_cast
      transform.apply_patterns.vector.materialize_masks
      transform.apply_patterns.vector.rank_reducing_subview_patterns
      transform.apply_patterns.vector.reduction_to_contract
      transform.apply_patterns.vector.rewrite_narrow_types
      transform.apply_patterns.vector.sink_mem_ops
      transform.apply_patterns.vector.sink_ops
      transform.apply_patterns.vector.transfer_permutation_patterns
      transform.apply_patterns.vector.unroll_from_elements
      transform.apply_patterns.vector.unroll_to_elements
      transform.apply_patterns.x86vector.sink_vector_producer_ops
      transform.apply_patterns.x86vector.vector_contract_bf16_to_fma
      transform.apply_patterns.x86vector.vector_contract_to_fma
      transform.apply_patterns.x86vector.vector_contract_to_packed_type_dot_product
      transform.apply_patterns.gpu.gpu_shuffle_to_amdgpu chipset = "gfx942"
      transform.apply_patterns.gpu.unroll_vectors_subgroup_mma [16, 16, 8]
      transform.apply_patterns.linalg.fold_pack_unpack_into_empty {fold_single_use_only = true}
      transform.apply_patterns.memref.alloc_to_alloca size_limit(32)
      transform.apply_patterns.tensor.fold_tensor_empty {fold_single_use_only = true}
      transform.apply_patterns.tensor.rewrite_as_constant aggressive
      transform.apply_patterns.vector.lower_contraction lowering_strategy = dot
      transform.apply_patterns.vector.lower_multi_reduction lowering_strategy = innerreduction
      transform.apply_patterns.vector.lower_transfer max_transfer_rank = 2
      transform.apply_patterns.vector.lower_transpose lowering_strategy = shuffle_16x16 avx2_lowering_strategy = true
      transform.apply_patterns.vector.lower_transpose avx2_lowering_strategy = true
      transform.apply_patterns.vector.split_transfer_full_partial split_transfer_strategy = "vector-transfer"
      transform.apply_patterns.vector.split_transfer_full_partial split_transfer_strategy = none
      transform.apply_patterns.vector.transfer_to_scf full_unroll = true max_transfer_rank = 3
    } : !transform.any_op
    %f1 = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    transform.apply_conversion_patterns to %f1 {
      transform.apply_conversion_patterns.func.func_to_llvm
      transform.apply_conversion_patterns.gpu.gpu_subgroup_reduce_to_nvvm
      transform.apply_conversion_patterns.gpu.gpu_wmma_to_nvvm
      transform.apply_conversion_patterns.nvgpu.nvgpu_to_nvvm
      transform.apply_conversion_patterns.gpu.gpu_to_nvvm {benefit = 2 : i16}
      transform.apply_conversion_patterns.gpu.gpu_to_rocdl chipset = "gfx90a"
      transform.apply_conversion_patterns.vector.vector_to_llvm {force_32bit_vector_indices = false}
    } with type_converter {
      transform.apply_conversion_patterns.memref.memref_to_llvm_type_converter
    } {partial_conversion} : !transform.any_op
    %f2 = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    transform.apply_conversion_patterns to %f2 {
      transform.apply_conversion_patterns.scf.scf_to_control_flow
      transform.apply_conversion_patterns.scf.structural_conversions
    } with type_converter {
      transform.type_conversion.tensor.cast_shape_dynamic_dims ignore_dynamic_info
    } {partial_conversion} : !transform.any_op
    transform.yield
  }
}`, printed: []string{
			"transform.apply_patterns.vector.cast_away_vector_leading_one_dim\n",
			"transform.apply_patterns.gpu.gpu_shuffle_to_amdgpu chipset = \"gfx942\"",
			"transform.apply_patterns.gpu.unroll_vectors_subgroup_mma[16, 16, 8]",
			"transform.apply_patterns.memref.alloc_to_alloca size_limit(32)",
			"transform.apply_patterns.tensor.rewrite_as_constant aggressive",
			"transform.apply_patterns.vector.lower_contraction lowering_strategy = dot",
			"transform.apply_patterns.vector.lower_transfer max_transfer_rank = 2",
			"transform.apply_patterns.vector.lower_transpose lowering_strategy = shuffle_16x16 avx2_lowering_strategy = true",
			"transform.apply_patterns.vector.lower_transpose avx2_lowering_strategy = true\n",
			"transform.apply_patterns.vector.split_transfer_full_partial split_transfer_strategy = \"vector-transfer\"",
			"transform.apply_patterns.vector.split_transfer_full_partial split_transfer_strategy = none",
			"transform.apply_patterns.vector.transfer_to_scf max_transfer_rank = 3 full_unroll = true",
			"transform.apply_conversion_patterns.gpu.gpu_to_rocdl chipset = \"gfx90a\"",
			"transform.type_conversion.tensor.cast_shape_dynamic_dims ignore_dynamic_info",
		}},
		{name: "extensions", src: `module attributes {transform.with_named_sequence} {
  transform.named_sequence @match_structured(%op: !transform.any_op {transform.readonly}) -> (!transform.any_op, !transform.param<i64>) {
    %r:2 = transform.match.structured failures(suppress) %op : (!transform.any_op) -> (!transform.any_op, !transform.param<i64>) {
    ^bb0(%s: !transform.any_op):
      transform.match.structured.body %s {reduction_position = 0 : i64} : !transform.any_op
      transform.match.structured.body %s {elementwise} : !transform.any_op
      transform.match.structured.body %s {contraction = ["arith.mulf", "arith.addf"]} : !transform.any_op
      %rank = transform.match.structured.rank %s : (!transform.any_op) -> !transform.param<i64>
      %dims = transform.match.structured.dim %s[all] : (!transform.any_op) -> !transform.param<i64>
      transform.match.structured.dim %s[except(-1)] {parallel} : !transform.any_op
      transform.match.structured.dim %s[-1] {reduction} : !transform.any_op
      %in = transform.match.structured.input %s[0] {permutation} : (!transform.any_op) -> !transform.any_value
      transform.match.structured.init %s[all] {projected_permutation} : !transform.any_op
      %ni = transform.match.structured.num_inits %s : (!transform.any_op) -> !transform.param<i64>
      %nin = transform.match.structured.num_inputs %s : (!transform.any_op) -> !transform.param<i64>
      %bw = transform.match.structured.elemental_bitwidth %in : (!transform.any_value) -> !transform.param<i64>
      %res = transform.match.structured.result %s[0] single : (!transform.any_op) -> !transform.any_op
      %res2 = transform.match.structured.result %s[0] : (!transform.any_op) -> !transform.any_value
      %res3 = transform.match.structured.result %s[1] any : (!transform.any_op) -> !transform.any_op
      %c:4 = transform.match.structured.classify_contraction_dims %s : (!transform.any_op) -> (!transform.param<i64>, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>)
      %v:8 = transform.match.structured.classify_convolution_dims %s : (!transform.any_op) -> (!transform.param<i64>, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>)
      transform.match.structured.yield %s, %rank : !transform.any_op, !transform.param<i64>
    }
    transform.match.structured %op : !transform.any_op {
    ^bb0(%s: !transform.any_op):
    }
    %one = transform.match.structured %op : (!transform.any_op) -> !transform.any_op {
    ^bb0(%s: !transform.any_op):
      transform.match.structured.yield %s : !transform.any_op
    }
    %sp = transform.sparse_tensor.match.sparse_inout %op : (!transform.any_op) -> !transform.any_op
    transform.yield %r#0, %r#1 : !transform.any_op, !transform.param<i64>
  }
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.consumed}) {
    %f = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    %b = transform.bufferization.one_shot_bufferize %root : (!transform.any_op) -> !transform.any_op
    %b2 = transform.bufferization.one_shot_bufferize layout{IdentityLayoutMap} %b {bufferize_function_boundaries = true, memcpy_op = "linalg.copy"} : (!transform.any_op) -> !transform.any_op
    transform.bufferization.eliminate_empty_tensors %b2 : !transform.any_op
    transform.bufferization.buffer_loop_hoisting %f : !transform.any_op
    %e = transform.structured.match ops{["tensor.empty"]} in %b2 : (!transform.any_op) -> !transform.op<"tensor.empty">
    %a = transform.bufferization.empty_tensor_to_alloc_tensor %e : (!transform.op<"tensor.empty">) -> !transform.op<"bufferization.alloc_tensor">
    %fs = transform.structured.match ops{["scf.for"]} in %b2 : (!transform.any_op) -> !transform.any_op
    transform.affine.simplify_bounded_affine_ops %fs with [%f : !transform.any_op] within [0] and [8] : !transform.any_op
    transform.affine.simplify_bounded_affine_ops %fs with [] within [] and [] : !transform.any_op
    transform.affine.simplify_min_max_affine_ops %fs : !transform.any_op
    %q = transform.dlti.query ["test.id", "test.x"] at %f : (!transform.any_op) -> !transform.any_param
    %m:2 = transform.func.deduplicate_func_args @foo at %b2 : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %m2:2 = transform.func.replace_func_signature @foo args_interchange = [1, 0] results_interchange = [0] at %m#0 {adjust_func_calls} : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %g = transform.gpu.map_forall_to_blocks %m2#1 generate_gpu_launch grid_dims = [4, 2, 1] : (!transform.any_op) -> !transform.any_op
    %g2 = transform.gpu.map_forall_to_blocks %g : (!transform.any_op) -> !transform.any_op
    %g3 = transform.gpu.map_nested_forall_to_threads %g2 block_dims = [32, 4, 1] sync_after_distribute = false warp_size = 64 : (!transform.any_op) -> !transform.any_op
    %g4 = transform.gpu.map_nested_forall_to_threads %g3 block_dims = [] : (!transform.any_op) -> !transform.any_op
    %l1 = transform.structured.match ops{["scf.for"]} in %g4 : (!transform.any_op) -> !transform.op<"scf.for">
    %l2 = transform.structured.match ops{["scf.for"]} in %g4 : (!transform.any_op) -> !transform.op<"scf.for">
    %l3 = transform.structured.match ops{["scf.forall"]} in %g4 : (!transform.any_op) -> !transform.any_op
    %l4 = transform.structured.match ops{["scf.forall"]} in %g4 : (!transform.any_op) -> !transform.any_op
    %l5 = transform.structured.match ops{["scf.parallel"]} in %g4 : (!transform.any_op) -> !transform.any_op
    %c = transform.loop.coalesce %l1 : (!transform.op<"scf.for">) -> !transform.op<"scf.for">
    %ff:2 = transform.loop.forall_to_for %l3 : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %fp = transform.loop.forall_to_parallel %l4 : (!transform.any_op) -> !transform.any_op
    %fu = transform.loop.fuse_sibling %ff#0 into %ff#1 : (!transform.any_op, !transform.any_op) -> !transform.any_op
    %o:2 = transform.loop.outline %fu {func_name = "outlined"} : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %n = transform.loop.parallel_for_to_nested_fors %l5 : (!transform.any_op) -> !transform.any_op
    %pe:2 = transform.loop.peel %c {peel_front = true} : (!transform.op<"scf.for">) -> (!transform.any_op, !transform.any_op)
    %pp = transform.loop.pipeline %l2 {iteration_interval = 2 : i64} : (!transform.op<"scf.for">) -> !transform.any_op
    transform.loop.promote_if_one_iteration %pp : !transform.any_op
    transform.loop.unroll %pe#0 {factor = 4 : i64} : !transform.any_op
    transform.loop.unroll_and_jam %pe#1 {factor = 2 : i64} : !transform.any_op
    %al = transform.structured.match ops{["memref.alloca"]} in %g4 : (!transform.any_op) -> !transform.op<"memref.alloca">
    %gl:2 = transform.memref.alloca_to_global %al : (!transform.op<"memref.alloca">) -> (!transform.any_op, !transform.any_op)
    transform.memref.erase_dead_alloc_and_stores %gl#0 : (!transform.any_op) -> ()
    %ml = transform.memref.make_loop_independent %gl#1 {num_loops = 1 : i64} : (!transform.any_op) -> !transform.any_op
    %al2 = transform.structured.match ops{["memref.alloc"]} in %g4 : (!transform.any_op) -> !transform.op<"memref.alloc">
    %mb = transform.memref.multibuffer %al2 {factor = 2 : i64, skip_analysis} : (!transform.op<"memref.alloc">) -> !transform.any_op
    %tl = transform.tensor.make_loop_independent %ml {num_loops = 2 : i64} : (!transform.any_op) -> !transform.any_op
    %ifs = transform.structured.match ops{["scf.if"]} in %g4 : (!transform.any_op) -> !transform.any_op
    transform.scf.take_assumed_branch %ifs take_else_branch : (!transform.any_op) -> ()
    %ng = transform.nvgpu.create_async_groups %mb {bypass_l1} : (!transform.any_op) -> !transform.any_op
    %ps = transform.nvgpu.pipeline_shared_memory_copies failures(propagate) %tl {depth = 2 : i64} : (!transform.any_op) -> !transform.any_op
    transform.nvgpu.rewrite_copy_as_tma %ps : (!transform.any_op) -> ()
    transform.nvgpu.rewrite_matmul_as_mma_sync %ng : (!transform.any_op) -> ()
    transform.yield
  }
}`, printed: []string{
			"transform.match.structured failures(suppress) %op : (!transform.any_op) -> (!transform.any_op, !transform.param<i64>) {",
			"transform.match.structured %op : !transform.any_op {",
			"transform.match.structured.rank %s : (!transform.any_op) -> !transform.param<i64>",
			"transform.match.structured.dim %s[except(-1)] {parallel} : !transform.any_op",
			"transform.match.structured.input %s[0] {permutation} : (!transform.any_op) -> !transform.any_value",
			"transform.match.structured.result %s[0] single :",
			"transform.match.structured.result %s[1] any :",
			"transform.match.structured.yield %s, %rank : !transform.any_op, !transform.param<i64>",
			"transform.sparse_tensor.match.sparse_inout %op : (!transform.any_op) -> !transform.any_op",
			"transform.bufferization.one_shot_bufferize layout{IdentityLayoutMap} %b {bufferize_function_boundaries = true, memcpy_op = \"linalg.copy\"} :",
			"transform.bufferization.empty_tensor_to_alloc_tensor %e : (!transform.op<\"tensor.empty\">) -> !transform.op<\"bufferization.alloc_tensor\">",
			"transform.affine.simplify_bounded_affine_ops %fs with[%f : !transform.any_op] within [0] and [8] : !transform.any_op",
			"transform.affine.simplify_bounded_affine_ops %fs with[] within [] and [] : !transform.any_op",
			"transform.dlti.query [\"test.id\", \"test.x\"] at %f :",
			"transform.func.replace_func_signature @foo args_interchange = [1, 0] results_interchange = [0] at %m#0 {adjust_func_calls} :",
			"transform.gpu.map_forall_to_blocks %m2#1 generate_gpu_launch grid_dims = [4, 2, 1] :",
			"transform.gpu.map_nested_forall_to_threads %g2 block_dims = [32, 4, 1] sync_after_distribute = false warp_size = 64 :",
			"transform.loop.fuse_sibling %ff#0 into %ff#1 :",
			"transform.loop.peel %c {peel_front = true} :",
			"transform.memref.erase_dead_alloc_and_stores %gl#0 : (!transform.any_op) -> ()",
			"transform.scf.take_assumed_branch %ifs take_else_branch : (!transform.any_op) -> ()",
			"transform.nvgpu.pipeline_shared_memory_copies failures(propagate) %tl {depth = 2 : i64} :",
		}},
		{name: "defaults", src: `module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %a = transform.structured.match ops{["linalg.matmul"]} in %root : (!transform.any_op) -> !transform.any_op
    %b = transform.structured.match ops{["linalg.matmul"]} in %root : (!transform.any_op) -> !transform.any_op
    %c = transform.structured.match ops{["linalg.matmul"]} in %root : (!transform.any_op) -> !transform.any_op
    %d = transform.structured.match ops{["linalg.matmul"]} in %root : (!transform.any_op) -> !transform.any_op
    %sr:4 = transform.structured.split_reduction %a : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op)
    %ms:3 = transform.structured.multitile_sizes %b {dimension = 0, target_size = 3} : (!transform.any_op) -> !transform.any_op
    %pad:3 = transform.structured.pad %c : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %pr = transform.structured.promote %d : (!transform.any_op) -> !transform.any_op
    %fs:4 = transform.structured.tile_reduction_using_forall %sr#1 by : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op)
    %f = transform.structured.fuse %sr#2 : (!transform.any_op) -> !transform.any_op
    transform.yield {tag}
  }
}`, printed: []string{
			"transform.structured.split_reduction %a :",
			"transform.structured.tile_reduction_using_forall %sr#1 by :",
			"transform.yield {tag}\n",
		}},
		{name: "cast_and_call", src: `module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    %ins = transform.structured.match ops{["test.foo"]} in %root : (!transform.any_op) -> !transform.any_op
    %v = transform.get_result %ins[0] : (!transform.any_op) -> !transform.any_value
    %v2 = transform.get_operand %ins[0] : (!transform.any_op) -> !transform.any_value
    %c1 = transform.func.cast_and_call @callee(%v2) -> %v after %ins {
      transform.type_conversion.tensor.cast_shape_dynamic_dims
    } : (!transform.any_op, !transform.any_value, !transform.any_value) -> !transform.any_op
    %c2 = transform.func.cast_and_call %f before %ins : (!transform.any_op, !transform.any_op) -> !transform.any_op
    transform.yield
  }
}`, printed: []string{
			"transform.func.cast_and_call @callee(%v2) -> %v after %ins {\n      transform.type_conversion.tensor.cast_shape_dynamic_dims\n    } :",
			"transform.func.cast_and_call %f before %ins :",
		}},
		{name: "registered_pass", src: `module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.consumed}) {
    %p = transform.param.constant 2 : i64 -> !transform.any_param
    %0 = transform.apply_registered_pass "canonicalize" with options = {"top-down" = false, "max-iterations" = %p, "test-convergence" = true, list = [1, %p, "x"]} to %root : (!transform.any_op, !transform.any_param, !transform.any_param) -> !transform.any_op
    %1 = transform.apply_registered_pass "cse" to %0 : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}`, printed: []string{
			"transform.apply_registered_pass \"canonicalize\" with options = {\"top-down\" = false, \"max-iterations\" = %p, \"test-convergence\" = true, \"list\" = [1, %p, \"x\"]} to %root :",
			"transform.apply_registered_pass \"cse\" to %0 :",
		}},
		{name: "xegpu_tune_smt_irdl", src: `module attributes {transform.with_named_sequence} {
  transform.named_sequence @s(%arg0: !transform.any_op {transform.readonly}, %v: !transform.any_value {transform.readonly}) {
    %p = transform.param.constant 8 : i64 -> !transform.param<i64>
    %0 = transform.xegpu.get_desc_op %v : (!transform.any_value) -> !transform.any_op
    %1 = transform.xegpu.set_desc_layout %0 sg_layout = [4, 8] sg_data = [%p, 32] inst_data = [8, 16] : (!transform.any_op, !transform.param<i64>) -> !transform.any_op
    %2 = transform.xegpu.set_desc_layout %0 sg_layout = [4, 8] sg_data = [32, 32] : (!transform.any_op) -> !transform.any_op
    transform.xegpu.set_op_layout_attr %arg0 result index = 1 sg_layout = [4, 8] sg_data = [32, 32] inst_data = [8, 16] : !transform.any_op
    transform.xegpu.set_op_layout_attr %arg0 sg_layout = [%p, 8] sg_data = [32, 32] : !transform.any_op, !transform.param<i64>
    transform.xegpu.set_gpu_launch_threads %arg0 threads = [8, %p, 1] : !transform.any_op, !transform.param<i64>
    %3 = transform.xegpu.insert_prefetch %v nb_prefetch = 2 : (!transform.any_value) -> !transform.any_op
    %4 = transform.xegpu.insert_prefetch %v nb_prefetch = %p : (!transform.any_value, !transform.param<i64>) -> !transform.any_op
    %5 = transform.xegpu.convert_layout %v input_sg_layout = [4, 8] input_sg_data = [32, 32] input_inst_data = [8, 16] target_sg_layout = [4, 8] target_sg_data = [%p, 32] : (!transform.any_value, !transform.param<i64>) -> !transform.any_op
    %6 = transform.xegpu.convert_layout %v input_sg_layout = [4, 8] input_sg_data = [32, 32] target_sg_layout = [4, 8] target_sg_data = [32, 32] target_inst_data = [8, 16] {x} : (!transform.any_value) -> !transform.any_op
    %7 = transform.tune.knob<"k"> options = [1, 2] -> !transform.param<i64>
    %8 = transform.tune.knob<"k2"> = 2 : i64 from options = [1, 2] -> !transform.param<i64>
    %9 = transform.tune.alternatives<"a"> selected_region = %p : !transform.param<i64> -> !transform.param<i64> {
      %c = transform.param.constant 1 : i64 -> !transform.param<i64>
      transform.yield %c : !transform.param<i64>
    }, {
      %c = transform.param.constant 2 : i64 -> !transform.param<i64>
      transform.yield %c : !transform.param<i64>
    }
    transform.tune.alternatives<"b"> selected_region = 0 {
      transform.yield
    }
    %10 = transform.smt.constrain_params(%p) : (!transform.param<i64>) -> !transform.param<i64> {
    ^bb0(%x: !smt.int):
      "smt.yield"(%x) : (!smt.int) -> ()
    }
    %11 = transform.irdl.collect_matching in %arg0 : (!transform.any_op) -> !transform.any_op {
      "irdl.dialect"() <{sym_name = "d"}> ({
        "irdl.operation"() <{sym_name = "o"}> ({
          %t = "irdl.is"() <{expected = i32}> : () -> !irdl.attribute
          "irdl.results"(%t) <{names = ["r"], variadicity = #irdl<variadicity_array[ single]>}> : (!irdl.attribute) -> ()
        }) : () -> ()
      }) : () -> ()
    }
    transform.yield
  }
}`, printed: []string{
			"transform.xegpu.set_desc_layout %0 sg_layout = [4, 8] sg_data = [%p, 32] inst_data = [8, 16] : (!transform.any_op, !transform.param<i64>) -> !transform.any_op",
			"transform.xegpu.set_op_layout_attr %arg0 result index = 1 sg_layout = [4, 8] sg_data = [32, 32] inst_data = [8, 16] : !transform.any_op\n",
			"transform.xegpu.set_gpu_launch_threads %arg0 threads = [8, %p, 1] : !transform.any_op, !transform.param<i64>\n",
			"transform.xegpu.insert_prefetch %v nb_prefetch = 2 :",
			"transform.xegpu.insert_prefetch %v nb_prefetch = %p :",
			"target_sg_data = [32, 32] target_inst_data = [8, 16] {x} : (!transform.any_value) -> !transform.any_op",
			"transform.tune.knob<\"k2\"> = 2 : i64 from options = [1, 2] -> !transform.param<i64>",
			"transform.tune.alternatives<\"a\"> selected_region = %p : !transform.param<i64> -> !transform.param<i64> {",
			"transform.tune.alternatives<\"b\"> selected_region = 0 {",
			"transform.smt.constrain_params(%p) : (!transform.param<i64>) -> !transform.param<i64> {",
			"transform.irdl.collect_matching in %arg0 : (!transform.any_op) -> !transform.any_op {",
		}},
	}
	testRoundTrips(t, cases, "transform.")
	for _, name := range ir.KnownOps("transform.") {
		if !slices.ContainsFunc(cases, func(c roundTripCase) bool {
			// The name ends where the op's syntax begins: a blank, or the
			// tune and SMT ops' `<` and `(`.
			return slices.ContainsFunc([]string{" ", "\n", "<", "("}, func(end string) bool { return strings.Contains(c.src, name+end) })
		}) {
			t.Errorf("no case holds %s", name)
		}
	}
	testSyntaxErrors(t, []errorCase{
		{"sequence without failures", "transform.sequence {\n^bb0(%a: !transform.any_op):\n}\n"},
		{"sequence unknown mode", "transform.sequence failures(ignore) {\n^bb0(%a: !transform.any_op):\n}\n"},
		{"sequence type count", "transform.sequence failures(propagate) {\n^bb0(%a: !transform.any_op):\n  transform.sequence %a, %a : !transform.any_op failures(propagate) {\n  ^bb1(%b: !transform.any_op):\n  }\n}\n"},
		{"tile sizes unclosed", "transform.sequence failures(propagate) {\n^bb0(%a: !transform.any_op):\n  %0:2 = transform.structured.tile_using_for %a tile_sizes [4, [4] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)\n}\n"},
		{"cast without to", "transform.sequence failures(propagate) {\n^bb0(%a: !transform.any_op):\n  %0 = transform.cast %a : !transform.any_op !transform.any_op\n}\n"},
		{"named sequence without symbol", "module attributes {transform.with_named_sequence} {\n  transform.named_sequence (%a: !transform.any_op) {\n    transform.yield\n  }\n}\n"},
		{"no prefix in a named sequence", namedSequence(`%0 = get_parent_op %a : (!transform.any_op) -> !transform.any_op`)},
		{"no prefix in foreach", namedSequence("transform.foreach %a : !transform.any_op {\n^bb0(%b: !transform.any_op):\n  yield\n}")},
		{"match dims without parentheses", namedSequence(`%0 = transform.get_result %a[except 0] : (!transform.any_op) -> !transform.any_value`)},
		{"match dims empty", namedSequence(`%0 = transform.get_result %a[] : (!transform.any_op) -> !transform.any_value`)},
		{"foreach_match without action", namedSequence(`%0 = transform.foreach_match in %a @m : (!transform.any_op) -> !transform.any_op`)},
		{"split without after", namedSequence(`%0 = transform.structured.split %a 42 {dimension = 0} : !transform.any_op`)},
		{"packed sizes unclosed", namedSequence(`%0:2 = transform.structured.tile_using_forall %a num_threads *(%a : (!transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.any_op)`)},
		{"scalable dynamic size", namedSequence(`transform.structured.vectorize %a vector_sizes [[%a]] : !transform.any_op, !transform.any_op`)},
		{"unknown enum case", namedSequence("transform.apply_patterns to %a {\n  transform.apply_patterns.vector.lower_contraction lowering_strategy = fast\n} : !transform.any_op")},
		{"include without failures", namedSequence(`transform.include @m (%a) : (!transform.any_op) -> ()`)},
		{"pass options duplicate key", namedSequence(`%0 = transform.apply_registered_pass "cse" with options = {a = 1, "a" = 2} to %a : (!transform.any_op) -> !transform.any_op`)},
		{"selected region neither index nor param", namedSequence("transform.tune.alternatives<\"a\"> selected_region = \"x\" {\n      transform.yield\n    }")},
		{"layout without sg_data", namedSequence(`transform.xegpu.set_gpu_launch_threads %a threads = [1, 2 : !transform.any_op`)},
		{"semi-function type without parentheses", namedSequence(`%0 = transform.structured.generalize %a : !transform.any_op -> !transform.any_op`)},
		{"one tile size type for two results", namedSequence(`%0:3 = transform.structured.multitile_sizes %a {dimension = 0, target_size = 3} : (!transform.any_op) -> (!transform.any_op, !transform.any_op)`)},
	})
}

// namedSequence is a module whose named sequence @main, of argument %a,
// holds body.
func namedSequence(body string) string {
	return "module attributes {transform.with_named_sequence} {\n  transform.named_sequence @main(%a: !transform.any_op {transform.consumed}) {\n    " +
		body + "\n    transform.yield\n  }\n}\n"
}
