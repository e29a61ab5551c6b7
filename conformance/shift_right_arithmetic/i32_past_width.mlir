// shift_right_arithmetic: oracle jax.lax; shift amounts >= bit width (or negative) give 0 / sign fill
func.func @main() {
  %c1 = shlo.constant {value = dense<[-2147483648, -1788640479, -985138974, 110676506, -1997070991, -1173877319, -1723641375, 1500181346]> : tensor<8xi32>} : () -> tensor<8xi32>
  %c2 = shlo.constant {value = dense<[0, 1, 31, 32, 33, 64, 3, -1]> : tensor<8xi32>} : () -> tensor<8xi32>
  %v3 = "shlo.shift_right_arithmetic"(%c1, %c2) : (tensor<8xi32>, tensor<8xi32>) -> tensor<8xi32>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[-2147483648, -894320240, -1, 0, -1, -1, -215455172, 0]> : tensor<8xi32>}} : (tensor<8xi32>) -> ()
  func.return
}
