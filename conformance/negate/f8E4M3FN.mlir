// negate: oracle jax.lax (neg)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[2.000000e+00, 6.000000e+00, -1.125000e+00], [5.625000e-01, -7.000000e+00, 1.500000e+00]]> : tensor<2x3xf8E4M3FN>} : () -> tensor<2x3xf8E4M3FN>
  %v2 = "shlo.negate"(%c1) : (tensor<2x3xf8E4M3FN>) -> tensor<2x3xf8E4M3FN>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-2.000000e+00, -6.000000e+00, 1.125000e+00], [-5.625000e-01, 7.000000e+00, -1.500000e+00]]> : tensor<2x3xf8E4M3FN>}} : (tensor<2x3xf8E4M3FN>) -> ()
  func.return
}
