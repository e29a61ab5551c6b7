// minimum: oracle jax.lax
func.func @main() {
  %c1 = shlo.constant {value = dense<[[283681038683319030, 9443695923268224285, 7579014915058344934], [9382629930538674431, 9924125167121583323, 12748305522465103331]]> : tensor<2x3xui64>} : () -> tensor<2x3xui64>
  %c2 = shlo.constant {value = dense<[[17265724579328031572, 17176933179188030843, 15890605203587387914], [1992647341579319928, 16388575927749159826, 8222843848934999781]]> : tensor<2x3xui64>} : () -> tensor<2x3xui64>
  %v3 = "shlo.minimum"(%c1, %c2) : (tensor<2x3xui64>, tensor<2x3xui64>) -> tensor<2x3xui64>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[283681038683319030, 9443695923268224285, 7579014915058344934], [1992647341579319928, 9924125167121583323, 8222843848934999781]]> : tensor<2x3xui64>}} : (tensor<2x3xui64>) -> ()
  func.return
}
