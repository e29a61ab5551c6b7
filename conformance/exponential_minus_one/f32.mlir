// exponential_minus_one: oracle jax.lax (expm1)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[0.728374063, 0.110319629, -0.494798183], [0.084136568, 0.0651628897, -0.857302546]]> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %v2 = "shlo.exponential_minus_one"(%c1) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[1.07170939, 0.11663492, -0.390306056], [0.0877774283, 0.0673328564, -0.575694919]]> : tensor<2x3xf32>, rtol = 2.000e-06 : f64, atol = 1.000e-07 : f64}} : (tensor<2x3xf32>) -> ()
  func.return
}
