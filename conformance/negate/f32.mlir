// negate: oracle jax.lax (neg)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[4.76934528, 0.783258557, 2.53709316], [2.13635111, 1.0563339, 2.92824626]]> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %v2 = "shlo.negate"(%c1) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-4.76934528, -0.783258557, -2.53709316], [-2.13635111, -1.0563339, -2.92824626]]> : tensor<2x3xf32>}} : (tensor<2x3xf32>) -> ()
  func.return
}
