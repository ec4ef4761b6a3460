package ir

import (
	"slices"
	"strings"
)

// The ops of the transform dialect's extensions as rows of the format
// interpreter, with their custom directives below: the pattern
// descriptors of the dialects, linalg's structured transforms and
// matchers, and the transforms of the affine, bufferization, DLTI, func,
// gpu, memref, nvgpu, scf, sparse_tensor, tensor and XeGPU dialects, and
// the tune, SMT and IRDL extensions. Registered with the core ops
// (syntax_transform.go).

var transformExtOps = slices.Concat(
	patternDescriptors("transform.apply_patterns.",
		"arm_neon.vector_contract_to_bfmmla arm_neon.vector_contract_to_i8mm arm_sve.vector_contract_to_bfmmla arm_sve.vector_contract_to_i8mm",
		"gpu.eliminate_barriers gpu.gpu_rewrite_patterns",
		"linalg.decompose_pack_unpack linalg.decompose_pad linalg.erase_unnecessary_inputs linalg.fold_add_into_dest",
		"linalg.fold_unit_extent_dims_via_reshapes linalg.fold_unit_extent_dims_via_slices linalg.pad_vectorization linalg.tiling_canonicalization",
		"memref.expand_ops memref.expand_strided_metadata memref.extract_address_computations memref.fold_memref_alias_ops",
		"memref.resolve_ranked_shaped_type_result_dims scf.for_loop_canonicalization",
		"tensor.bubble_up_extract_slice tensor.decompose_concat tensor.drop_redundant_insert_slice_rank_expansion tensor.fold_into_pack_and_unpack",
		"tensor.fold_tensor_subset_ops tensor.fold_tensor_subset_ops_into_vector_transfers tensor.merge_consecutive_insert_extract_slice",
		"tensor.reassociative_reshape_folding",
		"vector.cast_away_vector_leading_one_dim vector.drop_inner_most_unit_dims_from_xfer_ops vector.drop_unit_dims_with_shape_cast",
		"vector.elementwise_to_vector vector.fold_arith_extension vector.interleave_to_shuffle vector.lower_bitcast vector.lower_broadcast",
		"vector.lower_create_mask vector.lower_gather vector.lower_interleave vector.lower_masked_transfers vector.lower_masks",
		"vector.lower_outerproduct vector.lower_scan vector.lower_shape_cast vector.materialize_masks vector.rank_reducing_subview_patterns",
		"vector.reduction_to_contract vector.rewrite_narrow_types vector.sink_mem_ops vector.sink_ops vector.transfer_permutation_patterns",
		"vector.unroll_from_elements vector.unroll_to_elements",
		"x86vector.sink_vector_producer_ops x86vector.vector_contract_bf16_to_fma x86vector.vector_contract_to_fma",
		"x86vector.vector_contract_to_packed_type_dot_product"),
	patternDescriptors("transform.apply_conversion_patterns.",
		"func.func_to_llvm gpu.gpu_subgroup_reduce_to_nvvm gpu.gpu_wmma_to_nvvm nvgpu.nvgpu_to_nvvm scf.scf_to_control_flow scf.structural_conversions"),
	[]*declOp{
		// Pattern descriptors with options.
		declare("transform.apply_conversion_patterns.gpu.gpu_to_nvvm", "@benefit:i16=1", "attr-dict"),
		declare("transform.apply_conversion_patterns.gpu.gpu_to_rocdl", "@chipset:str", "`chipset` `=` $chipset attr-dict"),
		declare("transform.apply_conversion_patterns.memref.memref_to_llvm_type_converter",
			"@use_aligned_alloc?:bool=false, @index_bitwidth?:i64=64, @use_generic_functions?:bool=false, @use_bare_ptr_call_conv?:bool=false, @data_layout?:str",
			"attr-dict"),
		declare("transform.apply_conversion_patterns.vector.vector_to_llvm",
			"@reassociate_fp_reductions:bool=false, @force_32bit_vector_indices:bool=true, @use_vector_alignment:bool=false", "attr-dict"),
		declare("transform.apply_patterns.gpu.gpu_shuffle_to_amdgpu", "@chipset?:str", "(`chipset` `=` $chipset^)? attr-dict"),
		declare("transform.apply_patterns.gpu.unroll_vectors_subgroup_mma", "@m:i64, @n:i64, @k:i64", "`[` $m `,` $n `,` $k `]` attr-dict"),
		declare("transform.apply_patterns.linalg.fold_pack_unpack_into_empty", "@fold_single_use_only:bool=false", "attr-dict"),
		declare("transform.apply_patterns.memref.alloc_to_alloca", "@size_limit?:i64", "(`size_limit` `(` $size_limit^ `)`)? attr-dict"),
		declare("transform.apply_patterns.tensor.fold_tensor_empty", "@fold_single_use_only:bool=false", "attr-dict"),
		declare("transform.apply_patterns.tensor.rewrite_as_constant", "@aggressive?:unit", "(`aggressive` $aggressive^)? attr-dict"),
		declare("transform.apply_patterns.vector.lower_contraction", "@lowering_strategy:vector.contract_lowering=outerproduct",
			"(`lowering_strategy` `=` $lowering_strategy^)? attr-dict"),
		declare("transform.apply_patterns.vector.lower_multi_reduction", "@lowering_strategy:vector.multi_reduction_lowering=innerparallel",
			"(`lowering_strategy` `=` $lowering_strategy^)? attr-dict"),
		declare("transform.apply_patterns.vector.lower_transfer", "@max_transfer_rank:i64=1",
			"(`max_transfer_rank` `=` $max_transfer_rank^)? attr-dict"),
		declare("transform.apply_patterns.vector.lower_transpose", "@lowering_strategy:vector.transpose_lowering=eltwise, @avx2_lowering_strategy:bool=false",
			"oilist ( `lowering_strategy` `=` $lowering_strategy | `avx2_lowering_strategy` `=` $avx2_lowering_strategy ) attr-dict"),
		declare("transform.apply_patterns.vector.split_transfer_full_partial", "@split_transfer_strategy:vector.transfer_split=linalg-copy",
			"(`split_transfer_strategy` `=` $split_transfer_strategy^)? attr-dict"),
		declare("transform.apply_patterns.vector.transfer_to_scf", "@max_transfer_rank:i64=1, @full_unroll:bool=false",
			"oilist ( `max_transfer_rank` `=` $max_transfer_rank | `full_unroll` `=` $full_unroll ) attr-dict"),
		declare("transform.type_conversion.tensor.cast_shape_dynamic_dims", "@ignore_dynamic_info?:unit",
			"(`ignore_dynamic_info` $ignore_dynamic_info^)? attr-dict"),

		// Affine, bufferization, DLTI, func, gpu, memref, nvgpu, scf,
		// sparse_tensor and tensor.
		declare("transform.affine.simplify_bounded_affine_ops", "target, bounded_values*, @lower_bounds:dense_i64, @upper_bounds:dense_i64",
			"$target `with` `[` ($bounded_values^ `:` type($bounded_values))? `]` `within` $lower_bounds `and` $upper_bounds attr-dict `:` type($target)"),
		declare("transform.affine.simplify_min_max_affine_ops", "target", "$target attr-dict `:` type($target)"),
		declare("transform.bufferization.buffer_loop_hoisting", "target", "$target attr-dict `:` type($target)"),
		declare("transform.bufferization.eliminate_empty_tensors", "target", "$target attr-dict `:` type($target)"),
		declare("transform.bufferization.empty_tensor_to_alloc_tensor", "target -> transformed",
			"$target attr-dict `:` functional-type(operands, results)"),
		declare("transform.bufferization.one_shot_bufferize", "target, @function_boundary_type_conversion?:bufferization.layout_map, "+
			"@allow_return_allocs_from_loops:bool=false, @allow_unknown_ops:bool=false, @bufferize_function_boundaries:bool=false, "+
			"@dump_alias_sets:bool=false, @test_analysis_only:bool=false, @print_conflicts:bool=false, @check_parallel_regions:bool=true, "+
			"@memcpy_op:str=memref.copy -> transformed",
			"(`layout` `{` $function_boundary_type_conversion^ `}`)? $target attr-dict `:` functional-type($target, results)"),
		declare("transform.dlti.query", "target, @keys:array -> associated_attr", "$keys `at` $target attr-dict `:` functional-type(operands, results)"),
		declare("transform.func.cast_and_call", "insertion_point, @insert_after?:unit, inputs?, outputs?, @function_name?:ref, function?, ^conversions -> result; segmented",
			"($function_name^)? ($function^)? ( `(` $inputs^ `)` )? ( `->` $outputs^ )? (`after` $insert_after^):(`before`)? $insertion_point ($conversions^)? "+
				"attr-dict `:` functional-type(operands, results)").inGraphRegions(),
		declare("transform.func.deduplicate_func_args", "module, @function_name:ref -> transformed_module, transformed_function",
			"$function_name `at` $module attr-dict `:` functional-type(operands, results)"),
		declare("transform.func.replace_func_signature", "module, @function_name:ref, @args_interchange:dense_i32, @results_interchange:dense_i32, @adjust_func_calls?:unit -> transformed_module, transformed_function",
			"$function_name `args_interchange` `=` $args_interchange `results_interchange` `=` $results_interchange `at` $module attr-dict `:` functional-type(operands, results)"),
		declare("transform.gpu.map_forall_to_blocks", "target, @grid_dims?:dense_i64=[], @generate_gpu_launch?:unit -> result",
			"$target (`generate_gpu_launch` $generate_gpu_launch^)? (`grid_dims` `=` $grid_dims^)? attr-dict `:` functional-type($target, $result)"),
		declare("transform.gpu.map_nested_forall_to_threads", "target, @block_dims:dense_i64=[], @sync_after_distribute:bool=true, @warp_size:i64=32 -> result",
			"$target `block_dims` `=` $block_dims (`sync_after_distribute` `=` $sync_after_distribute^)? (`warp_size` `=` $warp_size^)? attr-dict `:` functional-type($target, $result)"),
		declare("transform.loop.coalesce", "target -> transformed", "$target attr-dict `:` functional-type($target, $transformed)"),
		declare("transform.loop.forall_to_for", "target -> transformed*", "$target attr-dict `:` functional-type(operands, results)"),
		declare("transform.loop.forall_to_parallel", "target -> transformed*", "$target attr-dict `:` functional-type(operands, results)"),
		declare("transform.loop.fuse_sibling", "target, source -> fused_loop", "$target `into` $source attr-dict `:` functional-type(operands, results)"),
		declare("transform.loop.outline", "target, @func_name:str -> function, call", "$target attr-dict `:` functional-type(operands, results)"),
		declare("transform.loop.parallel_for_to_nested_fors", "target -> transformed*", "$target attr-dict `:` functional-type(operands, results)"),
		declare("transform.loop.peel", "target, @peel_front:bool=false, @fail_if_already_divisible:bool=false -> peeled_loop, remainder_loop",
			"$target attr-dict `:` functional-type(operands, results)"),
		declare("transform.loop.pipeline", "target, @iteration_interval:i64=1, @read_latency:i64=10 -> transformed",
			"$target attr-dict `:` functional-type(operands, results)"),
		declare("transform.loop.promote_if_one_iteration", "target", "$target attr-dict `:` type($target)"),
		declare("transform.loop.unroll", "target, @factor:i64", "$target attr-dict `:` type($target)"),
		declare("transform.loop.unroll_and_jam", "target, @factor:i64", "$target attr-dict `:` type($target)"),
		declare("transform.memref.alloca_to_global", "alloca -> getGlobal, global", "$alloca attr-dict `:` functional-type(operands, results)"),
		declare("transform.memref.erase_dead_alloc_and_stores", "target", "$target attr-dict `:` functional-type($target, results)"),
		declare("transform.memref.make_loop_independent", "target, @num_loops:i64 -> transformed",
			"$target attr-dict `:` functional-type($target, $transformed)"),
		declare("transform.memref.multibuffer", "target, @factor:i64, @skip_analysis?:unit -> transformed",
			"$target attr-dict `:` functional-type(operands, results)"),
		declare("transform.nvgpu.create_async_groups", "target, @bypass_l1?:unit -> result", "$target attr-dict `:` functional-type(operands, results)"),
		declare("transform.nvgpu.pipeline_shared_memory_copies", "for_op, @depth:i64, @peel_epilogue?:unit, @failure_propagation_mode:transform.failures=suppress -> result",
			"`failures` `(` $failure_propagation_mode `)` $for_op attr-dict `:` functional-type(operands, results)"),
		declare("transform.nvgpu.rewrite_copy_as_tma", "target", "$target attr-dict `:` functional-type(operands, results)"),
		declare("transform.nvgpu.rewrite_matmul_as_mma_sync", "target", "$target attr-dict `:` functional-type(operands, results)"),
		declare("transform.scf.take_assumed_branch", "target, @take_else_branch?:unit",
			"$target (`take_else_branch` $take_else_branch^)? attr-dict `:` functional-type(operands, results)"),
		declare("transform.sparse_tensor.match.sparse_inout", "target -> result",
			"$target attr-dict `:` custom<SemiFunctionType>(type($target), type($result), \"false\")"),
		declare("transform.tensor.make_loop_independent", "target, @num_loops:i64 -> transformed",
			"$target attr-dict `:` functional-type($target, $transformed)"),

		// Linalg's structured ops: matchers.
		declare("transform.match.structured", "current, @failure_propagation_mode?:transform.failures, ^body_region -> outputs*",
			"(`failures` `(` $failure_propagation_mode^ `)`)?$current `:` custom<SemiFunctionType>(type($current), type($outputs))attr-dict-with-keyword regions").
			impliesTerminator("transform.match.structured.yield"),
		declare("transform.match.structured.body", "operand_handle, @reduction_position?:i64, @passthrough?:unit, @elementwise?:unit, @contraction?:array",
			"$operand_handle attr-dict `:` type($operand_handle)"),
		declare("transform.match.structured.classify_contraction_dims", "operand_handle -> batch, m, n, k",
			"$operand_handle attr-dict `:` functional-type(operands, results)"),
		declare("transform.match.structured.classify_convolution_dims", "operand_handle -> batch, output_image, output_channel, filter_loop, input_channel, depth, strides, dilations",
			"$operand_handle attr-dict `:` functional-type(operands, results)"),
		declare("transform.match.structured.dim", "operand_handle, @raw_dim_list:dense_i64, @is_inverted?:unit, @is_all?:unit, @parallel?:unit, @reduction?:unit -> result?",
			"$operand_handle `[`custom<TransformMatchDims>($raw_dim_list, $is_inverted, $is_all)`]` attr-dict `:` custom<SemiFunctionType>(type($operand_handle), type($result))"),
		declare("transform.match.structured.elemental_bitwidth", "operand_handle -> result", "$operand_handle attr-dict `:` functional-type(operands, results)"),
		declare("transform.match.structured.init", "operand_handle, @raw_position_list:dense_i64, @is_inverted?:unit, @is_all?:unit, @permutation?:unit, @projected_permutation?:unit -> result?",
			"$operand_handle `[`custom<TransformMatchDims>($raw_position_list, $is_inverted, $is_all)`]` attr-dict `:` custom<SemiFunctionType>(type($operand_handle), type($result))"),
		declare("transform.match.structured.input", "operand_handle, @raw_position_list:dense_i64, @is_inverted?:unit, @is_all?:unit, @permutation?:unit, @projected_permutation?:unit -> result?",
			"$operand_handle `[`custom<TransformMatchDims>($raw_position_list, $is_inverted, $is_all)`]` attr-dict `:` custom<SemiFunctionType>(type($operand_handle), type($result))"),
		declare("transform.match.structured.num_inits", "operand_handle -> result", "$operand_handle attr-dict `:` functional-type(operands, results)"),
		declare("transform.match.structured.num_inputs", "operand_handle -> result", "$operand_handle attr-dict `:` functional-type(operands, results)"),
		declare("transform.match.structured.rank", "operand_handle -> rank",
			"$operand_handle attr-dict `:` custom<SemiFunctionType>(type($operand_handle), type($rank), \"false\")"),
		declare("transform.match.structured.result", "operand_handle, @position:i64, @any?:unit, @single?:unit -> result",
			"$operand_handle `[` $position `]` (`any` $any^)? (`single` $single^)?attr-dict `:` functional-type(operands, results)"),
		declare("transform.match.structured.yield", "handles*", "$handles attr-dict (`:` type($handles)^)?").endsBlock(),

		// Linalg's structured ops: transforms.
		declare("transform.structured.bufferize_to_allocation", "target, @memory_space?:any, @memcpy_op:str=bufferization.materialize_in_destination, "+
			"@alloc_op:str=memref.alloc, @bufferize_destination_only?:unit, @emit_dealloc?:unit -> allocated_buffer:!transform.any_value, new_ops:!transform.any_op",
			"$target attr-dict `:` type($target)"),
		declare("transform.structured.continuous_tile_sizes", "target, @dimension:i64, @target_size:i64 -> tile_sizes, chunk_sizes",
			"$target attr-dict `:` custom<ContinuousTileSizeTypes>(type($target), type($tile_sizes), type($chunk_sizes))"),
		declare("transform.structured.convert_conv2d_to_img2col", "target -> img2col_tensor, transformed", "$target attr-dict `:` functional-type($target, results)"),
		declare("transform.structured.convert_to_loops", "target -> result", "$target attr-dict `:` functional-type(operands, results)"),
		declare("transform.structured.decompose", "target -> transformed", "$target attr-dict `:` functional-type(operands, results)"),
		declare("transform.structured.decompose_interface", "target -> transformed", "$target attr-dict `:` functional-type(operands, results)"),
		declare("transform.structured.decompose_winograd_op", "target -> transformed", "$target attr-dict `:` functional-type($target, results)"),
		declare("transform.structured.eliminate_empty_tensors", "target", "$target attr-dict `:` type($target)"),
		declare("transform.structured.flatten_elementwise", "target -> transformed", "$target attr-dict `:` functional-type($target, results)"),
		declare("transform.structured.fuse", "target, tile_sizes*, tile_interchange*, @static_tile_sizes?:dense_i64=[], @static_tile_interchange?:dense_i64=[], "+
			"@apply_cleanup?:unit, @use_forall?:unit -> transformed, loops*; segmented",
			"$target oilist( `tile_sizes` custom<DynamicIndexList>($tile_sizes, $static_tile_sizes) | `interchange` custom<DynamicIndexList>($tile_interchange, $static_tile_interchange) ) attr-dict `:` functional-type(operands, results)"),
		declare("transform.structured.fuse_into_containing_op", "producer_op, containing_op -> fused_op, new_containing_op",
			"$producer_op `into` $containing_op attr-dict `:` functional-type(operands, results)"),
		declare("transform.structured.generalize", "target -> transformed",
			"$target attr-dict `:` custom<SemiFunctionType>(type($target), type($transformed), \"false\")"),
		declare("transform.structured.gpu.map_copy_to_threads", "target, @total_num_threads:i64, @desired_bit_alignment:i64 -> forall_op, tiled_op",
			"$target `total_num_threads` `=` $total_num_threads `desired_bit_alignment` `=` $desired_bit_alignment attr-dict `:` functional-type(operands, results)"),
		declare("transform.structured.hoist_pad", "target, @num_loops:i64, @transpose:dense_i64=[] -> transformed",
			"$target `by` $num_loops `loops` (`,` `transpose` `by` $transpose^)? attr-dict `:` functional-type(operands, results)"),
		declare("transform.structured.hoist_pad.build_packing_loop_nest", "target, loop, @transpose:dense_i64=[] -> packing_loop",
			"$target `above` $loop (`,` `transpose` `by` $transpose^)? attr-dict `:` functional-type(operands, results)"),
		declare("transform.structured.hoist_redundant_vector_broadcasts", "target -> transformed", "$target attr-dict `:` functional-type(operands, results)"),
		declare("transform.structured.hoist_redundant_vector_transfers", "target, @verify_non_zero_trip?:unit -> transformed",
			"$target attr-dict `:` functional-type(operands, results)"),
		declare("transform.structured.insert_slice_to_copy", "target -> transformed", "$target attr-dict `:` functional-type(operands, results)"),
		declare("transform.structured.interchange", "target, @iterator_interchange?:dense_i64=[] -> transformed",
			"$target (`iterator_interchange` `=` $iterator_interchange^)? attr-dict `:` custom<SemiFunctionType>(type($target), type($transformed), \"false\")"),
		declare("transform.structured.linalg_copy_to_memref", "target -> transformed", "$target attr-dict `:` functional-type(operands, results)"),
		declare("transform.structured.lower_pack", "target, @lowerPadLikeWithInsertSlice:bool=true -> pad_op, expand_shape_op, transpose_op",
			"$target attr-dict `:` functional-type(operands, results)"),
		declare("transform.structured.lower_unpack", "target, @lowerUnpadLikeWithExtractSlice:bool=true -> empty_op, transpose_op, collapse_shape_op, extract_slice_op",
			"$target attr-dict `:` functional-type(operands, results)"),
		declare("transform.structured.match", "target, @ops?:array, @interface?:linalg.match_interface, @op_attrs?:dict, @filter_result_type?:type, @filter_operand_types?:array -> results",
			"(`ops` `{` $ops^ `}`)? (`interface` `{` $interface^ `}`)? (`attributes` $op_attrs^)? (`filter_result_type` `=` $filter_result_type^)? "+
				"(`filter_operand_types` `=` $filter_operand_types^)? `in` $target attr-dict `:` functional-type($target, results)"),
		declare("transform.structured.multitile_sizes", "target, @dimension:i64, @target_size:i64, @divisor:i64=1 -> low_size, high_size, split_point",
			"$target attr-dict `:` custom<MultitileSizesTypes>(type($target), type($low_size), type($high_size), type($split_point))"),
		declare("transform.structured.pack", "target, packed_sizes*, @static_packed_sizes:dense_i64=[] -> packed_op",
			"$target `packed_sizes` `=` custom<DynamicIndexList>($packed_sizes, $static_packed_sizes) attr-dict `:` functional-type(operands, results)"),
		declare("transform.structured.pack_greedily", "target, matmul_packed_sizes*, @static_matmul_packed_sizes:dense_i64=[], "+
			"@matmul_padded_sizes_next_multiple_of:dense_i64=[], @matmul_inner_dims_order:dense_i64=[] -> packed_op",
			"$target oilist( `matmul_packed_sizes` `=` custom<DynamicIndexList>($matmul_packed_sizes, $static_matmul_packed_sizes) "+
				"(`matmul_padded_sizes_next_multiple_of` `=` $matmul_padded_sizes_next_multiple_of^)? `matmul_inner_dims_order` `=` $matmul_inner_dims_order ) "+
				"attr-dict `:` functional-type(operands, results)"),
		declare("transform.structured.pack_transpose", "target_pack_or_un_pack_op, target_linalg_op, @outer_perm?:dense_i64=[], @inner_perm?:dense_i64=[] -> packed_op, pack_op, un_pack_op",
			"$target_pack_or_un_pack_op `with_compute_op` `(` $target_linalg_op `)` (`outer_perm` `=` $outer_perm^ )? (`inner_perm` `=` $inner_perm^ )? attr-dict `:` functional-type(operands, results)"),
		declare("transform.structured.pad", "target, @padding_values:array=[], @padding_dimensions:array=[], pad_to_multiple_of*, "+
			"@static_pad_to_multiple_of?:dense_i64=[], @nofold_flags:array=[], @transpose_paddings:array=[], "+
			"@copy_back_op:str=bufferization.materialize_in_destination, @use_prescribed_tensor_shapes?:unit -> padded, pad, copy",
			"$target (`pad_to_multiple_of` custom<DynamicIndexList>($pad_to_multiple_of, $static_pad_to_multiple_of)^)? "+
				"(`use_prescribed_tensor_shapes` $use_prescribed_tensor_shapes^)? attr-dict `:` functional-type(operands, results)"),
		declare("transform.structured.pad_tiling_interface", "target, @padding_values:array=[], padding_sizes*, @static_padding_sizes?:dense_i64=[], @pad_to_multiple_of?:unit -> padded, pad",
			"$target `to` (`padding_sizes` custom<DynamicIndexList>($padding_sizes, $static_padding_sizes)^)? (`pad_to_multiple_of` $pad_to_multiple_of^)? attr-dict `:` functional-type(operands, results)"),
		declare("transform.structured.promote", "target, @operands_to_promote:array=[], @use_full_tile_buffers:array=[], @use_full_tiles_by_default?:unit, "+
			"@use_original_subview_size?:unit, @use_alloca?:unit, @memory_space?:any, @mapping?:array, @alignment?:i64 -> transformed",
			"$target attr-dict `:` custom<SemiFunctionType>(type($target), type($transformed), \"false\")"),
		declare("transform.structured.promote_tensor", "tensor, @memory_space?:any -> promoted:=tensor", "(`to` $memory_space^)? $tensor attr-dict `:` type($tensor)"),
		declare("transform.structured.replace", "target, ^bodyRegion -> replacement",
			"$target attr-dict-with-keyword regions `:` custom<SemiFunctionType>(type($target), type($replacement), \"false\")").inGraphRegions(),
		declare("transform.structured.rewrite_in_destination_passing_style", "target -> transformed", "$target attr-dict `:` functional-type($target, results)"),
		declare("transform.structured.scalarize", "target -> result",
			"$target attr-dict `:` custom<SemiFunctionType>(type($target), type($result), \"false\")"),
		declare("transform.structured.specialize", "target -> transformed",
			"$target attr-dict `:` custom<SemiFunctionType>(type($target), type($transformed), \"false\")"),
		declare("transform.structured.split", "target, @dimension:i64, dynamic_chunk_sizes?, @static_chunk_sizes:i64, @multiway?:unit -> split_list:=target",
			"$target `after` custom<ChunkSize>($dynamic_chunk_sizes, $static_chunk_sizes) attr-dict `:` type($target) (`,` type($dynamic_chunk_sizes)^)?"),
		declare("transform.structured.split_reduction", "target, @split_factor:i64=0, @insert_split_dimension:i64=0, @inner_parallel?:unit, "+
			"@use_scaling_algorithm?:unit, @use_alloc?:unit -> init_or_alloc_op, fill_op, split_linalg_op, combining_linalg_op",
			"$target attr-dict `:`functional-type(operands, results)"),
		declare("transform.structured.tile_reduction_using_for", "target, @reduction_dims:array=[], @tile_sizes:array=[] -> fill_op*, split_op, combining_op, for_op",
			"$target (`reduction_dims` `=` $reduction_dims^)? `by` `tile_sizes` `=` $tile_sizes attr-dict `:` functional-type(operands, results)"),
		declare("transform.structured.tile_reduction_using_forall", "target, @reduction_dims:array=[], @num_threads:dense_i64=[], @tile_sizes:dense_i64=[], "+
			"@mapping?:array -> fill_op*, split_op, combining_op, forall_op",
			"$target (`reduction_dims` `=` $reduction_dims^)? `by` (`num_threads` `=` $num_threads^)? (`tile_sizes` `=` $tile_sizes^)? (`mapping` `=` $mapping^)? "+
				"attr-dict `:` functional-type(operands, results)"),
		declare("transform.structured.tile_using_for", "target, dynamic_sizes*, @static_sizes?:dense_i64=[], @interchange?:dense_i64=[], @scalable_sizes?:dense_bool=[] -> tiled_linalg_op, loops*",
			"$target `tile_sizes` custom<DynamicIndexList>( $dynamic_sizes, $static_sizes, $scalable_sizes) (`interchange` `=` $interchange^)? attr-dict `:` functional-type(operands, results)"),
		declare("transform.structured.tile_using_forall", "target, num_threads*, tile_sizes*, packed_num_threads?, packed_tile_sizes?, "+
			"@static_num_threads?:dense_i64=[], @static_tile_sizes?:dense_i64=[], @mapping?:array -> tiled_op, forall_op; segmented",
			"$target oilist( `num_threads` custom<PackedOrDynamicIndexList>($packed_num_threads, $num_threads, $static_num_threads) | "+
				"`tile_sizes` custom<PackedOrDynamicIndexList>($packed_tile_sizes, $tile_sizes, $static_tile_sizes)) (`(` `mapping` `=` $mapping^ `)`)? "+
				"attr-dict `:` functional-type(operands, results)"),
		declare("transform.structured.transpose_conv2d", "target -> transformed", "$target attr-dict `:` functional-type($target, results)"),
		declare("transform.structured.transpose_matmul", "target, @inputToTranspose:linalg.transpose_matmul_input=lhs -> transformed",
			"$target (`<` $inputToTranspose^ `>`)? attr-dict `:` functional-type($target, results)"),
		declare("transform.structured.vectorize", "target, vector_sizes*, @static_vector_sizes?:dense_i64=[], @vectorize_nd_extract?:unit, "+
			"@assume_dynamic_dims_match_vec_sizes?:unit, @create_named_contraction?:unit, @scalable_sizes?:dense_bool=[]",
			"$target oilist( `vector_sizes` custom<DynamicIndexList>( $vector_sizes, $static_vector_sizes, $scalable_sizes)) attr-dict `:` type($target)(`,`type($vector_sizes)^)?"),
		declare("transform.structured.vectorize_children_and_apply_patterns", "target, @fold_type_extensions_into_contract?:unit, @vectorize_padding?:unit, "+
			"@vectorize_nd_extract?:unit, @flatten_1d_depthwise_conv?:unit, @disable_multi_reduction_to_contract_patterns?:unit, "+
			"@disable_transfer_permutation_map_lowering_patterns?:unit -> transformed",
			"$target attr-dict `:`functional-type(operands, results)"),
		declare("transform.structured.winograd_conv2d", "target, @fmr:i32 -> transformed", "$target attr-dict `:` functional-type($target, results)"),

		// The tune, SMT and IRDL extensions.
		declare("transform.tune.knob", "@name:str, @options:any, @selected?:any -> result",
			"`<` $name `>` (`=` $selected^ `from`)? `options` `=` $options attr-dict `->` type($result)"),
		declare("transform.tune.alternatives", "selected_region_param?, @name:str, @selected_region_attr?:any, ^alternatives* -> results*",
			"`<` $name `>` (`selected_region` `=` custom<AlternativesOpSelectedRegion>($selected_region_attr, $selected_region_param)^)? "+
				"attr-dict-with-keyword (`:` type($selected_region_param)^)? (`->` type($results)^)? regions").impliesTerminator("transform.yield"),
		declare("transform.smt.constrain_params", "params*, ^body -> results*",
			"`(` $params `)` attr-dict `:` functional-type(operands, results) $body").impliesTerminator("smt.yield"),
		declare("transform.irdl.collect_matching", "root, ^body -> matched",
			"`in` $root `:` functional-type(operands, results) attr-dict-with-keyword regions").withoutTerminator(),

		// The XeGPU extension.
		declare("transform.xegpu.get_desc_op", "target -> descHandle", "$target attr-dict `:` functional-type(operands, results)"),
		declare("transform.xegpu.set_desc_layout", "target, sg_layout*, sg_data*, inst_data*, "+xegpuLayoutAttrs("")+" -> transformed; segmented",
			"$target "+xegpuLayout("")+" attr-dict `:` functional-type(operands, results)"),
		declare("transform.xegpu.set_op_layout_attr", "target, @index?:i64=0, sg_layout*, sg_data*, inst_data*, "+xegpuLayoutAttrs("")+", @result?:unit; segmented",
			"$target (`result` $result^)? (`index` `=` $index^)? "+xegpuLayout("")+" attr-dict `:` type(operands)"),
		declare("transform.xegpu.set_gpu_launch_threads", "target, threads*, @static_threads?:dense_i64=[]",
			"$target `threads` `=` custom<DynamicIndexList>($threads, $static_threads) attr-dict `:` type(operands)"),
		declare("transform.xegpu.insert_prefetch", "target, dynamic_nb_prefetch?, @static_nb_prefetch?:i64=1 -> desc_op",
			"$target `nb_prefetch` `=` ($dynamic_nb_prefetch^):($static_nb_prefetch)? attr-dict `:` functional-type(operands, results)"),
		declare("transform.xegpu.convert_layout", "target, input_sg_layout*, input_sg_data*, input_inst_data*, target_sg_layout*, target_sg_data*, target_inst_data*, "+
			xegpuLayoutAttrs("input_")+", "+xegpuLayoutAttrs("target_")+" -> newConvertOp; segmented",
			"$target "+xegpuLayout("input_")+" "+xegpuLayout("target_")+" attr-dict `:` functional-type(operands, results)"),
	},
)

