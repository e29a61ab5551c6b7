// atan2: oracle jax.lax
func.func @main() {
  %c1 = shlo.constant {value = dense<[[4.0238135599505949, -4.1522070733770589, -1.9548726405208749], [2.3668340777236341, 2.4272288788500007, -3.9612260953698764]]> : tensor<2x3xf64>} : () -> tensor<2x3xf64>
  %c2 = shlo.constant {value = dense<[[2.7547476321617772, -1.2155080775700189, -2.2793874700517414], [-2.2867306562887073, -0.91390940495001904, 1.2136420785717754]]> : tensor<2x3xf64>} : () -> tensor<2x3xf64>
  %v3 = "shlo.atan2"(%c1, %c2) : (tensor<2x3xf64>, tensor<2x3xf64>) -> tensor<2x3xf64>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[0.97047328610474581, -1.8555773332580381, -2.4326852300186363], [2.3389828436610927, 1.9309022485990246, -1.2734962722128809]]> : tensor<2x3xf64>, rtol = 1.000e-12 : f64, atol = 1.000e-14 : f64}} : (tensor<2x3xf64>) -> ()
  func.return
}
