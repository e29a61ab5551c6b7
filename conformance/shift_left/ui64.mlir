// shift_left: oracle jax.lax
func.func @main() {
  %c1 = shlo.constant {value = dense<[[17947092959442946062, 2669546622357397023, 17764275915798977849], [10545547306596194063, 1825440142253601762, 6008922500669017024]]> : tensor<2x3xui64>} : () -> tensor<2x3xui64>
  %c2 = shlo.constant {value = dense<[[0, 1, 2], [3, 4, 5]]> : tensor<2x3xui64>} : () -> tensor<2x3xui64>
  %v3 = "shlo.shift_left"(%c1, %c2) : (tensor<2x3xui64>, tensor<2x3xui64>) -> tensor<2x3xui64>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[17947092959442946062, 5339093244714794046, 15716871442067256548], [10577402157931346040, 10760298202348076576, 7818079284313028608]]> : tensor<2x3xui64>}} : (tensor<2x3xui64>) -> ()
  func.return
}
