// transpose: oracle jax.lax.transpose
func.func @main() {
  %c1 = shlo.constant {value = dense<[[[false, true, true, false], [false, true, false, false], [false, true, true, false]], [[true, true, true, true], [true, true, true, false], [true, true, true, true]]]> : tensor<2x3x4xi1>} : () -> tensor<2x3x4xi1>
  %v2 = "shlo.transpose"(%c1) {permutation = array<i64: 2, 0, 1>} : (tensor<2x3x4xi1>) -> tensor<4x2x3xi1>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[[false, false, false], [true, true, true]], [[true, true, true], [true, true, true]], [[true, false, true], [true, true, true]], [[false, false, false], [true, false, true]]]> : tensor<4x2x3xi1>}} : (tensor<4x2x3xi1>) -> ()
  func.return
}
