// reduce: oracle jax.lax.reduce (floating sums compared with tolerance: order is unspecified)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[[-0.000000e+00, 0.41901754433038862, 0.58747545447900829, 0.35978329026152955], [0.09738328284837483, 0.58174011742276599, 0.49130880353975737, -0.22147177164891241], [-0.68003731023278446, 0.40738571421853653, 0.16708589440258959, 0.36399535493675417]], [[0.50350970573532561, -0.58374996123355194, -0.81609105351759559, -0.22548923529345333], [-0.27443632217479175, 0.87880382552694225, -0.12297598705177959, 0.6879800191447375], [0.34336886166092528, -0.14241065384885099, -0.002304542193052983, 0.85404946348310429]]]> : tensor<2x3x4xf64>} : () -> tensor<2x3x4xf64>
  %c2 = shlo.constant {value = dense<0.000000e+00> : tensor<f64>} : () -> tensor<f64>
  %v3 = "shlo.reduce"(%c1, %c2) ({
  ^bb0(%a0: tensor<f64>, %b0: tensor<f64>):
    %s0 = "shlo.add"(%a0, %b0) : (tensor<f64>, tensor<f64>) -> tensor<f64>
    "shlo.return"(%s0) : (tensor<f64>) -> ()
  }) {operandSegmentSizes = array<i32: 1, 1>, dimensions = array<i64: 0, 1, 2>} : (tensor<2x3x4xf64>, tensor<f64>) -> tensor<f64>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<3.6739204947959658> : tensor<f64>, rtol = 1.000e-12 : f64, atol = 1.000e-14 : f64}} : (tensor<f64>) -> ()
  func.return
}
