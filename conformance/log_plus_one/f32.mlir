// log_plus_one: oracle jax.lax (log1p)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[1.81331491, 3.79651356, 3.57788754], [0.585120618, 2.568753, 3.64427733]]> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %v2 = "shlo.log_plus_one"(%c1) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[1.03436351, 1.56788933, 1.52123761], [0.460660547, 1.2722162, 1.53563583]]> : tensor<2x3xf32>, rtol = 2.000e-06 : f64, atol = 1.000e-07 : f64}} : (tensor<2x3xf32>) -> ()
  func.return
}
