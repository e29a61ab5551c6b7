// add: oracle jax.lax
func.func @main() {
  %c1 = shlo.constant {value = dense<[[-608003223, 2128668743, -1105239496], [-350514136, 1732484983, 1504850718]]> : tensor<2x3xi32>} : () -> tensor<2x3xi32>
  %c2 = shlo.constant {value = dense<[[941329353, 1201713196, -326315657], [742595399, 781861196, 143964126]]> : tensor<2x3xi32>} : () -> tensor<2x3xi32>
  %v3 = "shlo.add"(%c1, %c2) : (tensor<2x3xi32>, tensor<2x3xi32>) -> tensor<2x3xi32>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[333326130, -964585357, -1431555153], [392081263, -1780621117, 1648814844]]> : tensor<2x3xi32>}} : (tensor<2x3xi32>) -> ()
  func.return
}
