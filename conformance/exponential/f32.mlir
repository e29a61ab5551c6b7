// exponential: oracle jax.lax (exp)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[-0.0576990098, 8.906700e-01, 0.0482964963], [-0.87197113, -0.0312635712, -0.023268206]]> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %v2 = "shlo.exponential"(%c1) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[9.439340e-01, 2.43676186, 1.04948175], [0.418126553, 0.969220101, 0.977000415]]> : tensor<2x3xf32>, rtol = 2.000e-06 : f64, atol = 1.000e-07 : f64}} : (tensor<2x3xf32>) -> ()
  func.return
}
