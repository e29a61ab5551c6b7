// count_leading_zeros: oracle jax.lax (clz)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[0, 1, 2, 3], [32767, 32766, -32768, -32767], [-1, -2, -3, 5], [24810, -716, 28813, -21429]]> : tensor<4x4xi16>} : () -> tensor<4x4xi16>
  %v2 = "shlo.count_leading_zeros"(%c1) : (tensor<4x4xi16>) -> tensor<4x4xi16>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[16, 15, 14, 14], [1, 1, 0, 0], [0, 0, 0, 13], [1, 0, 1, 0]]> : tensor<4x4xi16>}} : (tensor<4x4xi16>) -> ()
  func.return
}
