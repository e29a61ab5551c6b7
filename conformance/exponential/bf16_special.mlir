// exponential: oracle jax.lax (exp)
func.func @main() {
  %c1 = shlo.constant {value = dense<[0.000000e+00, -0.000000e+00, 1.000000e+00, -1.000000e+00, 5.000000e-01, -5.000000e-01, 2.500000e+00, -2.500000e+00, 3.389530e+38, -3.389530e+38, 1.500000e+00, 0x7F80, 0xFF80, 0x7FC0, 3.000000e+00, -3.000000e+00]> : tensor<16xbf16>} : () -> tensor<16xbf16>
  %v2 = "shlo.exponential"(%c1) : (tensor<16xbf16>) -> tensor<16xbf16>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[1.000000e+00, 1.000000e+00, 2.718750e+00, 3.671880e-01, 1.648440e+00, 6.054690e-01, 1.218750e+01, 8.203130e-02, 0x7F80, 0.000000e+00, 4.468750e+00, 0x7F80, 0.000000e+00, 0x7FC0, 2.012500e+01, 4.980470e-02]> : tensor<16xbf16>, rtol = 1.000e-02 : f64, atol = 1.000e-03 : f64}} : (tensor<16xbf16>) -> ()
  func.return
}
