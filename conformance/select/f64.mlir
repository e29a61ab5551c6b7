// select: oracle jax.lax.select
func.func @main() {
  %c1 = shlo.constant {value = dense<[[false, true, false], [true, true, true]]> : tensor<2x3xi1>} : () -> tensor<2x3xi1>
  %c2 = shlo.constant {value = dense<[[-1.592589705598304, -4.1599454477469626, 5.0139379726196314], [1.7525632219175926, 2.2889918676414123, -0.23808755362351175]]> : tensor<2x3xf64>} : () -> tensor<2x3xf64>
  %c3 = shlo.constant {value = dense<[[4.7652966757465709, 0.69690642861864727, 1.3025389056037795], [0.01842422360723453, 2.2701891972334307, -0.39318146737327742]]> : tensor<2x3xf64>} : () -> tensor<2x3xf64>
  %v4 = "shlo.select"(%c1, %c2, %c3) : (tensor<2x3xi1>, tensor<2x3xf64>, tensor<2x3xf64>) -> tensor<2x3xf64>
  "shlo.custom_call"(%v4) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[4.7652966757465709, -4.1599454477469626, 1.3025389056037795], [1.7525632219175926, 2.2889918676414123, -0.23808755362351175]]> : tensor<2x3xf64>}} : (tensor<2x3xf64>) -> ()
  func.return
}