// xegpuLayoutAttrs declares the static parts of an XeGPU layout's lists,
// named after prefix: subgroup layout, subgroup data, instruction data.
func xegpuLayoutAttrs(prefix string) string {
	return "@static_" + prefix + "sg_layout?:dense_i64=[], @static_" + prefix + "sg_data?:dense_i64=[], @static_" + prefix + "inst_data?:dense_i64=[]"
}

// xegpuLayout is the format of an XeGPU layout's lists, named after
// prefix; the instruction data is optional.
func xegpuLayout(prefix string) string {
	list := func(name string) string {
		return "`" + prefix + name + "` `=` custom<DynamicIndexList>($" + prefix + name + ", $static_" + prefix + name + ")"
	}
	return list("sg_layout") + " " + list("sg_data") + " (" + list("inst_data") + "^)?"
}

// patternDescriptors declares the pattern descriptors prefix+name, for
// the space-separated names of each list: ops without operands or
// attributes that apply_patterns and apply_conversion_patterns hold.
func patternDescriptors(prefix string, lists ...string) []*declOp {
	var ops []*declOp
	for _, list := range lists {
		for name := range strings.FieldsSeq(list) {
			ops = append(ops, declare(prefix+name, "", "attr-dict"))
		}
	}
	return ops
}

// The enums of the extensions' attributes, stored as i32.
var (
	vectorContractLowering       = &declEnum{cases: []string{"dot", "llvmintr", "outerproduct", "parallelarith"}, typ: I32}
	vectorMultiReductionLowering = &declEnum{cases: []string{"innerparallel", "innerreduction"}, typ: I32}
	vectorTransposeLowering      = &declEnum{cases: []string{"eltwise", "llvmintr", "shuffle_1d", "shuffle_16x16"}, typ: I32}
	vectorTransferSplit          = &declEnum{cases: []string{"none", "vector-transfer", "linalg-copy", "force-in-bounds"}, typ: I32}
	linalgMatchInterface         = &declEnum{cases: []string{"LinalgOp", "TilingInterface", "LoopLikeInterface"}, typ: I32}
	linalgTransposeMatmulInput   = &declEnum{cases: []string{"lhs", "rhs"}, typ: I32}
	bufferizationLayoutMap       = &declEnum{cases: []string{"InferLayoutMap", "IdentityLayoutMap", "FullyDynamicLayoutMap"}, typ: I32}
)

