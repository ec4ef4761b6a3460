package ir_test

import "testing"

// TestGPUSyntax round-trips the gpu dialect through mlir-opt-22: kernel
// launches (async, with clusters, attributions and a dynamic shared
// memory size), kernel modules and functions, binaries, and the declared
// ops with their custom directives (async dependencies, launch operands,
// reduction keywords), enum keywords, default-valued transpose modes and
// segment sizes.
func TestGPUSyntax(t *testing.T) {
	testRoundTrips(t, []roundTripCase{
		{name: "launch", src: `func.func @l(%n: index, %s: i32) {
  %t = gpu.wait async
  %0 = gpu.launch async [%t] clusters(%cx, %cy, %cz) in (%sx = %n, %sy = %n, %sz = %n)
      blocks(%bx, %by, %bz) in (%gx = %n, %gy = %n, %gz = %n)
      threads(%tx, %ty, %tz) in (%lx = %n, %ly = %n, %lz = %n)
      dynamic_shared_memory_size %s module(@m) function(@f)
      workgroup(%w : memref<4xf32, 3>) private(%p : memref<2xf32, 5>) {
    "use"(%bx, %w, %p) : (index, memref<4xf32, 3>, memref<2xf32, 5>) -> ()
    gpu.terminator
  } {tag}
  gpu.wait [%0]
  return
}`, printed: []string{
			"%0 = gpu.launch async [%t] clusters(%cx, %cy, %cz) in (%sx = %n, %sy = %n, %sz = %n) blocks(%bx, %by, %bz) in (%gx = %n, %gy = %n, %gz = %n) threads(%tx, %ty, %tz) in (%lx = %n, %ly = %n, %lz = %n) dynamic_shared_memory_size %s module(@m) function(@f) workgroup(%w : memref<4xf32, 3>) private(%p : memref<2xf32, 5>) {",
			"} {tag}",
			"gpu.wait [%0]",
		}},
		{name: "kernels", src: `module attributes {gpu.container_module} {
  gpu.module @kernels [#nvvm.target] {
    gpu.func @k(%a: f32, %m: memref<?xf32, 1>) workgroup(%w : memref<8xf32, 3>) private(%p : memref<1xf32, 5>) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
      %x = gpu.thread_id x
      %y = gpu.block_dim y upper_bound 64
      %s = gpu.subgroup_size : index
      %0 = gpu.all_reduce add %a uniform {
      } : (f32) -> f32
      %1 = gpu.all_reduce %a {
      ^bb0(%l: f32, %r: f32):
        %2 = arith.addf %l, %r : f32
        gpu.yield %2 : f32
      } : (f32) -> f32
      %3 = gpu.subgroup_reduce maxnumf %a cluster(size = 4, stride = 2) : (f32) -> f32
      %c3 = arith.constant 3 : i32
      %v, %ok = gpu.shuffle xor %a, %c3, %c3 : f32
      %rv, %rok = gpu.rotate %a, 1, 16 : f32
      %b = gpu.subgroup_broadcast %a, specific_lane %c3 : f32
      gpu.printf "%f", %a : f32
      gpu.barrier
      gpu.return
    }
  }
  gpu.module @handled <#gpu.select_object<0>> [#nvvm.target] {
  }
  gpu.binary @bin [#gpu.object<#nvvm.target, "">]
  gpu.binary @chosen <#gpu.select_object<1>> [#gpu.object<#nvvm.target, "">, #gpu.object<#nvvm.target<chip = "sm_90">, bin = "">]
  func.func @run(%n: index, %i: i32, %a: f32, %m: memref<?xf32, 1>) {
    %t = gpu.wait async
    %ptr = llvm.mlir.zero : !llvm.ptr
    %0 = gpu.launch_func async [%t] @kernels::@k blocks in (%n, %n, %n) threads in (%n, %n, %n) args(%a : f32, %m : memref<?xf32, 1>)
    gpu.launch_func <%ptr : !llvm.ptr> @kernels::@k clusters in (%i, %i, %i) blocks in (%i, %i, %i) threads in (%i, %i, %i) : i32 dynamic_shared_memory_size %i args(%a : f32, %m : memref<?xf32, 1>)
    return
  }
}`, printed: []string{
			"gpu.module @kernels [#nvvm.target] {",
			"gpu.func @k(%a: f32, %m: memref<?xf32, 1>) workgroup(%w : memref<8xf32, 3>) private(%p : memref<1xf32, 5>) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {",
			"gpu.thread_id x",
			"gpu.block_dim y upper_bound 64",
			"gpu.all_reduce add %a uniform {",
			"gpu.subgroup_reduce maxnumf %a cluster(size = 4, stride = 2) : (f32) -> f32",
			"gpu.shuffle xor %a, %c3, %c3 : f32",
			"gpu.rotate %a, 1, 16 : f32",
			"gpu.subgroup_broadcast %a, specific_lane %c3 : f32",
			"gpu.binary @bin [#gpu.object<#nvvm.target, \"\">]",
			"gpu.binary @chosen <#gpu.select_object<1>> [",
			"gpu.launch_func async [%t] @kernels::@k blocks in (%n, %n, %n) threads in (%n, %n, %n) args(%a : f32, %m : memref<?xf32, 1>)",
			"clusters in (%i, %i, %i) blocks in (%i, %i, %i) threads in (%i, %i, %i) : i32 dynamic_shared_memory_size %i args(",
			"llvm.mlir.zero : !llvm.ptr",
		}},
		{name: "memory", src: `func.func @mem(%n: index, %src: memref<4xf32>, %f: f32, %rows: memref<?xindex>, %vals: memref<?xf64>) {
  %t = gpu.wait async
  %m, %t1 = gpu.alloc async [%t] host_shared (%n) : memref<?xf32, 1>
  %s = gpu.alloc () : memref<4xf32, 1>
  %t2 = gpu.memcpy async [%t1] %s, %src : memref<4xf32, 1>, memref<4xf32>
  gpu.memset %s, %f : memref<4xf32, 1>, f32
  %sp, %t3 = gpu.create_coo async [%t2] %n, %n, %n, %rows, %rows, %vals : memref<?xindex>, memref<?xindex>, memref<?xf64>
  %dn, %t4 = gpu.create_dn_tensor async [%t3] %vals, %n : index into memref<?xf64>
  %sz, %t5 = gpu.spmv_buffer_size async [%t4] %sp {TRANSPOSE}, %dn, %dn into f64
  %t6 = gpu.spmv async [%t5] %sp, %dn, %dn, %vals : memref<?xf64> into f64
  %szs, %t7 = gpu.spmm_buffer_size async [%t6] %sp, %dn {CONJUGATE_TRANSPOSE}, %dn : index into f64
  %t8 = gpu.spmm async [%t7] %sp, %dn, %dn, %vals, %vals : memref<?xf64>, memref<?xf64> into f64
  %t9 = gpu.destroy_dn_tensor async [%t8] %dn
  %t10 = gpu.destroy_sp_mat async [%t9] %sp
  %t11 = gpu.dealloc async [%t10] %m : memref<?xf32, 1>
  gpu.dealloc %s : memref<4xf32, 1>
  gpu.wait [%t11]
  return
}`, printed: []string{
			"gpu.alloc async [%t] host_shared (%n) : memref<?xf32, 1>",
			"gpu.alloc () : memref<4xf32, 1>",
			"gpu.memcpy async [%t1] %s, %src : memref<4xf32, 1>, memref<4xf32>",
			"gpu.memset %s, %f : memref<4xf32, 1>, f32",
			"gpu.create_dn_tensor async [%t3] %vals, %n : index into memref<?xf64>",
			"gpu.spmv_buffer_size async [%t4] %sp{TRANSPOSE}, %dn, %dn into f64",
			"gpu.spmv async [%t5] %sp, %dn, %dn, %vals : memref<?xf64> into f64",
			"gpu.spmm_buffer_size async [%t6] %sp, %dn{CONJUGATE_TRANSPOSE}, %dn : index into f64",
			"gpu.destroy_sp_mat async [%t9] %sp",
			"gpu.dealloc %s : memref<4xf32, 1>",
		}},
		{name: "subgroups", src: `func.func @mma(%m: memref<32x32xf16, 3>, %mf: memref<32x32xf32, 3>, %i: index, %f: f32, %lane: index, %v: vector<4xi32>) {
  %a = gpu.subgroup_mma_load_matrix %m[%i, %i] {leadDimension = 32 : index} : memref<32x32xf16, 3> -> !gpu.mma_matrix<16x16xf16, "AOp">
  %c = gpu.subgroup_mma_constant_matrix %f : !gpu.mma_matrix<16x16xf32, "COp">
  %d = gpu.subgroup_mma_elementwise addf %c, %c : (!gpu.mma_matrix<16x16xf32, "COp">, !gpu.mma_matrix<16x16xf32, "COp">) -> !gpu.mma_matrix<16x16xf32, "COp">
  %e = gpu.subgroup_mma_extract_thread_local %d[%i] : !gpu.mma_matrix<16x16xf32, "COp"> -> f32
  %g = gpu.subgroup_mma_insert_thread_local %e, %d[%i] : f32, !gpu.mma_matrix<16x16xf32, "COp"> -> !gpu.mma_matrix<16x16xf32, "COp">
  gpu.subgroup_mma_store_matrix %g, %mf[%i, %i] {leadDimension = 32 : index} : !gpu.mma_matrix<16x16xf32, "COp">, memref<32x32xf32, 3>
  gpu.warp_execute_on_lane_0(%lane)[32] {
  }
  %r = gpu.warp_execute_on_lane_0(%lane)[32] args(%v : vector<4xi32>) -> (vector<4xi32>) {
  ^bb0(%w: vector<128xi32>):
    %x = vector.extract_strided_slice %w {offsets = [0], sizes = [4], strides = [1]} : vector<128xi32> to vector<4xi32>
    gpu.yield %x : vector<4xi32>
  }
  return
}`, printed: []string{
			"gpu.subgroup_mma_constant_matrix %f : !gpu.mma_matrix<16x16xf32, \"COp\">",
			"gpu.subgroup_mma_elementwise addf %c, %c :",
			"gpu.subgroup_mma_insert_thread_local %e, %d[%i] :",
			"gpu.warp_execute_on_lane_0(%lane)[32] {",
			"gpu.warp_execute_on_lane_0(%lane)[32] args(%v : vector<4xi32>) -> (vector<4xi32>) {",
		}},
	}, "gpu.")
}

