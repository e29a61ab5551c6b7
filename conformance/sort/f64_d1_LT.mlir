// sort: oracle jax.lax.sort (total order for floats); descending via reversed stable sort
func.func @main() {
  %c1 = shlo.constant {value = dense<[[0x7FF8000000000000, 1.000000e+00, -0.000000e+00, 0.000000e+00, 0xFFF0000000000000], [-2.0391137719169308, 5.4265689980486229, 0.027590784414255193, 1.3436152372202956, -2.3377916641643202], [2.6316830922092471, -5.1366616762333361, -3.2486661828519794, 0.16929306689046766, 1.7258612135465834]]> : tensor<3x5xf64>} : () -> tensor<3x5xf64>
  %v2 = "shlo.sort"(%c1) ({
  ^bb0(%k0: tensor<f64>, %k1: tensor<f64>):
    %c = "shlo.compare"(%k0, %k1) {comparison_direction = #shlo.comparison_direction<LT>, compare_type = #shlo.comparison_type<TOTALORDER>} : (tensor<f64>, tensor<f64>) -> tensor<i1>
    "shlo.return"(%c) : (tensor<i1>) -> ()
  }) {dimension = 1 : i64, is_stable = true} : (tensor<3x5xf64>) -> tensor<3x5xf64>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[0xFFF0000000000000, -0.000000e+00, 0.000000e+00, 1.000000e+00, 0x7FF8000000000000], [-2.3377916641643202, -2.0391137719169308, 0.027590784414255193, 1.3436152372202956, 5.4265689980486229], [-5.1366616762333361, -3.2486661828519794, 0.16929306689046766, 1.7258612135465834, 2.6316830922092471]]> : tensor<3x5xf64>}} : (tensor<3x5xf64>) -> ()
  %v3 = "shlo.bitcast_convert"(%v2) : (tensor<3x5xf64>) -> tensor<3x5xi64>
  %c4 = shlo.constant {value = dense<63> : tensor<3x5xi64>} : () -> tensor<3x5xi64>
  %v5 = "shlo.shift_right_logical"(%v3, %c4) : (tensor<3x5xi64>, tensor<3x5xi64>) -> tensor<3x5xi64>
  %v6 = "shlo.compare"(%v2, %v2) {comparison_direction = #shlo.comparison_direction<EQ>} : (tensor<3x5xf64>, tensor<3x5xf64>) -> tensor<3x5xi1>
  %c7 = shlo.constant {value = dense<0> : tensor<3x5xi64>} : () -> tensor<3x5xi64>
  %v8 = "shlo.select"(%v6, %v5, %c7) : (tensor<3x5xi1>, tensor<3x5xi64>, tensor<3x5xi64>) -> tensor<3x5xi64>
  "shlo.custom_call"(%v8) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[1, 1, 0, 0, 0], [1, 1, 0, 0, 0], [1, 1, 0, 0, 0]]> : tensor<3x5xi64>}} : (tensor<3x5xi64>) -> ()
  func.return
}
