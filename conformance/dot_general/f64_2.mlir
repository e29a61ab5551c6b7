// dot_general: oracle jax.lax.dot_general
func.func @main() {
  %c1 = shlo.constant {value = dense<[0.44196517182086492, -0.86018698147396067, -0.53537879901852437, 0.88199112600373442]> : tensor<4xf64>} : () -> tensor<4xf64>
  %c2 = shlo.constant {value = dense<[-0.56166707028587948, 0.50085350086933877, -0.77477969751746056, 0.13162483458573904]> : tensor<4xf64>} : () -> tensor<4xf64>
  %v3 = "shlo.dot_general"(%c1, %c2) {dot_dimension_numbers = #shlo.dot<lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = [0], rhs_contracting_dimensions = [0]>} : (tensor<4xf64>, tensor<4xf64>) -> tensor<f64>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<-0.14817238427131788> : tensor<f64>, rtol = 4.000e-12 : f64, atol = 1.000e-12 : f64}} : (tensor<f64>) -> ()
  func.return
}
