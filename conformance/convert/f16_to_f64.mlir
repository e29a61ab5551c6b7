// convert: oracle jax.lax.convert_element_type
func.func @main() {
  %c1 = shlo.constant {value = dense<[-2.031250e+00, -1.875000e+00, -2.013670e+00, 4.500000e+00, -1.229250e-01, 8.916010e-01]> : tensor<6xf16>} : () -> tensor<6xf16>
  %v2 = "shlo.convert"(%c1) : (tensor<6xf16>) -> tensor<6xf64>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[-2.031250e+00, -1.875000e+00, -2.013671875, 4.500000e+00, -0.1229248046875, 0.8916015625]> : tensor<6xf64>}} : (tensor<6xf64>) -> ()
  func.return
}
