// or: oracle jax.lax
func.func @main() {
  %c1 = shlo.constant {value = dense<[[1133176428, -1199156282, -1658507498], [-210539543, -599342709, 339024739]]> : tensor<2x3xi32>} : () -> tensor<2x3xi32>
  %c2 = shlo.constant {value = dense<[[1654430872, -675093046, -1900904434], [-388025104, -2146978767, 209058882]]> : tensor<2x3xi32>} : () -> tensor<2x3xi32>
  %v3 = "shlo.or"(%c1, %c2) : (tensor<2x3xi32>, tensor<2x3xi32>) -> tensor<2x3xi32>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[1671364348, -3737650, -1615352034], [-67141639, -599263813, 477495139]]> : tensor<2x3xi32>}} : (tensor<2x3xi32>) -> ()
  func.return
}
