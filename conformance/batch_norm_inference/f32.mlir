// batch_norm_inference: oracle numpy float64 (no lax op)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[[1.38805473, -7.10656595, -7.03800631, 1.46712255], [8.22077369, 0.831546843, -6.91587687, 3.16071081]], [[-6.49693918, -0.709661722, 4.75190306, 1.71834612], [-10.0906582, -1.3502351, -1.2791642, 1.42111921]], [[-0.807669878, -2.76991487, 7.480910e-02, -5.87782097], [2.65189409, -6.3100481, -0.545206845, 0.269997478]]]> : tensor<3x2x4xf32>} : () -> tensor<3x2x4xf32>
  %c2 = shlo.constant {value = dense<[3.66369295, 2.48858023]> : tensor<2xf32>} : () -> tensor<2xf32>
  %c3 = shlo.constant {value = dense<[0.0475287661, -0.472452074]> : tensor<2xf32>} : () -> tensor<2xf32>
  %c4 = shlo.constant {value = dense<[-9.464830e-01, 5.19069195]> : tensor<2xf32>} : () -> tensor<2xf32>
  %c5 = shlo.constant {value = dense<[2.37173152, 3.9540422]> : tensor<2xf32>} : () -> tensor<2xf32>
  %v6 = "shlo.batch_norm_inference"(%c1, %c2, %c3, %c4, %c5) {epsilon = 0.25 : f32, feature_index = 1 : i64} : (tensor<3x2x4xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) -> tensor<3x2x4xf32>
  "shlo.custom_call"(%v6) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[[5.32986259, -13.8908262, -13.7356968, 5.50876856], [3.20521545, -5.76322889, -15.1664238, -2.93627858]], [[-12.5114298, 0.583381832, 12.9412069, 6.07720947], [-19.0197163, -8.41129875, -8.32503891, -5.04765368]], [[0.3616198, -4.07833147, 2.35839581, -11.1105576], [-3.55383897, -14.431118, -7.43422079, -6.44479179]]]> : tensor<3x2x4xf32>, rtol = 1.000e-05 : f64, atol = 1.000e-05 : f64}} : (tensor<3x2x4xf32>) -> ()
  func.return
}
