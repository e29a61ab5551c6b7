// pad: oracle jax.lax.pad (negative padding crops)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[-6.000000e+00, -8.750000e-01, 2.000000e+00], [-2.500000e+00, -2.500000e-01, 5.000000e+00]]> : tensor<2x3xf8E5M2>} : () -> tensor<2x3xf8E5M2>
  %c2 = shlo.constant {value = dense<2.500000e+00> : tensor<f8E5M2>} : () -> tensor<f8E5M2>
  %v3 = "shlo.pad"(%c1, %c2) {edge_padding_low = array<i64: -1, 2>, edge_padding_high = array<i64: 1, -2>, interior_padding = array<i64: 0, 2>} : (tensor<2x3xf8E5M2>, tensor<f8E5M2>) -> tensor<2x7xf8E5M2>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[2.500000e+00, 2.500000e+00, -2.500000e+00, 2.500000e+00, 2.500000e+00, -2.500000e-01, 2.500000e+00], [2.500000e+00, 2.500000e+00, 2.500000e+00, 2.500000e+00, 2.500000e+00, 2.500000e+00, 2.500000e+00]]> : tensor<2x7xf8E5M2>}} : (tensor<2x7xf8E5M2>) -> ()
  func.return
}
