// dynamic_iota: oracle jax.lax.broadcasted_iota
func.func @main() {
  %c1 = shlo.constant {value = dense<[2, 4]> : tensor<2xi64>} : () -> tensor<2xi64>
  %v2 = "shlo.dynamic_iota"(%c1) {iota_dimension = 1 : i64} : (tensor<2xi64>) -> tensor<2x4xi32>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[0, 1, 2, 3], [0, 1, 2, 3]]> : tensor<2x4xi32>}} : (tensor<2x4xi32>) -> ()
  func.return
}
