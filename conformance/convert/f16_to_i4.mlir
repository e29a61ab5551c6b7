// convert: oracle jax.lax.convert_element_type
func.func @main() {
  %c1 = shlo.constant {value = dense<[-1.771480e+00, 3.656250e+00, -9.331050e-01, -4.665530e-01, 6.870120e-01, -1.097660e+00]> : tensor<6xf16>} : () -> tensor<6xf16>
  %v2 = "shlo.convert"(%c1) : (tensor<6xf16>) -> tensor<6xi4>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[-1, 3, 0, 0, 0, -1]> : tensor<6xi4>}} : (tensor<6xi4>) -> ()
  func.return
}
