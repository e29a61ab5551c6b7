// convert: oracle jax.lax.convert_element_type
func.func @main() {
  %c1 = shlo.constant {value = dense<[1.108400e-01, 9.765620e-01, -9.500000e+00, -1.648440e+00, 3.718750e+00, -1.679690e+00]> : tensor<6xbf16>} : () -> tensor<6xbf16>
  %v2 = "shlo.convert"(%c1) : (tensor<6xbf16>) -> tensor<6xf64>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[0.11083984375, 0.9765625, -9.500000e+00, -1.6484375, 3.718750e+00, -1.6796875]> : tensor<6xf64>}} : (tensor<6xf64>) -> ()
  func.return
}
