// exponential: oracle jax.lax (exp)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[-0.70255405993649001, -0.39895745215338863, 0.27289423133903068], [0.21967972195322616, 0.46134482104000807, -0.77229168851059382]]> : tensor<2x3xf64>} : () -> tensor<2x3xf64>
  %v2 = "shlo.exponential"(%c1) : (tensor<2x3xf64>) -> tensor<2x3xf64>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[0.49531861345204514, 0.67101925117024708, 1.3137612827042451], [1.2456777034692019, 1.5862057140942272, 0.46195320148848851]]> : tensor<2x3xf64>, rtol = 1.000e-12 : f64, atol = 1.000e-14 : f64}} : (tensor<2x3xf64>) -> ()
  func.return
}
