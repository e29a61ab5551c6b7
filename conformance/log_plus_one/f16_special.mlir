// log_plus_one: oracle jax.lax (log1p)
func.func @main() {
  %c1 = shlo.constant {value = dense<[0.000000e+00, -0.000000e+00, 1.000000e+00, -1.000000e+00, 5.000000e-01, -5.000000e-01, 2.500000e+00, -2.500000e+00, 6.550400e+04, -6.550400e+04, 1.500000e+00, 0x7C00, 0xFC00, 0x7E00, 3.000000e+00, -3.000000e+00]> : tensor<16xf16>} : () -> tensor<16xf16>
  %v2 = "shlo.log_plus_one"(%c1) : (tensor<16xf16>) -> tensor<16xf16>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[0.000000e+00, -0.000000e+00, 6.933590e-01, 0xFC00, 4.055180e-01, -6.933590e-01, 1.252930e+00, 0xFFFF, 1.109380e+01, 0xFFFF, 9.165030e-01, 0x7C00, 0xFFFF, 0xFFFF, 1.386720e+00, 0xFFFF]> : tensor<16xf16>, rtol = 2.000e-03 : f64, atol = 1.000e-04 : f64}} : (tensor<16xf16>) -> ()
  func.return
}
