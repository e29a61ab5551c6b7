// shift_right_arithmetic: oracle jax.lax
func.func @main() {
  %c1 = shlo.constant {value = dense<[[6819320284769199909, 6348248107756938332, 8238134040917995227], [4375401721201879838, 7791315382433466247, -960087299490494149]]> : tensor<2x3xi64>} : () -> tensor<2x3xi64>
  %c2 = shlo.constant {value = dense<[[0, 1, 2], [3, 4, 5]]> : tensor<2x3xi64>} : () -> tensor<2x3xi64>
  %v3 = "shlo.shift_right_arithmetic"(%c1, %c2) : (tensor<2x3xi64>, tensor<2x3xi64>) -> tensor<2x3xi64>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[6819320284769199909, 3174124053878469166, 2059533510229498806], [546925215150234979, 486957211402091640, -30002728109077943]]> : tensor<2x3xi64>}} : (tensor<2x3xi64>) -> ()
  func.return
}
