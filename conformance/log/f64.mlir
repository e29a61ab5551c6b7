// log: oracle jax.lax (log)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[3.7885165074429965, 0.44990557613845439, 3.8184667121777225], [2.1582690996028808, 3.6139073363712866, 2.6014457041262635]]> : tensor<2x3xf64>} : () -> tensor<2x3xf64>
  %v2 = "shlo.log"(%c1) : (tensor<2x3xf64>) -> tensor<2x3xf64>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[1.3319745196301602, -0.79871754903876935, 1.3398489577955954], [0.76930655767287626, 1.2847895516562875, 0.95606733054301318]]> : tensor<2x3xf64>, rtol = 1.000e-12 : f64, atol = 1.000e-14 : f64}} : (tensor<2x3xf64>) -> ()
  func.return
}
