// convert: oracle jax.lax.convert_element_type
func.func @main() {
  %c1 = shlo.constant {value = dense<[-1.5698078103696611, 6.7298610029525605, -0.6669676603154655, -3.0631361978658624, -2.6499856535406296, -0.78846336765953695]> : tensor<6xf64>} : () -> tensor<6xf64>
  %v2 = "shlo.convert"(%c1) : (tensor<6xf64>) -> tensor<6xf16>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[-1.569340e+00, 6.730460e+00, -6.669920e-01, -3.062500e+00, -2.650390e+00, -7.885740e-01]> : tensor<6xf16>}} : (tensor<6xf16>) -> ()
  func.return
}
