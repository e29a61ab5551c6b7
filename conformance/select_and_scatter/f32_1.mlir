// select_and_scatter: oracle jax _select_and_scatter_add (the StableHLO select_and_scatter with GE/add)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[0.780993998, -0.383511126, -0.0397709087, -0.852295517, -0.469421357, -0.00106995669], [0.67513746, -0.183650956, -2.457390e-01, -0.6384691, -0.104729243, 0.760427951], [-0.101342842, 0.694695711, 0.0915080904, -0.319250941, -0.611982465, 0.651430666], [0.778089642, 0.784112215, -0.235631675, 0.359311193, 0.448018759, 0.233910903]]> : tensor<4x6xf32>} : () -> tensor<4x6xf32>
  %c2 = shlo.constant {value = dense<[[0.867359638, -0.446880251, 0.341419935], [5.607280e-01, -0.729767799, 0.526766539], [-0.340337038, -0.652925789, -8.846920e-01]]> : tensor<3x3xf32>} : () -> tensor<3x3xf32>
  %c3 = shlo.constant {value = dense<0.000000e+00> : tensor<f32>} : () -> tensor<f32>
  %v4 = "shlo.select_and_scatter"(%c1, %c2, %c3) ({
  ^bb0(%p: tensor<f32>, %q: tensor<f32>):
    %c = "shlo.compare"(%p, %q) {comparison_direction = #shlo.comparison_direction<GE>} : (tensor<f32>, tensor<f32>) -> tensor<i1>
    "shlo.return"(%c) : (tensor<i1>) -> ()
  }, {
  ^bb0(%a0: tensor<f32>, %b0: tensor<f32>):
    %s0 = "shlo.add"(%a0, %b0) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "shlo.return"(%s0) : (tensor<f32>) -> ()
  }) {window_dimensions = array<i64: 2, 3>, window_strides = array<i64: 1, 2>, padding = dense<[[0, 0], [0, 1]]> : tensor<2x2xi64>} : (tensor<4x6xf32>, tensor<3x3xf32>, tensor<f32>) -> tensor<4x6xf32>
  "shlo.custom_call"(%v4) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[0.867359638, 0.000000e+00, -0.446880251, 0.000000e+00, 0.000000e+00, 0.000000e+00], [0.000000e+00, 0.000000e+00, 0.000000e+00, 0.000000e+00, 0.000000e+00, 0.868186473], [0.000000e+00, 5.607280e-01, -0.729767799, 0.000000e+00, 0.000000e+00, -8.846920e-01], [0.000000e+00, -0.340337038, 0.000000e+00, 0.000000e+00, -0.652925789, 0.000000e+00]]> : tensor<4x6xf32>, rtol = 2.000e-06 : f64, atol = 1.000e-07 : f64}} : (tensor<4x6xf32>) -> ()
  func.return
}
