// rsqrt: oracle jax.lax (rsqrt)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[1.634770e+00, 3.820310e+00, 1.176150e-01], [2.488280e+00, 2.644530e+00, 1.944340e+00]]> : tensor<2x3xf16>} : () -> tensor<2x3xf16>
  %v2 = "shlo.rsqrt"(%c1) : (tensor<2x3xf16>) -> tensor<2x3xf16>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[7.822270e-01, 5.117190e-01, 2.916020e+00], [6.337890e-01, 6.147460e-01, 7.172850e-01]]> : tensor<2x3xf16>, rtol = 2.000e-03 : f64, atol = 1.000e-04 : f64}} : (tensor<2x3xf16>) -> ()
  func.return
}
