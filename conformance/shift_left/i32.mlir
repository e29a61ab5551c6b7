// shift_left: oracle jax.lax
func.func @main() {
  %c1 = shlo.constant {value = dense<[[1536855616, 502304707, -737144349], [245980011, -1737538944, -1726979865]]> : tensor<2x3xi32>} : () -> tensor<2x3xi32>
  %c2 = shlo.constant {value = dense<[[0, 1, 2], [3, 4, 5]]> : tensor<2x3xi32>} : () -> tensor<2x3xi32>
  %v3 = "shlo.shift_left"(%c1, %c2) : (tensor<2x3xi32>, tensor<2x3xi32>) -> tensor<2x3xi32>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[1536855616, 1004609414, 1346389900], [1967840088, -2030819328, 571219168]]> : tensor<2x3xi32>}} : (tensor<2x3xi32>) -> ()
  func.return
}
