// shift_right_logical: oracle jax.lax; shift amounts >= bit width (or negative) give 0 / sign fill
func.func @main() {
  %c1 = shlo.constant {value = dense<[0, 69, 53, 5, 107, 90, 38, 39]> : tensor<8xui8>} : () -> tensor<8xui8>
  %c2 = shlo.constant {value = dense<[0, 1, 7, 8, 9, 16, 3, 2]> : tensor<8xui8>} : () -> tensor<8xui8>
  %v3 = "shlo.shift_right_logical"(%c1, %c2) : (tensor<8xui8>, tensor<8xui8>) -> tensor<8xui8>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[0, 34, 0, 0, 0, 0, 4, 9]> : tensor<8xui8>}} : (tensor<8xui8>) -> ()
  func.return
}
