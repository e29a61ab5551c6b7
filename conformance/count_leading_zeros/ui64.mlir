// count_leading_zeros: oracle jax.lax (clz)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[0, 1, 2, 3], [18446744073709551615, 18446744073709551614, 0, 1], [4, 5, 6, 7], [16441554278564765933, 6878667146726667698, 1534631929101544756, 6912636504720318110]]> : tensor<4x4xui64>} : () -> tensor<4x4xui64>
  %v2 = "shlo.count_leading_zeros"(%c1) : (tensor<4x4xui64>) -> tensor<4x4xui64>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[64, 63, 62, 62], [0, 0, 64, 63], [61, 61, 61, 61], [0, 1, 3, 1]]> : tensor<4x4xui64>}} : (tensor<4x4xui64>) -> ()
  func.return
}
