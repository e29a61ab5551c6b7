// tanh: oracle jax.lax (tanh)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[0.35677235905102123, -0.16567505935626059, 1.432222625683214], [-3.643994921043598, 3.8954471137791229, 1.7440339549083643]]> : tensor<2x3xf64>} : () -> tensor<2x3xf64>
  %v2 = "shlo.tanh"(%c1) : (tensor<2x3xf64>) -> tensor<2x3xf64>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[0.34236787858804257, -0.16417569042878496, 0.89212118156276121], [-0.99863353221667983, 0.99917337585352228, 0.94069270350638101]]> : tensor<2x3xf64>, rtol = 1.000e-12 : f64, atol = 1.000e-14 : f64}} : (tensor<2x3xf64>) -> ()
  func.return
}
