// shift_right_logical: oracle jax.lax
func.func @main() {
  %c1 = shlo.constant {value = dense<[[6, 3, 7], [-8, 5, 1]]> : tensor<2x3xi4>} : () -> tensor<2x3xi4>
  %c2 = shlo.constant {value = dense<[[0, 1, 2], [3, 0, 1]]> : tensor<2x3xi4>} : () -> tensor<2x3xi4>
  %v3 = "shlo.shift_right_logical"(%c1, %c2) : (tensor<2x3xi4>, tensor<2x3xi4>) -> tensor<2x3xi4>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[6, 1, 1], [1, 5, 0]]> : tensor<2x3xi4>}} : (tensor<2x3xi4>) -> ()
  func.return
}
