// tanh: oracle jax.lax (tanh)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[0.640287816, 1.89449632, -1.18470049], [-3.17009282, -4.01759291, 2.54724407]]> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %v2 = "shlo.tanh"(%c1) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[0.565095544, 0.955763757, -0.828928053], [-0.996478259, -0.999352514, 0.987813711]]> : tensor<2x3xf32>, rtol = 2.000e-06 : f64, atol = 1.000e-07 : f64}} : (tensor<2x3xf32>) -> ()
  func.return
}
