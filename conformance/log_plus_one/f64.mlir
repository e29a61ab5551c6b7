// log_plus_one: oracle jax.lax (log1p)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[2.1129465292421816, 1.639125747883045, 1.4952534524752199], [1.5062969581286374, 1.9498104750555476, 1.8333534949870083]]> : tensor<2x3xf64>} : () -> tensor<2x3xf64>
  %v2 = "shlo.log_plus_one"(%c1) : (tensor<2x3xf64>) -> tensor<2x3xf64>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[1.1355697147113033, 0.97044770620902642, 0.9143903082025655], [0.91880634830764685, 1.081740922544, 1.0414609906806112]]> : tensor<2x3xf64>, rtol = 1.000e-12 : f64, atol = 1.000e-14 : f64}} : (tensor<2x3xf64>) -> ()
  func.return
}
