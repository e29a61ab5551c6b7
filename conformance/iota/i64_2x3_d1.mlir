// iota: oracle jax.lax.broadcasted_iota
func.func @main() {
  %v1 = "shlo.iota"() {iota_dimension = 1 : i64} : () -> tensor<2x3xi64>
  "shlo.custom_call"(%v1) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[0, 1, 2], [0, 1, 2]]> : tensor<2x3xi64>}} : (tensor<2x3xi64>) -> ()
  func.return
}
