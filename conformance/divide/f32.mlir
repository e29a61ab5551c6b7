// divide: oracle jax.lax
func.func @main() {
  %c1 = shlo.constant {value = dense<[[-2.18744469, 2.49330449, 2.14222145], [1.34431934, -1.86661255, -3.19969583]]> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %c2 = shlo.constant {value = dense<[[-0.412163258, 1.93279266, 2.324476], [1.68958831, 2.05863357, -1.12762213]]> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %v3 = "shlo.divide"(%c1, %c2) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[5.30722857, 1.29000103, 0.921593248], [0.795649051, -0.906724035, 2.83756042]]> : tensor<2x3xf32>}} : (tensor<2x3xf32>) -> ()
  func.return
}
