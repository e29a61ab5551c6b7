// shift_left: oracle jax.lax; shift amounts >= bit width (or negative) give 0 / sign fill
func.func @main() {
  %c1 = shlo.constant {value = dense<[-8, 6, -3, 4, 0, 1, -5, -6]> : tensor<8xi4>} : () -> tensor<8xi4>
  %c2 = shlo.constant {value = dense<[0, 1, 3, 4, 5, -8, 3, -1]> : tensor<8xi4>} : () -> tensor<8xi4>
  %v3 = "shlo.shift_left"(%c1, %c2) : (tensor<8xi4>, tensor<8xi4>) -> tensor<8xi4>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[-8, -4, -8, 0, 0, 0, -8, 0]> : tensor<8xi4>}} : (tensor<8xi4>) -> ()
  func.return
}
