// not: oracle jax.lax (bitwise_not)
func.func @main() {
  %c1 = shlo.constant {value = dense<[true, true, true, true]> : tensor<4xi1>} : () -> tensor<4xi1>
  %v2 = "shlo.not"(%c1) : (tensor<4xi1>) -> tensor<4xi1>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[false, false, false, false]> : tensor<4xi1>}} : (tensor<4xi1>) -> ()
  func.return
}
