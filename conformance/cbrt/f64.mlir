// cbrt: oracle jax.lax (cbrt)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[-3.3817773809756186, -7.3495516800677763, -2.8265725471644849], [-0.75122336460657357, -0.66466346380407726, 2.8899669472308123]]> : tensor<2x3xf64>} : () -> tensor<2x3xf64>
  %v2 = "shlo.cbrt"(%c1) : (tensor<2x3xf64>) -> tensor<2x3xf64>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-1.5010033851033977, -1.9442567528304227, -1.4139043985275219], [-0.90905402828906468, -0.87270460744589395, 1.4243966991230648]]> : tensor<2x3xf64>, rtol = 1.000e-12 : f64, atol = 1.000e-14 : f64}} : (tensor<2x3xf64>) -> ()
  func.return
}
