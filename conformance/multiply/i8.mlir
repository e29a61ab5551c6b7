// multiply: oracle jax.lax
func.func @main() {
  %c1 = shlo.constant {value = dense<[[34, 0, -84], [-87, 69, 71]]> : tensor<2x3xi8>} : () -> tensor<2x3xi8>
  %c2 = shlo.constant {value = dense<[[-52, 120, -112], [127, -23, 84]]> : tensor<2x3xi8>} : () -> tensor<2x3xi8>
  %v3 = "shlo.multiply"(%c1, %c2) : (tensor<2x3xi8>, tensor<2x3xi8>) -> tensor<2x3xi8>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[24, 0, -64], [-41, -51, 76]]> : tensor<2x3xi8>}} : (tensor<2x3xi8>) -> ()
  func.return
}
