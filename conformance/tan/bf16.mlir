// tan: oracle jax.lax (tan)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[-8.203130e-01, -1.787110e-01, 8.671870e-01], [-6.757810e-01, 3.066410e-01, 5.507810e-01]]> : tensor<2x3xbf16>} : () -> tensor<2x3xbf16>
  %v2 = "shlo.tan"(%c1) : (tensor<2x3xbf16>) -> tensor<2x3xbf16>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-1.070310e+00, -1.806640e-01, 1.179690e+00], [-8.007810e-01, 3.164060e-01, 6.132810e-01]]> : tensor<2x3xbf16>, rtol = 1.000e-02 : f64, atol = 1.000e-03 : f64}} : (tensor<2x3xbf16>) -> ()
  func.return
}
