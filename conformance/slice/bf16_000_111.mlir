// slice: oracle jax.lax.slice
func.func @main() {
  %c1 = shlo.constant {value = dense<[[[-6.494140e-02, 2.734380e+00, 7.500000e-01, -8.007810e-01], [2.765630e+00, 1.062500e+00, 5.718750e+00, -4.718750e+00], [-3.062500e+00, 1.109380e+00, -2.984380e+00, -1.921880e+00]], [[-1.129150e-02, 3.453130e+00, 3.218750e+00, -1.046880e+00], [-1.414060e+00, 6.445310e-01, -2.609380e+00, 3.296880e+00], [-5.437500e+00, -5.468750e-01, -1.234380e+00, 1.890630e+00]]]> : tensor<2x3x4xbf16>} : () -> tensor<2x3x4xbf16>
  %v2 = "shlo.slice"(%c1) {start_indices = array<i64: 0, 0, 0>, limit_indices = array<i64: 0, 3, 4>, strides = array<i64: 1, 1, 1>} : (tensor<2x3x4xbf16>) -> tensor<0x3x4xbf16>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<> : tensor<0x3x4xbf16>}} : (tensor<0x3x4xbf16>) -> ()
  func.return
}
