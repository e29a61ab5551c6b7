// dynamic_update_slice: oracle jax.lax.dynamic_update_slice; start indices clamped
func.func @main() {
  %c1 = shlo.constant {value = dense<[[211130614, 609499011, 1119202002, 283689804, -162953218], [-2109543488, -301372072, 404146778, -1193129207, 371762442], [-1141304687, -3883618, 296629886, -610280468, -64391351], [1498626152, 1874431232, -967282971, 2080070952, -183533057]]> : tensor<4x5xi32>} : () -> tensor<4x5xi32>
  %c2 = shlo.constant {value = dense<[[-1077353864, 175879161, 1761918825], [1386108344, 931970575, -1662131487]]> : tensor<2x3xi32>} : () -> tensor<2x3xi32>
  %c3 = shlo.constant {value = dense<1> : tensor<i32>} : () -> tensor<i32>
  %c4 = shlo.constant {value = dense<2> : tensor<i32>} : () -> tensor<i32>
  %v5 = "shlo.dynamic_update_slice"(%c1, %c2, %c3, %c4) : (tensor<4x5xi32>, tensor<2x3xi32>, tensor<i32>, tensor<i32>) -> tensor<4x5xi32>
  "shlo.custom_call"(%v5) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[211130614, 609499011, 1119202002, 283689804, -162953218], [-2109543488, -301372072, -1077353864, 175879161, 1761918825], [-1141304687, -3883618, 1386108344, 931970575, -1662131487], [1498626152, 1874431232, -967282971, 2080070952, -183533057]]> : tensor<4x5xi32>}} : (tensor<4x5xi32>) -> ()
  func.return
}
