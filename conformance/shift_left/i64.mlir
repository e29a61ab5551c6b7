// shift_left: oracle jax.lax
func.func @main() {
  %c1 = shlo.constant {value = dense<[[-550066683600612286, 2703582973816935803, 8398292609508409337], [-8196814849721719377, 2584504055442967713, 6699761018863209489]]> : tensor<2x3xi64>} : () -> tensor<2x3xi64>
  %c2 = shlo.constant {value = dense<[[0, 1, 2], [3, 4, 5]]> : tensor<2x3xi64>} : () -> tensor<2x3xi64>
  %v3 = "shlo.shift_left"(%c1, %c2) : (tensor<2x3xi64>, tensor<2x3xi64>) -> tensor<2x3xi64>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-550066683600612286, 5407165947633871606, -3300317709385465884], [8212457497064451448, 4458576739668380176, -6968576280891915744]]> : tensor<2x3xi64>}} : (tensor<2x3xi64>) -> ()
  func.return
}
