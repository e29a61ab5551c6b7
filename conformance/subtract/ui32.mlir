// subtract: oracle jax.lax
func.func @main() {
  %c1 = shlo.constant {value = dense<[[906110802, 3378010699, 3019560262], [4217472283, 1544157311, 4230672447]]> : tensor<2x3xui32>} : () -> tensor<2x3xui32>
  %c2 = shlo.constant {value = dense<[[1606440035, 4065177815, 967112022], [2598894593, 3823984390, 562288731]]> : tensor<2x3xui32>} : () -> tensor<2x3xui32>
  %v3 = "shlo.subtract"(%c1, %c2) : (tensor<2x3xui32>, tensor<2x3xui32>) -> tensor<2x3xui32>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[3594638063, 3607800180, 2052448240], [1618577690, 2015140217, 3668383716]]> : tensor<2x3xui32>}} : (tensor<2x3xui32>) -> ()
  func.return
}
