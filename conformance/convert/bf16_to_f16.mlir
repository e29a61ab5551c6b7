// convert: oracle jax.lax.convert_element_type
func.func @main() {
  %c1 = shlo.constant {value = dense<[1.218750e+00, -3.437500e+00, -1.484380e+00, -4.335940e-01, 1.083980e-01, 1.546880e+00]> : tensor<6xbf16>} : () -> tensor<6xbf16>
  %v2 = "shlo.convert"(%c1) : (tensor<6xbf16>) -> tensor<6xf16>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[1.218750e+00, -3.437500e+00, -1.484380e+00, -4.335940e-01, 1.083980e-01, 1.546880e+00]> : tensor<6xf16>}} : (tensor<6xf16>) -> ()
  func.return
}
