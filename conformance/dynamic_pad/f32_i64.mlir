// dynamic_pad: oracle jax.lax.pad
func.func @main() {
  %c1 = shlo.constant {value = dense<[-2.04326701, -1.38173759, 0.88285911]> : tensor<3xf32>} : () -> tensor<3xf32>
  %c2 = shlo.constant {value = dense<0.746633708> : tensor<f32>} : () -> tensor<f32>
  %c3 = shlo.constant {value = dense<1> : tensor<1xi64>} : () -> tensor<1xi64>
  %c4 = shlo.constant {value = dense<2> : tensor<1xi64>} : () -> tensor<1xi64>
  %c5 = shlo.constant {value = dense<1> : tensor<1xi64>} : () -> tensor<1xi64>
  %v6 = "shlo.dynamic_pad"(%c1, %c2, %c3, %c4, %c5) : (tensor<3xf32>, tensor<f32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<8xf32>
  "shlo.custom_call"(%v6) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[0.746633708, -2.04326701, 0.746633708, -1.38173759, 0.746633708, 0.88285911, 0.746633708, 0.746633708]> : tensor<8xf32>}} : (tensor<8xf32>) -> ()
  func.return
}
