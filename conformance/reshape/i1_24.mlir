// reshape: oracle jax.lax.reshape
func.func @main() {
  %c1 = shlo.constant {value = dense<[[[false, true, true, false], [false, true, false, false], [false, true, true, false]], [[true, true, true, true], [true, true, true, false], [true, true, true, true]]]> : tensor<2x3x4xi1>} : () -> tensor<2x3x4xi1>
  %v2 = "shlo.reshape"(%c1) : (tensor<2x3x4xi1>) -> tensor<24xi1>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[false, true, true, false, false, true, false, false, false, true, true, false, true, true, true, true, true, true, true, false, true, true, true, true]> : tensor<24xi1>}} : (tensor<24xi1>) -> ()
  func.return
}
