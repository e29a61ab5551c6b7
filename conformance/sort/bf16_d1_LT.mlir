// sort: oracle jax.lax.sort (total order for floats); descending via reversed stable sort
func.func @main() {
  %c1 = shlo.constant {value = dense<[[0x7FC0, 1.000000e+00, -0.000000e+00, 0.000000e+00, 0xFF80], [-2.312500e+00, -1.748050e-01, -6.718750e-01, -1.695310e+00, 1.269530e-01], [6.843750e+00, -8.164060e-01, 4.812500e+00, -1.218750e+00, 4.980470e-01]]> : tensor<3x5xbf16>} : () -> tensor<3x5xbf16>
  %v2 = "shlo.sort"(%c1) ({
  ^bb0(%k0: tensor<bf16>, %k1: tensor<bf16>):
    %c = "shlo.compare"(%k0, %k1) {comparison_direction = #shlo.comparison_direction<LT>, compare_type = #shlo.comparison_type<TOTALORDER>} : (tensor<bf16>, tensor<bf16>) -> tensor<i1>
    "shlo.return"(%c) : (tensor<i1>) -> ()
  }) {dimension = 1 : i64, is_stable = true} : (tensor<3x5xbf16>) -> tensor<3x5xbf16>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[0xFF80, -0.000000e+00, 0.000000e+00, 1.000000e+00, 0x7FC0], [-2.312500e+00, -1.695310e+00, -6.718750e-01, -1.748050e-01, 1.269530e-01], [-1.218750e+00, -8.164060e-01, 4.980470e-01, 4.812500e+00, 6.843750e+00]]> : tensor<3x5xbf16>}} : (tensor<3x5xbf16>) -> ()
  %v3 = "shlo.bitcast_convert"(%v2) : (tensor<3x5xbf16>) -> tensor<3x5xi16>
  %c4 = shlo.constant {value = dense<15> : tensor<3x5xi16>} : () -> tensor<3x5xi16>
  %v5 = "shlo.shift_right_logical"(%v3, %c4) : (tensor<3x5xi16>, tensor<3x5xi16>) -> tensor<3x5xi16>
  %v6 = "shlo.compare"(%v2, %v2) {comparison_direction = #shlo.comparison_direction<EQ>} : (tensor<3x5xbf16>, tensor<3x5xbf16>) -> tensor<3x5xi1>
  %c7 = shlo.constant {value = dense<0> : tensor<3x5xi16>} : () -> tensor<3x5xi16>
  %v8 = "shlo.select"(%v6, %v5, %c7) : (tensor<3x5xi1>, tensor<3x5xi16>, tensor<3x5xi16>) -> tensor<3x5xi16>
  "shlo.custom_call"(%v8) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[1, 1, 0, 0, 0], [1, 1, 1, 1, 0], [1, 1, 0, 0, 0]]> : tensor<3x5xi16>}} : (tensor<3x5xi16>) -> ()
  func.return
}
