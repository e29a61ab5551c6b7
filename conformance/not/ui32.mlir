// not: oracle jax.lax (bitwise_not)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[0, 1, 2, 3], [4294967295, 4294967294, 0, 1], [4, 5, 6, 7], [2344219327, 2721208094, 2666159031, 3060997701]]> : tensor<4x4xui32>} : () -> tensor<4x4xui32>
  %v2 = "shlo.not"(%c1) : (tensor<4x4xui32>) -> tensor<4x4xui32>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[4294967295, 4294967294, 4294967293, 4294967292], [0, 1, 4294967295, 4294967294], [4294967291, 4294967290, 4294967289, 4294967288], [1950747968, 1573759201, 1628808264, 1233969594]]> : tensor<4x4xui32>}} : (tensor<4x4xui32>) -> ()
  func.return
}
