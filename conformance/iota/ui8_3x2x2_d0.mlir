// iota: oracle jax.lax.broadcasted_iota
func.func @main() {
  %v1 = "shlo.iota"() {iota_dimension = 0 : i64} : () -> tensor<3x2x2xui8>
  "shlo.custom_call"(%v1) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[[0, 0], [0, 0]], [[1, 1], [1, 1]], [[2, 2], [2, 2]]]> : tensor<3x2x2xui8>}} : (tensor<3x2x2xui8>) -> ()
  func.return
}
