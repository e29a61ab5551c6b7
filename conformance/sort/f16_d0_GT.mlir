// sort: oracle jax.lax.sort (total order for floats); descending via reversed stable sort
func.func @main() {
  %c1 = shlo.constant {value = dense<[[0x7E00, 1.000000e+00, -0.000000e+00, 0.000000e+00, 0xFC00], [-1.778320e+00, 4.902340e-01, 1.794430e-01, 9.946280e-01, 1.055660e+00], [1.188480e+00, -2.916020e+00, -1.668950e+00, 1.733400e+00, -3.416020e+00]]> : tensor<3x5xf16>} : () -> tensor<3x5xf16>
  %v2 = "shlo.sort"(%c1) ({
  ^bb0(%k0: tensor<f16>, %k1: tensor<f16>):
    %c = "shlo.compare"(%k0, %k1) {comparison_direction = #shlo.comparison_direction<GT>, compare_type = #shlo.comparison_type<TOTALORDER>} : (tensor<f16>, tensor<f16>) -> tensor<i1>
    "shlo.return"(%c) : (tensor<i1>) -> ()
  }) {dimension = 0 : i64, is_stable = true} : (tensor<3x5xf16>) -> tensor<3x5xf16>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[0x7E00, 1.000000e+00, 1.794430e-01, 1.733400e+00, 1.055660e+00], [1.188480e+00, 4.902340e-01, -0.000000e+00, 9.946280e-01, -3.416020e+00], [-1.778320e+00, -2.916020e+00, -1.668950e+00, 0.000000e+00, 0xFC00]]> : tensor<3x5xf16>}} : (tensor<3x5xf16>) -> ()
  %v3 = "shlo.bitcast_convert"(%v2) : (tensor<3x5xf16>) -> tensor<3x5xi16>
  %c4 = shlo.constant {value = dense<15> : tensor<3x5xi16>} : () -> tensor<3x5xi16>
  %v5 = "shlo.shift_right_logical"(%v3, %c4) : (tensor<3x5xi16>, tensor<3x5xi16>) -> tensor<3x5xi16>
  %v6 = "shlo.compare"(%v2, %v2) {comparison_direction = #shlo.comparison_direction<EQ>} : (tensor<3x5xf16>, tensor<3x5xf16>) -> tensor<3x5xi1>
  %c7 = shlo.constant {value = dense<0> : tensor<3x5xi16>} : () -> tensor<3x5xi16>
  %v8 = "shlo.select"(%v6, %v5, %c7) : (tensor<3x5xi1>, tensor<3x5xi16>, tensor<3x5xi16>) -> tensor<3x5xi16>
  "shlo.custom_call"(%v8) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[0, 0, 0, 0, 0], [0, 0, 1, 0, 1], [1, 1, 1, 0, 1]]> : tensor<3x5xi16>}} : (tensor<3x5xi16>) -> ()
  func.return
}
