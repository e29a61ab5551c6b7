// shift_left: oracle jax.lax; shift amounts >= bit width (or negative) give 0 / sign fill
func.func @main() {
  %c1 = shlo.constant {value = dense<[0, 13452053918401905996, 16831012177940293335, 7307115466935612384, 8710605940163424556, 7259267865736962369, 5603449206278493629, 9953561362937967258]> : tensor<8xui64>} : () -> tensor<8xui64>
  %c2 = shlo.constant {value = dense<[0, 1, 63, 64, 65, 128, 3, 2]> : tensor<8xui64>} : () -> tensor<8xui64>
  %v3 = "shlo.shift_left"(%c1, %c2) : (tensor<8xui64>, tensor<8xui64>) -> tensor<8xui64>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[0, 8457363763094260376, 9223372036854775808, 0, 0, 0, 7934105502808845800, 2920757304332765800]> : tensor<8xui64>}} : (tensor<8xui64>) -> ()
  func.return
}
