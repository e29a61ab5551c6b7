// subtract: oracle jax.lax
func.func @main() {
  %c1 = shlo.constant {value = dense<[[-3.089840e+00, 2.605470e+00, 9.150390e-01], [2.427730e+00, -2.769530e+00, 1.730470e+00]]> : tensor<2x3xf16>} : () -> tensor<2x3xf16>
  %c2 = shlo.constant {value = dense<[[1.996090e+00, -2.763370e-02, -1.687500e+00], [1.208010e+00, 1.502930e+00, -1.851560e+00]]> : tensor<2x3xf16>} : () -> tensor<2x3xf16>
  %v3 = "shlo.subtract"(%c1, %c2) : (tensor<2x3xf16>, tensor<2x3xf16>) -> tensor<2x3xf16>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-5.085940e+00, 2.632810e+00, 2.601560e+00], [1.219730e+00, -4.273440e+00, 3.582030e+00]]> : tensor<2x3xf16>}} : (tensor<2x3xf16>) -> ()
  func.return
}
