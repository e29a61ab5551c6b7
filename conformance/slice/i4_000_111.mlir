// slice: oracle jax.lax.slice
func.func @main() {
  %c1 = shlo.constant {value = dense<[[[3, -6, -1, -7], [-6, 3, -3, 1], [-4, -4, -1, 2]], [[-1, -8, -5, -4], [-2, 7, 7, -3], [-5, 7, -7, 2]]]> : tensor<2x3x4xi4>} : () -> tensor<2x3x4xi4>
  %v2 = "shlo.slice"(%c1) {start_indices = array<i64: 0, 0, 0>, limit_indices = array<i64: 0, 3, 4>, strides = array<i64: 1, 1, 1>} : (tensor<2x3x4xi4>) -> tensor<0x3x4xi4>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<> : tensor<0x3x4xi4>}} : (tensor<0x3x4xi4>) -> ()
  func.return
}
