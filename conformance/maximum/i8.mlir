// maximum: oracle jax.lax
func.func @main() {
  %c1 = shlo.constant {value = dense<[[-80, 90, 83], [-65, -8, -49]]> : tensor<2x3xi8>} : () -> tensor<2x3xi8>
  %c2 = shlo.constant {value = dense<[[-52, 33, -118], [16, -101, -52]]> : tensor<2x3xi8>} : () -> tensor<2x3xi8>
  %v3 = "shlo.maximum"(%c1, %c2) : (tensor<2x3xi8>, tensor<2x3xi8>) -> tensor<2x3xi8>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-52, 90, 83], [16, -8, -49]]> : tensor<2x3xi8>}} : (tensor<2x3xi8>) -> ()
  func.return
}
