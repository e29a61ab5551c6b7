// convert: oracle jax.lax.convert_element_type
func.func @main() {
  %c1 = shlo.constant {value = dense<[-2.695310e+00, -2.410160e+00, -1.410160e+00, -4.160160e+00, -2.076420e-01, -5.269530e+00]> : tensor<6xf16>} : () -> tensor<6xf16>
  %v2 = "shlo.convert"(%c1) : (tensor<6xf16>) -> tensor<6xi32>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[-2, -2, -1, -4, 0, -5]> : tensor<6xi32>}} : (tensor<6xi32>) -> ()
  func.return
}
