// shift_left: oracle jax.lax
func.func @main() {
  %c1 = shlo.constant {value = dense<[[4076412745, 2374124548, 2224169030], [1808137254, 110164647, 2514707433]]> : tensor<2x3xui32>} : () -> tensor<2x3xui32>
  %c2 = shlo.constant {value = dense<[[0, 1, 2], [3, 4, 5]]> : tensor<2x3xui32>} : () -> tensor<2x3xui32>
  %v3 = "shlo.shift_left"(%c1, %c2) : (tensor<2x3xui32>, tensor<2x3xui32>) -> tensor<2x3xui32>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[4076412745, 453281800, 306741528], [1580196144, 1762634352, 3161226528]]> : tensor<2x3xui32>}} : (tensor<2x3xui32>) -> ()
  func.return
}
