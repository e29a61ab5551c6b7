// sine: oracle jax.lax (sin)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[1.6391038187991522, 0.44614361705037897, -1.480369964897817], [-2.0078376682784356, -1.2177710102543522, 8.3330732547415848]]> : tensor<2x3xf64>} : () -> tensor<2x3xf64>
  %v2 = "shlo.sine"(%c1) : (tensor<2x3xf64>) -> tensor<2x3xf64>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[0.99766795024149101, 0.4314898395334234, -0.99591432170004534], [-0.90600791086577281, -0.938331041201236, 0.88741402738168251]]> : tensor<2x3xf64>, rtol = 1.000e-12 : f64, atol = 1.000e-14 : f64}} : (tensor<2x3xf64>) -> ()
  func.return
}
