// pad: oracle jax.lax.pad (negative padding crops)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[-1.1227622, 5.90077496, -1.49912477], [4.04754829, 2.16923046, 5.3077631]]> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %c2 = shlo.constant {value = dense<-2.31228662> : tensor<f32>} : () -> tensor<f32>
  %v3 = "shlo.pad"(%c1, %c2) {edge_padding_low = array<i64: 0, 1>, edge_padding_high = array<i64: 2, 1>, interior_padding = array<i64: 1, 1>} : (tensor<2x3xf32>, tensor<f32>) -> tensor<5x7xf32>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-2.31228662, -1.1227622, -2.31228662, 5.90077496, -2.31228662, -1.49912477, -2.31228662], [-2.31228662, -2.31228662, -2.31228662, -2.31228662, -2.31228662, -2.31228662, -2.31228662], [-2.31228662, 4.04754829, -2.31228662, 2.16923046, -2.31228662, 5.3077631, -2.31228662], [-2.31228662, -2.31228662, -2.31228662, -2.31228662, -2.31228662, -2.31228662, -2.31228662], [-2.31228662, -2.31228662, -2.31228662, -2.31228662, -2.31228662, -2.31228662, -2.31228662]]> : tensor<5x7xf32>}} : (tensor<5x7xf32>) -> ()
  func.return
}
