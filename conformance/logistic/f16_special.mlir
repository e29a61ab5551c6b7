// logistic: oracle jax.lax (logistic)
func.func @main() {
  %c1 = shlo.constant {value = dense<[0.000000e+00, -0.000000e+00, 1.000000e+00, -1.000000e+00, 5.000000e-01, -5.000000e-01, 2.500000e+00, -2.500000e+00, 6.550400e+04, -6.550400e+04, 1.500000e+00, 0x7C00, 0xFC00, 0x7E00, 3.000000e+00, -3.000000e+00]> : tensor<16xf16>} : () -> tensor<16xf16>
  %v2 = "shlo.logistic"(%c1) : (tensor<16xf16>) -> tensor<16xf16>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[5.000000e-01, 5.000000e-01, 7.309570e-01, 2.687990e-01, 6.225590e-01, 3.776860e-01, 9.243160e-01, 7.586670e-02, 1.000000e+00, 0.000000e+00, 8.178710e-01, 1.000000e+00, 0.000000e+00, 0xFE00, 9.526360e-01, 4.745480e-02]> : tensor<16xf16>, rtol = 2.000e-03 : f64, atol = 1.000e-04 : f64}} : (tensor<16xf16>) -> ()
  func.return
}
