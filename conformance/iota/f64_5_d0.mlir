// iota: oracle jax.lax.broadcasted_iota
func.func @main() {
  %v1 = "shlo.iota"() {iota_dimension = 0 : i64} : () -> tensor<5xf64>
  "shlo.custom_call"(%v1) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[0.000000e+00, 1.000000e+00, 2.000000e+00, 3.000000e+00, 4.000000e+00]> : tensor<5xf64>}} : (tensor<5xf64>) -> ()
  func.return
}
