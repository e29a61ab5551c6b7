// shift_right_logical: oracle jax.lax; shift amounts >= bit width (or negative) give 0 / sign fill
func.func @main() {
  %c1 = shlo.constant {value = dense<[0, 5, 5, 5, 2, 1, 13, 4]> : tensor<8xui4>} : () -> tensor<8xui4>
  %c2 = shlo.constant {value = dense<[0, 1, 3, 4, 5, 8, 3, 2]> : tensor<8xui4>} : () -> tensor<8xui4>
  %v3 = "shlo.shift_right_logical"(%c1, %c2) : (tensor<8xui4>, tensor<8xui4>) -> tensor<8xui4>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[0, 2, 0, 0, 0, 0, 1, 1]> : tensor<8xui4>}} : (tensor<8xui4>) -> ()
  func.return
}
