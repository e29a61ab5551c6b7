// sine: oracle jax.lax (sin)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[-1.30514026, 1.25763214, 2.61773467], [-1.74899662, -4.1854682, 2.12505841]]> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %v2 = "shlo.sine"(%c1) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-0.964920461, 0.951363563, 0.500224471], [-0.984164297, 0.864359617, 0.850289046]]> : tensor<2x3xf32>, rtol = 2.000e-06 : f64, atol = 1.000e-07 : f64}} : (tensor<2x3xf32>) -> ()
  func.return
}
