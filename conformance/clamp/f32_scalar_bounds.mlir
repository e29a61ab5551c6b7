// clamp: oracle jax.lax.clamp
func.func @main() {
  %c1 = shlo.constant {value = dense<-0.301723361> : tensor<f32>} : () -> tensor<f32>
  %c2 = shlo.constant {value = dense<[-1.742926, 3.95238137, 2.85627294, -0.657303929, 3.12462568, -1.47722125]> : tensor<6xf32>} : () -> tensor<6xf32>
  %c3 = shlo.constant {value = dense<1.9220624> : tensor<f32>} : () -> tensor<f32>
  %v4 = "shlo.clamp"(%c1, %c2, %c3) : (tensor<f32>, tensor<6xf32>, tensor<f32>) -> tensor<6xf32>
  "shlo.custom_call"(%v4) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[-0.301723361, 1.9220624, 1.9220624, -0.301723361, 1.9220624, -0.301723361]> : tensor<6xf32>}} : (tensor<6xf32>) -> ()
  func.return
}
