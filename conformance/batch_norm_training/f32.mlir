// batch_norm_training: oracle numpy float64 (no lax op): biased variance
func.func @main() {
  %c1 = shlo.constant {value = dense<[[[1.38805473, -7.10656595, -7.03800631, 1.46712255], [8.22077369, 0.831546843, -6.91587687, 3.16071081]], [[-6.49693918, -0.709661722, 4.75190306, 1.71834612], [-10.0906582, -1.3502351, -1.2791642, 1.42111921]], [[-0.807669878, -2.76991487, 7.480910e-02, -5.87782097], [2.65189409, -6.3100481, -0.545206845, 0.269997478]]]> : tensor<3x2x4xf32>} : () -> tensor<3x2x4xf32>
  %c2 = shlo.constant {value = dense<[3.66369295, 2.48858023]> : tensor<2xf32>} : () -> tensor<2xf32>
  %c3 = shlo.constant {value = dense<[0.0475287661, -0.472452074]> : tensor<2xf32>} : () -> tensor<2xf32>
  %v4:3 = "shlo.batch_norm_training"(%c1, %c2, %c3) {epsilon = 0.25 : f32, feature_index = 1 : i64} : (tensor<3x2x4xf32>, tensor<2xf32>, tensor<2xf32>) -> (tensor<3x2x4xf32>, tensor<2xf32>, tensor<2xf32>)
  "shlo.custom_call"(%v4#0) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[[3.04757071, -4.98675728, -4.92191267, 3.12235427], [4.22819328, 0.389617085, -3.63503647, 1.59957767]], [[-4.41016388, 1.06352198, 6.22914457, 3.35996485], [-5.28428078, -0.743781149, -7.068610e-01, 0.69588977]], [[0.970824539, -0.88509351, 1.80548525, -3.82459354], [1.33525622, -3.3203187, -0.325582802, 0.0979018285]]]> : tensor<3x2x4xf32>, rtol = 1.000e-05 : f64, atol = 1.000e-05 : f64}} : (tensor<3x2x4xf32>) -> ()
  "shlo.custom_call"(%v4#1) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[-1.78386199, -0.8279289]> : tensor<2xf32>, rtol = 1.000e-05 : f64, atol = 1.000e-05 : f64}} : (tensor<2xf32>) -> ()
  "shlo.custom_call"(%v4#2) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[14.7546892, 22.6988506]> : tensor<2xf32>, rtol = 1.000e-05 : f64, atol = 1.000e-05 : f64}} : (tensor<2xf32>) -> ()
  func.return
}
