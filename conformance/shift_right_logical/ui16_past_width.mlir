// shift_right_logical: oracle jax.lax; shift amounts >= bit width (or negative) give 0 / sign fill
func.func @main() {
  %c1 = shlo.constant {value = dense<[0, 35806, 21419, 23918, 32434, 189, 58898, 5001]> : tensor<8xui16>} : () -> tensor<8xui16>
  %c2 = shlo.constant {value = dense<[0, 1, 15, 16, 17, 32, 3, 2]> : tensor<8xui16>} : () -> tensor<8xui16>
  %v3 = "shlo.shift_right_logical"(%c1, %c2) : (tensor<8xui16>, tensor<8xui16>) -> tensor<8xui16>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[0, 17903, 0, 0, 0, 0, 7362, 1250]> : tensor<8xui16>}} : (tensor<8xui16>) -> ()
  func.return
}
