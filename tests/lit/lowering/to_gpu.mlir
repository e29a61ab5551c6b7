// The GPU pipelines: element-wise ops and a reduction become kernels in one gpu.module,
// each launched over blocks x threads of the flattened iteration space (256 threads a
// block); a matmul is tiled for blocks and threads; a sort is a one-thread kernel; shlo-lower-to-nvvm ends in PTX for sm_90.
// RUN: shlo-opt %s -p 'builtin.module(shlo-lower-to-gpu-kernels)' | FileCheck %s
// RUN: shlo-opt %s -p 'builtin.module(shlo-lower-to-nvvm)' | FileCheck %s --check-prefix=PTX

// CHECK-LABEL: func.func @main
// The element-wise add: 64x16 = 1024 elements, 4 blocks of 256 threads; kernels take buffers only.
// CHECK: gpu.launch_func @shlo_kernels::@k0 blocks in (%c4, %c1, %c1) threads in (%c256, %c1, %c1) args(%{{.*}} : memref<64x16xf32>, %{{.*}} : memref<64x16xf32>)
// The matmul's fill, then the matmul tiled: 16x16 threads a block; so small a matmul gets the
// smallest tiles (16x16 outputs a block, one a thread) to have the most blocks.
// CHECK: gpu.launch_func @shlo_kernels::@k1 blocks in (%c4, %c1, %c1) threads in (%c256, %c1, %c1)
// CHECK: gpu.launch_func @shlo_kernels::@k2 blocks in (%c1, %c4, %c1) threads in (%c16, %c16, %c1)
// The row sums: 64 outputs, too few threads for one each, so each row of 32 is split into 4
// partial sums of 8 (fill, fill the partials, 256 threads reduce, 64 threads combine them).
// CHECK: gpu.launch_func @shlo_kernels::@k3 blocks in (%c1, %c1, %c1) threads in (%c64, %c1, %c1)
// CHECK: gpu.launch_func @shlo_kernels::@k4 blocks in (%c1, %c1, %c1) threads in (%c256, %c1, %c1) args(%{{.*}} : memref<64x4xf32>)
// CHECK: gpu.launch_func @shlo_kernels::@k5 blocks in (%c1, %c1, %c1) threads in (%c256, %c1, %c1) args(%{{.*}} : memref<64x4xf32>, %{{.*}} : memref<64x32xf32>)
// CHECK: gpu.launch_func @shlo_kernels::@k6 blocks in (%c1, %c1, %c1) threads in (%c64, %c1, %c1)
// The sort: one block of one thread; its result offset goes through a one-element buffer.
// CHECK: gpu.launch_func @shlo_kernels::@k7 blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args({{.*}}memref<index>)
// CHECK: gpu.module @shlo_kernels
// CHECK: gpu.func @k0({{.*}}) kernel attributes {known_block_size = array<i32: 256, 1, 1>, known_grid_size = array<i32: 4, 1, 1>}
// CHECK: gpu.block_id x
// CHECK: gpu.thread_id x
// CHECK: arith.cmpi ult
// CHECK: scf.if
// CHECK: arith.addf
// The matmul: each thread reads its accumulator once, runs K in vectorized steps of 16 with
// the accumulator carried in registers (fma chains), and writes it once.
// CHECK: gpu.func @k2
// CHECK: gpu.thread_id x
// CHECK: gpu.thread_id y
// CHECK: vector.transfer_read %arg0
// CHECK: scf.for {{.*}} = %c0 to %c32 step %c16 iter_args
// CHECK-NOT: vector.transfer_write
// CHECK: vector.fma
// CHECK: scf.yield
// CHECK: vector.transfer_write
// CHECK: gpu.barrier
// CHECK: gpu.func @k7({{.*}}) kernel attributes {known_block_size = array<i32: 1, 1, 1>, known_grid_size = array<i32: 1, 1, 1>}
// CHECK: scf.while

// PTX: gpu.binary @shlo_kernels
// PTX-SAME: .target sm_90
// PTX-SAME: .entry k0
func.func @main(%a: tensor<64x32xf32>, %b: tensor<32x16xf32>, %c: tensor<64x16xf32>, %s: tensor<8xf32>)
    -> (tensor<64x16xf32>, tensor<64x16xf32>, tensor<64xf32>, tensor<8xf32>) {
  %sum = shlo.add %c, %c : tensor<64x16xf32>
  %mm = shlo.dot_general %a, %b {dot_dimension_numbers = #shlo.dot<lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>} : (tensor<64x32xf32>, tensor<32x16xf32>) -> tensor<64x16xf32>
  %zero = shlo.constant {value = dense<0.0> : tensor<f32>} : () -> tensor<f32>
  %rows = shlo.reduce(%a), (%zero) {dimensions = array<i64: 1>} : (tensor<64x32xf32>, tensor<f32>) -> tensor<64xf32> {
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %t = shlo.add %x, %y : tensor<f32>
    shlo.return %t : tensor<f32>
  }
  %sorted = "shlo.sort"(%s) ({
  ^bb0(%l: tensor<f32>, %r: tensor<f32>):
    %lt = "shlo.compare"(%l, %r) {comparison_direction = #shlo.comparison_direction<LT>} : (tensor<f32>, tensor<f32>) -> tensor<i1>
    "shlo.return"(%lt) : (tensor<i1>) -> ()
  }) {dimension = 0 : i64, is_stable = true} : (tensor<8xf32>) -> tensor<8xf32>
  func.return %sum, %mm, %rows, %sorted : tensor<64x16xf32>, tensor<64x16xf32>, tensor<64xf32>, tensor<8xf32>
}
