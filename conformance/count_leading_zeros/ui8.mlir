// count_leading_zeros: oracle jax.lax (clz)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[0, 1, 2, 3], [255, 254, 0, 1], [4, 5, 6, 7], [111, 51, 83, 31]]> : tensor<4x4xui8>} : () -> tensor<4x4xui8>
  %v2 = "shlo.count_leading_zeros"(%c1) : (tensor<4x4xui8>) -> tensor<4x4xui8>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[8, 7, 6, 6], [0, 0, 8, 7], [5, 5, 5, 5], [1, 2, 1, 3]]> : tensor<4x4xui8>}} : (tensor<4x4xui8>) -> ()
  func.return
}
