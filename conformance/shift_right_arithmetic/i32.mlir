// shift_right_arithmetic: oracle jax.lax
func.func @main() {
  %c1 = shlo.constant {value = dense<[[32529635, -79808598, -1493107191], [343261508, -1775505548, -1468886574]]> : tensor<2x3xi32>} : () -> tensor<2x3xi32>
  %c2 = shlo.constant {value = dense<[[0, 1, 2], [3, 4, 5]]> : tensor<2x3xi32>} : () -> tensor<2x3xi32>
  %v3 = "shlo.shift_right_arithmetic"(%c1, %c2) : (tensor<2x3xi32>, tensor<2x3xi32>) -> tensor<2x3xi32>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[32529635, -39904299, -373276798], [42907688, -110969097, -45902706]]> : tensor<2x3xi32>}} : (tensor<2x3xi32>) -> ()
  func.return
}
