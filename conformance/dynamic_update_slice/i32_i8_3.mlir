// dynamic_update_slice: oracle jax.lax.dynamic_update_slice; start indices clamped
func.func @main() {
  %c1 = shlo.constant {value = dense<[[211130614, 609499011, 1119202002, 283689804, -162953218], [-2109543488, -301372072, 404146778, -1193129207, 371762442], [-1141304687, -3883618, 296629886, -610280468, -64391351], [1498626152, 1874431232, -967282971, 2080070952, -183533057]]> : tensor<4x5xi32>} : () -> tensor<4x5xi32>
  %c2 = shlo.constant {value = dense<[[-1774438438, 1908087670, 1405789818], [1055267854, 1591150314, 1703869712]]> : tensor<2x3xi32>} : () -> tensor<2x3xi32>
  %c3 = shlo.constant {value = dense<0> : tensor<i8>} : () -> tensor<i8>
  %c4 = shlo.constant {value = dense<0> : tensor<i8>} : () -> tensor<i8>
  %v5 = "shlo.dynamic_update_slice"(%c1, %c2, %c3, %c4) : (tensor<4x5xi32>, tensor<2x3xi32>, tensor<i8>, tensor<i8>) -> tensor<4x5xi32>
  "shlo.custom_call"(%v5) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-1774438438, 1908087670, 1405789818, 283689804, -162953218], [1055267854, 1591150314, 1703869712, -1193129207, 371762442], [-1141304687, -3883618, 296629886, -610280468, -64391351], [1498626152, 1874431232, -967282971, 2080070952, -183533057]]> : tensor<4x5xi32>}} : (tensor<4x5xi32>) -> ()
  func.return
}
