// reduce: oracle jax.lax.reduce with a 2-operand region
func.func @main() {
  %c1 = shlo.constant {value = dense<[[-926446237, 1030306814, -411708607, -195848248, 1638019425], [1517207285, 1265852357, 428555014, 1069196155, -940685242], [1629135321, -220997712, -1978523456, 1570096710, -56306591]]> : tensor<3x5xi32>} : () -> tensor<3x5xi32>
  %c2 = shlo.constant {value = dense<[[0, 1, 2, 3, 4], [0, 1, 2, 3, 4], [0, 1, 2, 3, 4]]> : tensor<3x5xi32>} : () -> tensor<3x5xi32>
  %c3 = shlo.constant {value = dense<-2147483648> : tensor<i32>} : () -> tensor<i32>
  %c4 = shlo.constant {value = dense<0> : tensor<i32>} : () -> tensor<i32>
  %v5:2 = "shlo.reduce"(%c1, %c2, %c3, %c4) ({
  ^bb0(%va: tensor<i32>, %ia: tensor<i32>, %vb: tensor<i32>, %ib: tensor<i32>):
    %gt = "shlo.compare"(%va, %vb) {comparison_direction = #shlo.comparison_direction<GT>} : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %eq = "shlo.compare"(%va, %vb) {comparison_direction = #shlo.comparison_direction<EQ>} : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %lt = "shlo.compare"(%ia, %ib) {comparison_direction = #shlo.comparison_direction<LT>} : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %el = "shlo.and"(%eq, %lt) : (tensor<i1>, tensor<i1>) -> tensor<i1>
    %ta = "shlo.or"(%gt, %el) : (tensor<i1>, tensor<i1>) -> tensor<i1>
    %v = "shlo.select"(%ta, %va, %vb) : (tensor<i1>, tensor<i32>, tensor<i32>) -> tensor<i32>
    %i = "shlo.select"(%ta, %ia, %ib) : (tensor<i1>, tensor<i32>, tensor<i32>) -> tensor<i32>
    "shlo.return"(%v, %i) : (tensor<i32>, tensor<i32>) -> ()
  }) {operandSegmentSizes = array<i32: 2, 2>, dimensions = array<i64: 1>} : (tensor<3x5xi32>, tensor<3x5xi32>, tensor<i32>, tensor<i32>) -> (tensor<3xi32>, tensor<3xi32>)
  "shlo.custom_call"(%v5#0) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[1638019425, 1517207285, 1629135321]> : tensor<3xi32>}} : (tensor<3xi32>) -> ()
  "shlo.custom_call"(%v5#1) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[4, 0, 0]> : tensor<3xi32>}} : (tensor<3xi32>) -> ()
  func.return
}
