// shift_right_arithmetic: oracle jax.lax; shift amounts >= bit width (or negative) give 0 / sign fill
func.func @main() {
  %c1 = shlo.constant {value = dense<[0, 4001529465, 3449814973, 4191980953, 3098937843, 891929369, 1525462597, 3288327310]> : tensor<8xui32>} : () -> tensor<8xui32>
  %c2 = shlo.constant {value = dense<[0, 1, 31, 32, 33, 64, 3, 2]> : tensor<8xui32>} : () -> tensor<8xui32>
  %v3 = "shlo.shift_right_arithmetic"(%c1, %c2) : (tensor<8xui32>, tensor<8xui32>) -> tensor<8xui32>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[0, 4148248380, 4294967295, 4294967295, 4294967295, 0, 190682824, 4043307299]> : tensor<8xui32>}} : (tensor<8xui32>) -> ()
  func.return
}
