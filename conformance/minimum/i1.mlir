// minimum: oracle jax.lax
func.func @main() {
  %c1 = shlo.constant {value = dense<[[false, false], [true, true]]> : tensor<2x2xi1>} : () -> tensor<2x2xi1>
  %c2 = shlo.constant {value = dense<[[false, true], [false, true]]> : tensor<2x2xi1>} : () -> tensor<2x2xi1>
  %v3 = "shlo.minimum"(%c1, %c2) : (tensor<2x2xi1>, tensor<2x2xi1>) -> tensor<2x2xi1>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[false, false], [false, true]]> : tensor<2x2xi1>}} : (tensor<2x2xi1>) -> ()
  func.return
}
