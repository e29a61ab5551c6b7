// negate: oracle jax.lax (neg)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[3.371580e-01, -1.510740e+00, 3.031920e-02], [-4.046880e+00, 1.313480e+00, -4.162600e-01]]> : tensor<2x3xf16>} : () -> tensor<2x3xf16>
  %v2 = "shlo.negate"(%c1) : (tensor<2x3xf16>) -> tensor<2x3xf16>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-3.371580e-01, 1.510740e+00, -3.031920e-02], [4.046880e+00, -1.313480e+00, 4.162600e-01]]> : tensor<2x3xf16>}} : (tensor<2x3xf16>) -> ()
  func.return
}