// TestGPUSyntaxErrors checks that malformed gpu ops give a located
// diagnostic rather than a panic.
func TestGPUSyntaxErrors(t *testing.T) {
	testSyntaxErrors(t, []errorCase{
		{"launch without threads", "func.func @f(%n: index) {\n  gpu.launch blocks(%a, %b, %c) in (%x = %n, %y = %n, %z = %n) {\n    gpu.terminator\n  }\n  return\n}\n"},
		{"launch of two ids", "func.func @f(%n: index) {\n  gpu.launch blocks(%a, %b) in (%x = %n, %y = %n) threads(%d, %e, %f) in (%u = %n, %v = %n, %w = %n) {\n    gpu.terminator\n  }\n  return\n}\n"},
		{"unknown dimension", "func.func @f() {\n  %0 = gpu.thread_id w\n  return\n}\n"},
		{"unknown reduction", "func.func @f(%a: f32) {\n  %0 = gpu.subgroup_reduce sum %a : (f32) -> f32\n  return\n}\n"},
		{"launch_func args unclosed", "func.func @f(%n: index, %a: f32) {\n  gpu.launch_func @m::@k blocks in (%n, %n, %n) threads in (%n, %n, %n) args(%a : f32\n  return\n}\n"},
		{"warp without size", "func.func @f(%n: index) {\n  gpu.warp_execute_on_lane_0(%n) {\n  }\n  return\n}\n"},
		{"constant matrix of no matrix", "func.func @f(%a: f32) {\n  %0 = gpu.subgroup_mma_constant_matrix %a : f32\n  return\n}\n"},
	})
}
