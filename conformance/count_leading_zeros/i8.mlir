// count_leading_zeros: oracle jax.lax (clz)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[0, 1, 2, 3], [127, 126, -128, -127], [-1, -2, -3, 5], [-38, 49, -85, 80]]> : tensor<4x4xi8>} : () -> tensor<4x4xi8>
  %v2 = "shlo.count_leading_zeros"(%c1) : (tensor<4x4xi8>) -> tensor<4x4xi8>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[8, 7, 6, 6], [1, 1, 0, 0], [0, 0, 0, 5], [0, 2, 0, 1]]> : tensor<4x4xi8>}} : (tensor<4x4xi8>) -> ()
  func.return
}
