// while: oracle jax.lax.while_loop
func.func @main() {
  %c1 = shlo.constant {value = dense<0> : tensor<i32>} : () -> tensor<i32>
  %c2 = shlo.constant {value = dense<0.000000e+00> : tensor<f64>} : () -> tensor<f64>
  %c3 = shlo.constant {value = dense<1> : tensor<i32>} : () -> tensor<i32>
  %c4 = shlo.constant {value = dense<2.000000e+00> : tensor<f64>} : () -> tensor<f64>
  %c5 = shlo.constant {value = dense<1> : tensor<i32>} : () -> tensor<i32>
  %v6:2 = "shlo.while"(%c1, %c2) ({
  ^bb0(%i: tensor<i32>, %s: tensor<f64>):
    %c = "shlo.compare"(%i, %c5) {comparison_direction = #shlo.comparison_direction<LT>} : (tensor<i32>, tensor<i32>) -> tensor<i1>
    "shlo.return"(%c) : (tensor<i1>) -> ()
  }, {
  ^bb0(%i: tensor<i32>, %s: tensor<f64>):
    %i1 = "shlo.add"(%i, %c3) : (tensor<i32>, tensor<i32>) -> tensor<i32>
    %f = "shlo.convert"(%i1) : (tensor<i32>) -> tensor<f64>
    %g = "shlo.multiply"(%f, %c4) : (tensor<f64>, tensor<f64>) -> tensor<f64>
    %s1 = "shlo.add"(%s, %g) : (tensor<f64>, tensor<f64>) -> tensor<f64>
    "shlo.return"(%i1, %s1) : (tensor<i32>, tensor<f64>) -> ()
  }) : (tensor<i32>, tensor<f64>) -> (tensor<i32>, tensor<f64>)
  "shlo.custom_call"(%v6#1) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<2.000000e+00> : tensor<f64>}} : (tensor<f64>) -> ()
  "shlo.custom_call"(%v6#0) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<1> : tensor<i32>}} : (tensor<i32>) -> ()
  func.return
}
