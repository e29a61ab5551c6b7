// sign: oracle jax.lax (sign)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[-3160, -696, 26295], [19377, 15803, -13931]]> : tensor<2x3xi16>} : () -> tensor<2x3xi16>
  %v2 = "shlo.sign"(%c1) : (tensor<2x3xi16>) -> tensor<2x3xi16>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-1, -1, 1], [1, 1, -1]]> : tensor<2x3xi16>}} : (tensor<2x3xi16>) -> ()
  func.return
}
