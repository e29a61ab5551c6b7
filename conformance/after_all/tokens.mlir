// after_all: oracle numpy: a token threads through; the value is unchanged
func.func @main() {
  %v1 = "shlo.after_all"() : () -> !shlo.token
  %v2 = "shlo.after_all"(%v1, %v1) : (!shlo.token, !shlo.token) -> !shlo.token
  %c3 = shlo.constant {value = dense<[[0.000000e+00, 1.000000e+00, 2.000000e+00], [3.000000e+00, 4.000000e+00, 5.000000e+00]]> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %tk = "shlo.custom_call"(%c3, %v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[0.000000e+00, 1.000000e+00, 2.000000e+00], [3.000000e+00, 4.000000e+00, 5.000000e+00]]> : tensor<2x3xf32>}} : (tensor<2x3xf32>, !shlo.token) -> !shlo.token
  func.return
}
