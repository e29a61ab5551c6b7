// ceil: oracle jax.lax (ceil)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[-0.49179166563067289, -1.7984311073511581, -5.3846028923394798], [-3.2334576086803493, -3.3053419816349034, 1.1433307075321046]]> : tensor<2x3xf64>} : () -> tensor<2x3xf64>
  %v2 = "shlo.ceil"(%c1) : (tensor<2x3xf64>) -> tensor<2x3xf64>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-0.000000e+00, -1.000000e+00, -5.000000e+00], [-3.000000e+00, -3.000000e+00, 2.000000e+00]]> : tensor<2x3xf64>}} : (tensor<2x3xf64>) -> ()
  %v3 = "shlo.bitcast_convert"(%v2) : (tensor<2x3xf64>) -> tensor<2x3xi64>
  %c4 = shlo.constant {value = dense<63> : tensor<2x3xi64>} : () -> tensor<2x3xi64>
  %v5 = "shlo.shift_right_logical"(%v3, %c4) : (tensor<2x3xi64>, tensor<2x3xi64>) -> tensor<2x3xi64>
  %v6 = "shlo.compare"(%v2, %v2) {comparison_direction = #shlo.comparison_direction<EQ>} : (tensor<2x3xf64>, tensor<2x3xf64>) -> tensor<2x3xi1>
  %c7 = shlo.constant {value = dense<0> : tensor<2x3xi64>} : () -> tensor<2x3xi64>
  %v8 = "shlo.select"(%v6, %v5, %c7) : (tensor<2x3xi1>, tensor<2x3xi64>, tensor<2x3xi64>) -> tensor<2x3xi64>
  "shlo.custom_call"(%v8) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[1, 1, 1], [1, 1, 0]]> : tensor<2x3xi64>}} : (tensor<2x3xi64>) -> ()
  func.return
}
