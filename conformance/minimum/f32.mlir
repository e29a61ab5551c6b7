// minimum: oracle jax.lax
func.func @main() {
  %c1 = shlo.constant {value = dense<[[-5.24509954, 0.656462728, -4.02796745], [0.236559033, 2.7943933, -2.32466531]]> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %c2 = shlo.constant {value = dense<[[-3.43326092, 5.90500832, 3.78499031], [-2.02177572, 5.0404458, -1.56050897]]> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %v3 = "shlo.minimum"(%c1, %c2) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-5.24509954, 0.656462728, -4.02796745], [-2.02177572, 2.7943933, -2.32466531]]> : tensor<2x3xf32>}} : (tensor<2x3xf32>) -> ()
  func.return
}
