// log: oracle jax.lax (log)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[1.89010274, 0.799138367, 0.664888501], [0.949985265, 1.71252489, 0.846392095]]> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %v2 = "shlo.log"(%c1) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[0.63663119, -0.22422117, -0.408135891], [-0.0513088033, 0.537968814, -0.166772559]]> : tensor<2x3xf32>, rtol = 2.000e-06 : f64, atol = 1.000e-07 : f64}} : (tensor<2x3xf32>) -> ()
  func.return
}
