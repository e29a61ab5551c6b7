// rsqrt: oracle jax.lax (rsqrt)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[0.90498859020817068, 0.95848159984525161, 0.17262664946056247], [0.51073320759156993, 3.7526761722160971, 2.2678473642008368]]> : tensor<2x3xf64>} : () -> tensor<2x3xf64>
  %v2 = "shlo.rsqrt"(%c1) : (tensor<2x3xf64>) -> tensor<2x3xf64>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[1.0511832888753307, 1.0214288258676818, 2.4068336754639952], [1.3992746033601322, 0.51621361547406419, 0.66403823924941807]]> : tensor<2x3xf64>, rtol = 1.000e-12 : f64, atol = 1.000e-14 : f64}} : (tensor<2x3xf64>) -> ()
  func.return
}
