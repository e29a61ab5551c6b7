// exponential: oracle jax.lax (exp)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[-4.055180e-01, -7.592770e-01, -2.629390e-01], [1.489260e-01, -2.675780e-01, -5.123900e-02]]> : tensor<2x3xf16>} : () -> tensor<2x3xf16>
  %v2 = "shlo.exponential"(%c1) : (tensor<2x3xf16>) -> tensor<2x3xf16>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[6.665040e-01, 4.680180e-01, 7.685550e-01], [1.160160e+00, 7.651360e-01, 9.501950e-01]]> : tensor<2x3xf16>, rtol = 2.000e-03 : f64, atol = 1.000e-04 : f64}} : (tensor<2x3xf16>) -> ()
  func.return
}
