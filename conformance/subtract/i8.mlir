// subtract: oracle jax.lax
func.func @main() {
  %c1 = shlo.constant {value = dense<[[14, -77, 124], [105, -68, -39]]> : tensor<2x3xi8>} : () -> tensor<2x3xi8>
  %c2 = shlo.constant {value = dense<[[-127, 79, -43], [8, -62, 117]]> : tensor<2x3xi8>} : () -> tensor<2x3xi8>
  %v3 = "shlo.subtract"(%c1, %c2) : (tensor<2x3xi8>, tensor<2x3xi8>) -> tensor<2x3xi8>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-115, 100, -89], [97, -6, 100]]> : tensor<2x3xi8>}} : (tensor<2x3xi8>) -> ()
  func.return
}
