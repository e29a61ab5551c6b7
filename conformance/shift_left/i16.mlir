// shift_left: oracle jax.lax
func.func @main() {
  %c1 = shlo.constant {value = dense<[[-5613, -28045, 20469], [3939, -18544, 8780]]> : tensor<2x3xi16>} : () -> tensor<2x3xi16>
  %c2 = shlo.constant {value = dense<[[0, 1, 2], [3, 4, 5]]> : tensor<2x3xi16>} : () -> tensor<2x3xi16>
  %v3 = "shlo.shift_left"(%c1, %c2) : (tensor<2x3xi16>, tensor<2x3xi16>) -> tensor<2x3xi16>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-5613, 9446, 16340], [31512, 30976, 18816]]> : tensor<2x3xi16>}} : (tensor<2x3xi16>) -> ()
  func.return
}