// custom<PackedOrDynamicIndexList>($packed, $values, $static): `*(%h)`,
// a handle to all the sizes, or a DynamicIndexList.
func parsePackedOrDynamicIndexList(c *customCall) {
	p := c.p
	if !p.accept("*") {
		parseDynamicIndexList(c.list())
		return
	}
	p.expect("(")
	c.s.refs[c.name(0)] = []operandRef{p.operandRef()}
	p.expect(")")
	c.st.AddProp(c.name(2), p.i64Array(nil))
}

func packedOrDynamicIndexListFits(c *customCall) bool {
	if len(c.values(0)) == 0 {
		return dynamicIndexListFits(c.list())
	}
	static, ok := staticArray(c.dp.op, c.name(2))
	return ok && len(static) == 0 && len(c.values(1)) == 0
}

func printPackedOrDynamicIndexList(c *customCall) {
	if len(c.values(0)) == 0 {
		printDynamicIndexList(c.list())
		return
	}
	c.dp.blank()
	c.dp.p.w("*(")
	c.dp.p.value(c.values(0)[0])
	c.dp.p.w(")")
}

// list is the DynamicIndexList of a PackedOrDynamicIndexList.
func (c *customCall) list() *customCall {
	l := *c
	l.args = c.args[1:]
	return &l
}

