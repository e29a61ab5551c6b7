// cbrt: oracle jax.lax (cbrt)
func.func @main() {
  %c1 = shlo.constant {value = dense<[0.000000e+00, -0.000000e+00, 1.000000e+00, -1.000000e+00, 5.000000e-01, -5.000000e-01, 2.500000e+00, -2.500000e+00, 3.389530e+38, -3.389530e+38, 1.500000e+00, 0x7F80, 0xFF80, 0x7FC0, 3.000000e+00, -3.000000e+00]> : tensor<16xbf16>} : () -> tensor<16xbf16>
  %v2 = "shlo.cbrt"(%c1) : (tensor<16xbf16>) -> tensor<16xbf16>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[0.000000e+00, -0.000000e+00, 1.000000e+00, -1.000000e+00, 7.929680e-01, -7.929680e-01, 1.359380e+00, -1.359380e+00, 6.975030e+12, -6.975030e+12, 1.148440e+00, 0x7F80, 0xFF80, 0x7FC0, 1.445310e+00, -1.445310e+00]> : tensor<16xbf16>, rtol = 1.000e-02 : f64, atol = 1.000e-03 : f64}} : (tensor<16xbf16>) -> ()
  func.return
}
