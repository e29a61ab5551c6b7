// is_finite: oracle jax.lax (is_finite)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[-2.500000e+00, -3.046880e+00, -1.347660e+00], [7.972650e+00, -1.291020e+00, 5.307620e-01]]> : tensor<2x3xf16>} : () -> tensor<2x3xf16>
  %v2 = "shlo.is_finite"(%c1) : (tensor<2x3xf16>) -> tensor<2x3xi1>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[true, true, true], [true, true, true]]> : tensor<2x3xi1>}} : (tensor<2x3xi1>) -> ()
  func.return
}
