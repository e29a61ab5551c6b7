// erf: oracle jax.lax (erf)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[-1.6431483, -1.56488478, -0.89136529], [2.72806144, -0.454007387, -4.72773266]]> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %v2 = "shlo.erf"(%c1) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-0.979861795, -0.973107933, -0.792540073], [0.999885618, -0.479167968, -1.000000e+00]]> : tensor<2x3xf32>, rtol = 2.000e-06 : f64, atol = 1.000e-07 : f64}} : (tensor<2x3xf32>) -> ()
  func.return
}
