// convert: oracle jax.lax.convert_element_type
func.func @main() {
  %c1 = shlo.constant {value = dense<[-4.3723574126241003, -0.42092132135659588, -2.8387643054721288, -5.3451924321156916, -0.072297825661152615, -2.5686121135601514]> : tensor<6xf64>} : () -> tensor<6xf64>
  %v2 = "shlo.convert"(%c1) : (tensor<6xf64>) -> tensor<6xbf16>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[-4.375000e+00, -4.218750e-01, -2.843750e+00, -5.343750e+00, -7.226560e-02, -2.562500e+00]> : tensor<6xbf16>}} : (tensor<6xbf16>) -> ()
  func.return
}
