// abs: oracle jax.lax (abs)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[5.500000e+00, 9.375000e-01, -3.437500e-01], [6.875000e-01, 1.000000e+00, -6.875000e-01]]> : tensor<2x3xf8E4M3FN>} : () -> tensor<2x3xf8E4M3FN>
  %v2 = "shlo.abs"(%c1) : (tensor<2x3xf8E4M3FN>) -> tensor<2x3xf8E4M3FN>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[5.500000e+00, 9.375000e-01, 3.437500e-01], [6.875000e-01, 1.000000e+00, 6.875000e-01]]> : tensor<2x3xf8E4M3FN>}} : (tensor<2x3xf8E4M3FN>) -> ()
  func.return
}
