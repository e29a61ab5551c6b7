// convert: oracle jax.lax.convert_element_type
func.func @main() {
  %c1 = shlo.constant {value = dense<[1.468750e+00, -1.183590e+00, -3.771480e+00, -3.873050e+00, -6.855460e-01, -1.577150e+00]> : tensor<6xf16>} : () -> tensor<6xf16>
  %v2 = "shlo.convert"(%c1) : (tensor<6xf16>) -> tensor<6xi64>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[1, -1, -3, -3, 0, -1]> : tensor<6xi64>}} : (tensor<6xi64>) -> ()
  func.return
}
