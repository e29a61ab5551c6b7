// remainder: oracle jax.lax
func.func @main() {
  %c1 = shlo.constant {value = dense<[[776081224, 1674997205, -1417283931], [-601355467, 436712087, -1328748404]]> : tensor<2x3xi32>} : () -> tensor<2x3xi32>
  %c2 = shlo.constant {value = dense<[[8, -8, 2], [-7, 5, -4]]> : tensor<2x3xi32>} : () -> tensor<2x3xi32>
  %v3 = "shlo.remainder"(%c1, %c2) : (tensor<2x3xi32>, tensor<2x3xi32>) -> tensor<2x3xi32>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[0, 5, -1], [-6, 2, 0]]> : tensor<2x3xi32>}} : (tensor<2x3xi32>) -> ()
  func.return
}
