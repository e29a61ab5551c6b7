// pad: oracle jax.lax.pad (negative padding crops)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[48, 111, -63], [-119, -119, 116]]> : tensor<2x3xi8>} : () -> tensor<2x3xi8>
  %c2 = shlo.constant {value = dense<36> : tensor<i8>} : () -> tensor<i8>
  %v3 = "shlo.pad"(%c1, %c2) {edge_padding_low = array<i64: 0, 0>, edge_padding_high = array<i64: 0, 0>, interior_padding = array<i64: 0, 0>} : (tensor<2x3xi8>, tensor<i8>) -> tensor<2x3xi8>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[48, 111, -63], [-119, -119, 116]]> : tensor<2x3xi8>}} : (tensor<2x3xi8>) -> ()
  func.return
}