// custom<SemiFunctionType>(type($arg), type($results)) and, with
// "false", its form whose results are not optional: `T` when there are
// no results, else `(T) -> U` or `(T) -> (U, V)`.
func parseSemiFunctionType(c *customCall) {
	p := c.p
	paren := p.is("(")
	if len(c.args) > 2 || paren {
		p.expect("(")
	}
	c.s.types[c.name(0)] = []Type{p.parseType()}
	if !paren {
		return
	}
	p.expect(")")
	p.expect("->")
	if c.d.value(c.name(1)).arity == '*' && p.accept("(") {
		c.s.types[c.name(1)] = p.parseTypeList()
		p.expect(")")
		return
	}
	c.s.types[c.name(1)] = []Type{p.parseType()}
}

func semiFunctionTypeFits(c *customCall) bool {
	return len(c.values(0)) == 1 && (len(c.args) < 3 || len(c.values(1)) == 1)
}

func printSemiFunctionType(c *customCall) {
	p := c.dp.p
	c.dp.blank()
	results := c.values(1)
	if len(results) == 0 {
		p.typ(c.values(0)[0].typ)
		return
	}
	p.w("(")
	p.typ(c.values(0)[0].typ)
	p.w(") -> ")
	if len(results) > 1 {
		p.w("(")
	}
	p.valueTypes(results)
	if len(results) > 1 {
		p.w(")")
	}
}

