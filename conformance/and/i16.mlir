// and: oracle jax.lax
func.func @main() {
  %c1 = shlo.constant {value = dense<[[-6019, 25007, -31278], [-11439, -10546, 30505]]> : tensor<2x3xi16>} : () -> tensor<2x3xi16>
  %c2 = shlo.constant {value = dense<[[29051, 23604, -19832], [28944, -27597, -1011]]> : tensor<2x3xi16>} : () -> tensor<2x3xi16>
  %v3 = "shlo.and"(%c1, %c2) : (tensor<2x3xi16>, tensor<2x3xi16>) -> tensor<2x3xi16>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[24697, 16420, -32640], [20752, -27646, 29705]]> : tensor<2x3xi16>}} : (tensor<2x3xi16>) -> ()
  func.return
}
