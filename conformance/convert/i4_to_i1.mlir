// convert: oracle jax.lax.convert_element_type
func.func @main() {
  %c1 = shlo.constant {value = dense<[0, 1, 2, 3, 7, 6, -8, -7, -1, -2, -3, 5]> : tensor<12xi4>} : () -> tensor<12xi4>
  %v2 = "shlo.convert"(%c1) : (tensor<12xi4>) -> tensor<12xi1>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[false, true, true, true, true, true, true, true, true, true, true, true]> : tensor<12xi1>}} : (tensor<12xi1>) -> ()
  func.return
}
