// round_nearest_afz: oracle jax.lax (<lambda>)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[-6.50530577, -2.35394239, 2.23223734], [4.47998142, 4.28745127, -1.86859632]]> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %v2 = "shlo.round_nearest_afz"(%c1) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-7.000000e+00, -2.000000e+00, 2.000000e+00], [4.000000e+00, 4.000000e+00, -2.000000e+00]]> : tensor<2x3xf32>}} : (tensor<2x3xf32>) -> ()
  func.return
}
