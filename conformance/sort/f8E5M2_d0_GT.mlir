// sort: oracle jax.lax.sort (total order for floats); descending via reversed stable sort
func.func @main() {
  %c1 = shlo.constant {value = dense<[[0x7E, 1.000000e+00, -0.000000e+00, 0.000000e+00, 0xFC], [-4.000000e+00, -3.500000e+00, 3.500000e+00, 3.000000e+00, -2.500000e+00], [-7.000000e+00, 1.500000e+00, 3.125000e-01, 4.000000e+00, -6.250000e-01]]> : tensor<3x5xf8E5M2>} : () -> tensor<3x5xf8E5M2>
  %v2 = "shlo.sort"(%c1) ({
  ^bb0(%k0: tensor<f8E5M2>, %k1: tensor<f8E5M2>):
    %c = "shlo.compare"(%k0, %k1) {comparison_direction = #shlo.comparison_direction<GT>, compare_type = #shlo.comparison_type<TOTALORDER>} : (tensor<f8E5M2>, tensor<f8E5M2>) -> tensor<i1>
    "shlo.return"(%c) : (tensor<i1>) -> ()
  }) {dimension = 0 : i64, is_stable = true} : (tensor<3x5xf8E5M2>) -> tensor<3x5xf8E5M2>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[0x7F, 1.500000e+00, 3.500000e+00, 4.000000e+00, -6.250000e-01], [-4.000000e+00, 1.000000e+00, 3.125000e-01, 3.000000e+00, -2.500000e+00], [-7.000000e+00, -3.500000e+00, -0.000000e+00, 0.000000e+00, 0xFC]]> : tensor<3x5xf8E5M2>}} : (tensor<3x5xf8E5M2>) -> ()
  %v3 = "shlo.bitcast_convert"(%v2) : (tensor<3x5xf8E5M2>) -> tensor<3x5xi8>
  %c4 = shlo.constant {value = dense<7> : tensor<3x5xi8>} : () -> tensor<3x5xi8>
  %v5 = "shlo.shift_right_logical"(%v3, %c4) : (tensor<3x5xi8>, tensor<3x5xi8>) -> tensor<3x5xi8>
  %v6 = "shlo.compare"(%v2, %v2) {comparison_direction = #shlo.comparison_direction<EQ>} : (tensor<3x5xf8E5M2>, tensor<3x5xf8E5M2>) -> tensor<3x5xi1>
  %c7 = shlo.constant {value = dense<0> : tensor<3x5xi8>} : () -> tensor<3x5xi8>
  %v8 = "shlo.select"(%v6, %v5, %c7) : (tensor<3x5xi1>, tensor<3x5xi8>, tensor<3x5xi8>) -> tensor<3x5xi8>
  "shlo.custom_call"(%v8) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[0, 0, 0, 0, 1], [1, 0, 0, 0, 1], [1, 1, 1, 0, 1]]> : tensor<3x5xi8>}} : (tensor<3x5xi8>) -> ()
  func.return
}
