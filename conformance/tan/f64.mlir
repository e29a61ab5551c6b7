// tan: oracle jax.lax (tan)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[-0.34406648072264678, -0.17893847718898592, 0.42866898621801786], [0.64071674366057108, 0.47218652933236716, -0.45145599589495866]]> : tensor<2x3xf64>} : () -> tensor<2x3xf64>
  %v2 = "shlo.tan"(%c1) : (tensor<2x3xf64>) -> tensor<2x3xf64>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-0.35831881280059158, -0.18087306750634932, 0.45701103509400448], [0.74565848453387162, 0.5107196781899449, -0.48485207194309887]]> : tensor<2x3xf64>, rtol = 1.000e-12 : f64, atol = 1.000e-14 : f64}} : (tensor<2x3xf64>) -> ()
  func.return
}
