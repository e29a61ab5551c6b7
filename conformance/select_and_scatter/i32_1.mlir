// select_and_scatter: oracle jax _select_and_scatter_add (the StableHLO select_and_scatter with GE/add)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[-4, 1, 5, -3, 2, 3], [1, 0, 0, 7, -2, 7], [-2, 2, 1, -7, 5, -1], [-9, -5, 7, 8, 6, -3]]> : tensor<4x6xi32>} : () -> tensor<4x6xi32>
  %c2 = shlo.constant {value = dense<[[-9, 7, 1], [4, 9, 4], [-8, -6, 6]]> : tensor<3x3xi32>} : () -> tensor<3x3xi32>
  %c3 = shlo.constant {value = dense<0> : tensor<i32>} : () -> tensor<i32>
  %v4 = "shlo.select_and_scatter"(%c1, %c2, %c3) ({
  ^bb0(%p: tensor<i32>, %q: tensor<i32>):
    %c = "shlo.compare"(%p, %q) {comparison_direction = #shlo.comparison_direction<GE>} : (tensor<i32>, tensor<i32>) -> tensor<i1>
    "shlo.return"(%c) : (tensor<i1>) -> ()
  }, {
  ^bb0(%a0: tensor<i32>, %b0: tensor<i32>):
    %s0 = "shlo.add"(%a0, %b0) : (tensor<i32>, tensor<i32>) -> tensor<i32>
    "shlo.return"(%s0) : (tensor<i32>) -> ()
  }) {window_dimensions = array<i64: 2, 3>, window_strides = array<i64: 1, 2>, padding = dense<[[0, 0], [0, 1]]> : tensor<2x2xi64>} : (tensor<4x6xi32>, tensor<3x3xi32>, tensor<i32>) -> tensor<4x6xi32>
  "shlo.custom_call"(%v4) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[0, 0, -9, 0, 0, 0], [0, 0, 0, 16, 0, 5], [0, 4, 0, 0, 0, 0], [0, 0, -8, -6, 6, 0]]> : tensor<4x6xi32>}} : (tensor<4x6xi32>) -> ()
  func.return
}
