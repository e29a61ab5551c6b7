// negate: oracle jax.lax (neg)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[0, 1, 2, 3], [7, 6, -8, -7], [-1, -2, -3, 5], [4, 4, 4, -5]]> : tensor<4x4xi4>} : () -> tensor<4x4xi4>
  %v2 = "shlo.negate"(%c1) : (tensor<4x4xi4>) -> tensor<4x4xi4>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[0, -1, -2, -3], [-7, -6, -8, 7], [1, 2, 3, -5], [-4, -4, -4, 5]]> : tensor<4x4xi4>}} : (tensor<4x4xi4>) -> ()
  func.return
}
