// is_finite: oracle jax.lax (is_finite)
func.func @main() {
  %c1 = shlo.constant {value = dense<[0.000000e+00, -0.000000e+00, 1.000000e+00, -1.000000e+00, 5.000000e-01, -5.000000e-01, 2.500000e+00, -2.500000e+00, 3.40282347E+38, -3.40282347E+38, 1.500000e+00, 0x7F800000, 0xFF800000, 0x7FC00000, 3.000000e+00, -3.000000e+00]> : tensor<16xf32>} : () -> tensor<16xf32>
  %v2 = "shlo.is_finite"(%c1) : (tensor<16xf32>) -> tensor<16xi1>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[true, true, true, true, true, true, true, true, true, true, true, false, false, false, true, true]> : tensor<16xi1>}} : (tensor<16xi1>) -> ()
  func.return
}
