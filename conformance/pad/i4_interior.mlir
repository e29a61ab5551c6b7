// pad: oracle jax.lax.pad (negative padding crops)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[0, 2, 5], [2, 4, 4]]> : tensor<2x3xi4>} : () -> tensor<2x3xi4>
  %c2 = shlo.constant {value = dense<-4> : tensor<i4>} : () -> tensor<i4>
  %v3 = "shlo.pad"(%c1, %c2) {edge_padding_low = array<i64: 0, 1>, edge_padding_high = array<i64: 2, 1>, interior_padding = array<i64: 1, 1>} : (tensor<2x3xi4>, tensor<i4>) -> tensor<5x7xi4>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-4, 0, -4, 2, -4, 5, -4], [-4, -4, -4, -4, -4, -4, -4], [-4, 2, -4, 4, -4, 4, -4], [-4, -4, -4, -4, -4, -4, -4], [-4, -4, -4, -4, -4, -4, -4]]> : tensor<5x7xi4>}} : (tensor<5x7xi4>) -> ()
  func.return
}
