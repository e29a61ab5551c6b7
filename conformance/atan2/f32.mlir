// atan2: oracle jax.lax
func.func @main() {
  %c1 = shlo.constant {value = dense<[[-1.42280328, 1.43136609, 1.66494346], [3.64411378, -7.15432834, -3.92255735]]> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %c2 = shlo.constant {value = dense<[[3.96516037, 5.376730e-01, 0.0631400943], [2.46235156, 2.45699263, -2.67592406]]> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %v3 = "shlo.atan2"(%c1, %c2) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-0.344516039, 1.21146798, 1.53289127], [0.976561427, -1.2399888, -2.16946816]]> : tensor<2x3xf32>, rtol = 2.000e-06 : f64, atol = 1.000e-07 : f64}} : (tensor<2x3xf32>) -> ()
  func.return
}
