// convert: oracle jax.lax.convert_element_type
func.func @main() {
  %c1 = shlo.constant {value = dense<[0.732466399, 2.79488778, 3.274590e+00, 1.98310733, 0.127813667, -0.683525443]> : tensor<6xf32>} : () -> tensor<6xf32>
  %v2 = "shlo.convert"(%c1) : (tensor<6xf32>) -> tensor<6xf16>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[7.324210e-01, 2.794920e+00, 3.275390e+00, 1.983400e+00, 1.278080e-01, -6.835930e-01]> : tensor<6xf16>}} : (tensor<6xf16>) -> ()
  func.return
}
