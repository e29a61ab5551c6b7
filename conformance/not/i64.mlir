// not: oracle jax.lax (bitwise_not)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[0, 1, 2, 3], [9223372036854775807, 9223372036854775806, -9223372036854775808, -9223372036854775807], [-1, -2, -3, 5], [5128893775828625063, 7970501742899197870, -5981558174593191765, -995170357925389180]]> : tensor<4x4xi64>} : () -> tensor<4x4xi64>
  %v2 = "shlo.not"(%c1) : (tensor<4x4xi64>) -> tensor<4x4xi64>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-1, -2, -3, -4], [-9223372036854775808, -9223372036854775807, 9223372036854775807, 9223372036854775806], [0, 1, 2, -6], [-5128893775828625064, -7970501742899197871, 5981558174593191764, 995170357925389179]]> : tensor<4x4xi64>}} : (tensor<4x4xi64>) -> ()
  func.return
}