// custom<MultitileSizesTypes>(type($target), type($low), type($high),
// type($split)) and custom<ContinuousTileSizeTypes>(type($target),
// type($sizes), type($chunks)): `(T) -> U`, U the type of every result.
func parseSharedResultType(c *customCall) {
	at := c.p.pos()
	fn := c.p.functionTypeAt()
	if len(fn.Inputs) != 1 || len(fn.Results) != 1 {
		c.p.failAt(at, "expects a trailing functional type with one argument and one result")
	}
	c.s.types[c.name(0)] = fn.Inputs
	for _, a := range c.args[1:] {
		c.s.types[a.name] = fn.Results
	}
}

func sharedResultTypeFits(c *customCall) bool {
	for i := range c.args[1:] {
		if vs := c.values(i + 1); len(vs) != 1 || !TypesEqual(vs[0].typ, c.values(1)[0].typ) {
			return false
		}
	}
	return len(c.values(0)) == 1
}

func printSharedResultType(c *customCall) {
	c.dp.blank()
	c.dp.p.typ(&FunctionType{Inputs: []Type{c.values(0)[0].typ}, Results: []Type{c.values(1)[0].typ}})
}

// custom<ChunkSize>($dynamic, $static), the size after which
// transform.structured.split cuts: an integer, or a value, for which the
// static size is Dynamic. The op's syntax is C++ in MLIR; its format
// here is that of MLIR's parser and printer.
func parseChunkSize(c *customCall) {
	if c.p.isOperand() {
		c.s.refs[c.name(0)] = []operandRef{c.p.operandRef()}
		c.st.AddProp(c.name(1), IntAttr(Dynamic, I64))
		return
	}
	c.st.AddProp(c.name(1), IntAttr(c.p.integer(), I64))
}

