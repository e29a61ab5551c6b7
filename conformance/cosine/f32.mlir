// cosine: oracle jax.lax (cos)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[-0.351277471, -2.66937423, -4.44970322], [-5.77920294, -3.86559343, -1.86940944]]> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %v2 = "shlo.cosine"(%c1) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[0.938933908, -0.890561401, -0.259675115], [0.87566638, -0.74916166, -2.941950e-01]]> : tensor<2x3xf32>, rtol = 2.000e-06 : f64, atol = 1.000e-07 : f64}} : (tensor<2x3xf32>) -> ()
  func.return
}
