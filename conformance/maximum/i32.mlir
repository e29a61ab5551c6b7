// maximum: oracle jax.lax
func.func @main() {
  %c1 = shlo.constant {value = dense<[[1937338312, 298043428, -1101302232], [1901186372, -1695041862, 1596728601]]> : tensor<2x3xi32>} : () -> tensor<2x3xi32>
  %c2 = shlo.constant {value = dense<[[-1994108699, 1571442798, 208152375], [-999937025, -1866931243, -381475688]]> : tensor<2x3xi32>} : () -> tensor<2x3xi32>
  %v3 = "shlo.maximum"(%c1, %c2) : (tensor<2x3xi32>, tensor<2x3xi32>) -> tensor<2x3xi32>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[1937338312, 1571442798, 208152375], [1901186372, -1695041862, 1596728601]]> : tensor<2x3xi32>}} : (tensor<2x3xi32>) -> ()
  func.return
}