// chunkSize returns the static size, which is Dynamic when a value gives
// it; ok is false when the op is not so.
func (c *customCall) chunkSize() (size *IntegerAttr, ok bool) {
	size, ok = c.dp.op.Prop(c.name(1)).(*IntegerAttr)
	if !ok || !TypesEqual(size.Type, I64) {
		return nil, false
	}
	n, ok := size.Int64()
	return size, ok && (n == Dynamic) == (len(c.values(0)) == 1)
}

func chunkSizeFits(c *customCall) bool {
	_, ok := c.chunkSize()
	return ok
}

func printChunkSize(c *customCall) {
	c.dp.blank()
	if vs := c.values(0); len(vs) == 1 {
		c.dp.p.value(vs[0])
		return
	}
	size, _ := c.chunkSize()
	c.dp.p.w(size.Text)
}

// parseAlternativesRegion parses tune.alternatives' selected region: a
// param, or an index (stored as an index attribute, as MLIR's parser
// does).
func parseAlternativesRegion(c *customCall) {
	if c.p.isOperand() {
		c.s.refs[c.name(1)] = []operandRef{c.p.operandRef()}
		return
	}
	c.st.AddProp(c.name(0), IntAttr(c.p.integer(), Index))
}

// alternativesRegionFits: an index attribute or a param, not both.
func alternativesRegionFits(c *customCall) bool {
	a := c.dp.op.Prop(c.name(0))
	i, isInt := a.(*IntegerAttr)
	return (a == nil) != (len(c.values(1)) == 0) && (a == nil || isInt && TypesEqual(i.Type, Index))
}

func printAlternativesRegion(c *customCall) {
	c.dp.blank()
	if vs := c.values(1); len(vs) == 1 {
		c.dp.p.value(vs[0])
		return
	}
	c.dp.p.w(c.dp.op.Prop(c.name(0)).(*IntegerAttr).Text)
}
