// clamp: oracle jax.lax.clamp
func.func @main() {
  %c1 = shlo.constant {value = dense<44> : tensor<ui8>} : () -> tensor<ui8>
  %c2 = shlo.constant {value = dense<[14, 89, 148, 196, 178, 242]> : tensor<6xui8>} : () -> tensor<6xui8>
  %c3 = shlo.constant {value = dense<178> : tensor<ui8>} : () -> tensor<ui8>
  %v4 = "shlo.clamp"(%c1, %c2, %c3) : (tensor<ui8>, tensor<6xui8>, tensor<ui8>) -> tensor<6xui8>
  "shlo.custom_call"(%v4) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[44, 89, 148, 178, 178, 178]> : tensor<6xui8>}} : (tensor<6xui8>) -> ()
  func.return
}
