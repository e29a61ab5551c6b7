// slice: oracle jax.lax.slice
func.func @main() {
  %c1 = shlo.constant {value = dense<[[[65, -7, -98, -10], [74, -19, -52, -4], [-42, 123, 78, -54]], [[-42, 104, -115, 37], [-128, 116, -27, -94], [-82, -104, 105, -114]]]> : tensor<2x3x4xi8>} : () -> tensor<2x3x4xi8>
  %v2 = "shlo.slice"(%c1) {start_indices = array<i64: 0, 0, 0>, limit_indices = array<i64: 0, 3, 4>, strides = array<i64: 1, 1, 1>} : (tensor<2x3x4xi8>) -> tensor<0x3x4xi8>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<> : tensor<0x3x4xi8>}} : (tensor<0x3x4xi8>) -> ()
  func.return
}
