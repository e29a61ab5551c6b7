// cosine: oracle jax.lax (cos)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[4.218750e+00, -2.359380e+00, -3.031250e+00], [9.882810e-01, -4.625000e+00, 2.171880e+00]]> : tensor<2x3xbf16>} : () -> tensor<2x3xbf16>
  %v2 = "shlo.cosine"(%c1) : (tensor<2x3xbf16>) -> tensor<2x3xbf16>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-4.746090e-01, -7.109380e-01, -9.921870e-01], [5.507810e-01, -8.740230e-02, -5.664060e-01]]> : tensor<2x3xbf16>, rtol = 1.000e-02 : f64, atol = 1.000e-03 : f64}} : (tensor<2x3xbf16>) -> ()
  func.return
}
