// abs: oracle jax.lax (abs)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[-6.355460e+00, 2.455080e+00, -5.039060e-01], [-1.469730e+00, 1.612850e-02, 3.917970e+00]]> : tensor<2x3xf16>} : () -> tensor<2x3xf16>
  %v2 = "shlo.abs"(%c1) : (tensor<2x3xf16>) -> tensor<2x3xf16>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[6.355460e+00, 2.455080e+00, 5.039060e-01], [1.469730e+00, 1.612850e-02, 3.917970e+00]]> : tensor<2x3xf16>}} : (tensor<2x3xf16>) -> ()
  func.return
}
