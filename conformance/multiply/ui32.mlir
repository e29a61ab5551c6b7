// multiply: oracle jax.lax
func.func @main() {
  %c1 = shlo.constant {value = dense<[[1781939245, 2450544147, 3199683431], [1774164606, 3646042290, 14733978]]> : tensor<2x3xui32>} : () -> tensor<2x3xui32>
  %c2 = shlo.constant {value = dense<[[2905774092, 3800738367, 3906211907], [3823648335, 3785060799, 3502026749]]> : tensor<2x3xui32>} : () -> tensor<2x3xui32>
  %v3 = "shlo.multiply"(%c1, %c2) : (tensor<2x3xui32>, tensor<2x3xui32>) -> tensor<2x3xui32>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[1477413404, 4151037101, 670772213], [3317379298, 1503061710, 1463773234]]> : tensor<2x3xui32>}} : (tensor<2x3xui32>) -> ()
  func.return
}
