// slice: oracle jax.lax.slice
func.func @main() {
  %c1 = shlo.constant {value = dense<[[[2.500000e+00, 4.000000e+00, -7.500000e-01, -3.000000e+00], [-2.500000e+00, 1.250000e+00, -1.250000e+00, 1.500000e+00], [1.250000e+00, 2.500000e+00, -7.000000e+00, 1.750000e+00]], [[-4.000000e+00, 6.250000e-01, -3.000000e+00, 1.500000e+00], [-2.500000e+00, -2.500000e+00, 2.000000e+00, -2.500000e+00], [-2.187500e-01, 1.500000e+00, 6.000000e+00, 5.000000e-01]]]> : tensor<2x3x4xf8E5M2>} : () -> tensor<2x3x4xf8E5M2>
  %v2 = "shlo.slice"(%c1) {start_indices = array<i64: 0, 0, 0>, limit_indices = array<i64: 0, 3, 4>, strides = array<i64: 1, 1, 1>} : (tensor<2x3x4xf8E5M2>) -> tensor<0x3x4xf8E5M2>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<> : tensor<0x3x4xf8E5M2>}} : (tensor<0x3x4xf8E5M2>) -> ()
  func.return
}
