// add: oracle jax.lax
func.func @main() {
  %c1 = shlo.constant {value = dense<[[1798359718, 1429003501, 3833445911], [3575058890, 2692987092, 1303402527]]> : tensor<2x3xui32>} : () -> tensor<2x3xui32>
  %c2 = shlo.constant {value = dense<[[2011583614, 1786743383, 381942134], [251716593, 91467540, 3811279029]]> : tensor<2x3xui32>} : () -> tensor<2x3xui32>
  %v3 = "shlo.add"(%c1, %c2) : (tensor<2x3xui32>, tensor<2x3xui32>) -> tensor<2x3xui32>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[3809943332, 3215746884, 4215388045], [3826775483, 2784454632, 819714260]]> : tensor<2x3xui32>}} : (tensor<2x3xui32>) -> ()
  func.return
}
