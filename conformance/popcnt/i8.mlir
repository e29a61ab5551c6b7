// popcnt: oracle jax.lax (population_count)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[0, 1, 2, 3], [127, 126, -128, -127], [-1, -2, -3, 5], [-74, -33, 75, -14]]> : tensor<4x4xi8>} : () -> tensor<4x4xi8>
  %v2 = "shlo.popcnt"(%c1) : (tensor<4x4xi8>) -> tensor<4x4xi8>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[0, 1, 1, 2], [7, 6, 1, 2], [8, 7, 7, 2], [5, 7, 4, 5]]> : tensor<4x4xi8>}} : (tensor<4x4xi8>) -> ()
  func.return
}
