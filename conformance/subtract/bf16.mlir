// subtract: oracle jax.lax
func.func @main() {
  %c1 = shlo.constant {value = dense<[[-5.566400e-02, 1.929690e+00, 5.656250e+00], [2.500000e+00, 1.367190e+00, 3.078130e+00]]> : tensor<2x3xbf16>} : () -> tensor<2x3xbf16>
  %c2 = shlo.constant {value = dense<[[-2.828130e+00, 6.796880e-01, 1.203130e+00], [1.695310e+00, -7.324210e-02, 6.796880e-01]]> : tensor<2x3xbf16>} : () -> tensor<2x3xbf16>
  %v3 = "shlo.subtract"(%c1, %c2) : (tensor<2x3xbf16>, tensor<2x3xbf16>) -> tensor<2x3xbf16>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[2.765630e+00, 1.250000e+00, 4.437500e+00], [8.046880e-01, 1.437500e+00, 2.406250e+00]]> : tensor<2x3xbf16>}} : (tensor<2x3xbf16>) -> ()
  func.return
}
