// concatenate: oracle jax.lax.concatenate
func.func @main() {
  %c1 = shlo.constant {value = dense<[[[2, -2, -3, 0], [2, -2, 3, 7], [6, -5, 1, -6]]]> : tensor<1x3x4xi4>} : () -> tensor<1x3x4xi4>
  %c2 = shlo.constant {value = dense<[[[5, 0, -5, -5], [0, 3, -4, 0], [-3, -8, -2, -3]], [[3, -1, -7, -3], [2, -6, 1, -6], [-8, 5, 1, -5]]]> : tensor<2x3x4xi4>} : () -> tensor<2x3x4xi4>
  %c3 = shlo.constant {value = dense<[[[1, -8, -6, -3], [7, -6, -8, 2], [-8, -6, 3, -2]], [[7, 1, 0, -2], [-5, 2, 2, 4], [4, 3, 3, 2]], [[0, -3, -5, 4], [-1, -1, -2, 1], [-3, 6, -8, -5]]]> : tensor<3x3x4xi4>} : () -> tensor<3x3x4xi4>
  %v4 = "shlo.concatenate"(%c1, %c2, %c3) {dimension = 0 : i64} : (tensor<1x3x4xi4>, tensor<2x3x4xi4>, tensor<3x3x4xi4>) -> tensor<6x3x4xi4>
  "shlo.custom_call"(%v4) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[[2, -2, -3, 0], [2, -2, 3, 7], [6, -5, 1, -6]], [[5, 0, -5, -5], [0, 3, -4, 0], [-3, -8, -2, -3]], [[3, -1, -7, -3], [2, -6, 1, -6], [-8, 5, 1, -5]], [[1, -8, -6, -3], [7, -6, -8, 2], [-8, -6, 3, -2]], [[7, 1, 0, -2], [-5, 2, 2, 4], [4, 3, 3, 2]], [[0, -3, -5, 4], [-1, -1, -2, 1], [-3, 6, -8, -5]]]> : tensor<6x3x4xi4>}} : (tensor<6x3x4xi4>) -> ()
  func.return
}
