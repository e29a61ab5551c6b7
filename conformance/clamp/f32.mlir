// clamp: oracle jax.lax.clamp
func.func @main() {
  %c1 = shlo.constant {value = dense<[-2.20788169, -0.683549285, -2.12431645, -1.42222059, -1.57808173, -4.283300e+00]> : tensor<6xf32>} : () -> tensor<6xf32>
  %c2 = shlo.constant {value = dense<[-1.742926, 3.95238137, 2.85627294, -0.657303929, 3.12462568, -1.47722125]> : tensor<6xf32>} : () -> tensor<6xf32>
  %c3 = shlo.constant {value = dense<[-0.175865188, 4.73952913, 2.02994418, 4.85430241, -0.326181442, 1.87458348]> : tensor<6xf32>} : () -> tensor<6xf32>
  %v4 = "shlo.clamp"(%c1, %c2, %c3) : (tensor<6xf32>, tensor<6xf32>, tensor<6xf32>) -> tensor<6xf32>
  "shlo.custom_call"(%v4) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[-1.742926, 3.95238137, 2.02994418, -0.657303929, -0.326181442, -1.47722125]> : tensor<6xf32>}} : (tensor<6xf32>) -> ()
  func.return
}
