// sqrt: oracle jax.lax (sqrt)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[2.9310603336502221, 1.9650555208959828, 0.94807850878201461], [0.98251484763345875, 0.70712681344339257, 1.9394993036694204]]> : tensor<2x3xf64>} : () -> tensor<2x3xf64>
  %v2 = "shlo.sqrt"(%c1) : (tensor<2x3xf64>) -> tensor<2x3xf64>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[1.7120339756121146, 1.4018043803954896, 0.97369323135267538], [0.99121886969198624, 0.84090832642053948, 1.3926590766118678]]> : tensor<2x3xf64>, rtol = 1.000e-12 : f64, atol = 1.000e-14 : f64}} : (tensor<2x3xf64>) -> ()
  func.return
}
