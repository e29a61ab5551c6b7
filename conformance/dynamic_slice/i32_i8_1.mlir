// dynamic_slice: oracle jax.lax.dynamic_slice(allow_negative_indices=False): StableHLO clamps, no Python-style wrap
func.func @main() {
  %c1 = shlo.constant {value = dense<[[211130614, 609499011, 1119202002, 283689804, -162953218], [-2109543488, -301372072, 404146778, -1193129207, 371762442], [-1141304687, -3883618, 296629886, -610280468, -64391351], [1498626152, 1874431232, -967282971, 2080070952, -183533057]]> : tensor<4x5xi32>} : () -> tensor<4x5xi32>
  %c2 = shlo.constant {value = dense<3> : tensor<i8>} : () -> tensor<i8>
  %c3 = shlo.constant {value = dense<4> : tensor<i8>} : () -> tensor<i8>
  %v4 = "shlo.dynamic_slice"(%c1, %c2, %c3) {slice_sizes = array<i64: 2, 3>} : (tensor<4x5xi32>, tensor<i8>, tensor<i8>) -> tensor<2x3xi32>
  "shlo.custom_call"(%v4) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[296629886, -610280468, -64391351], [-967282971, 2080070952, -183533057]]> : tensor<2x3xi32>}} : (tensor<2x3xi32>) -> ()
  func.return
}
