// floor: oracle jax.lax (floor)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[-4.000000e+00, -7.500000e-01, 1.750000e+00], [-5.000000e+00, -3.500000e+00, 1.250000e+00]]> : tensor<2x3xf8E5M2>} : () -> tensor<2x3xf8E5M2>
  %v2 = "shlo.floor"(%c1) : (tensor<2x3xf8E5M2>) -> tensor<2x3xf8E5M2>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-4.000000e+00, -1.000000e+00, 1.000000e+00], [-5.000000e+00, -4.000000e+00, 1.000000e+00]]> : tensor<2x3xf8E5M2>}} : (tensor<2x3xf8E5M2>) -> ()
  func.return
}
