// shift_right_arithmetic: oracle jax.lax; shift amounts >= bit width (or negative) give 0 / sign fill
func.func @main() {
  %c1 = shlo.constant {value = dense<[-128, 21, -65, -125, -26, 105, -34, 64]> : tensor<8xi8>} : () -> tensor<8xi8>
  %c2 = shlo.constant {value = dense<[0, 1, 7, 8, 9, 16, 3, -1]> : tensor<8xi8>} : () -> tensor<8xi8>
  %v3 = "shlo.shift_right_arithmetic"(%c1, %c2) : (tensor<8xi8>, tensor<8xi8>) -> tensor<8xi8>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[-128, 10, -1, -1, -1, 0, -5, 0]> : tensor<8xi8>}} : (tensor<8xi8>) -> ()
  func.return
}
