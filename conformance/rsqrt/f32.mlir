// rsqrt: oracle jax.lax (rsqrt)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[1.51663482, 2.10568905, 3.22173452], [3.1049931, 1.86976552, 0.675958037]]> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %v2 = "shlo.rsqrt"(%c1) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[0.812006473, 0.68913269, 0.557128191], [5.675050e-01, 0.731318235, 1.21629834]]> : tensor<2x3xf32>, rtol = 2.000e-06 : f64, atol = 1.000e-07 : f64}} : (tensor<2x3xf32>) -> ()
  func.return
}
