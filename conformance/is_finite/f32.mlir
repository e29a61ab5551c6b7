// is_finite: oracle jax.lax (is_finite)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[3.10822153, 2.52549553, -1.20541465], [-6.9049468, 2.10545969, 1.08618319]]> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %v2 = "shlo.is_finite"(%c1) : (tensor<2x3xf32>) -> tensor<2x3xi1>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[true, true, true], [true, true, true]]> : tensor<2x3xi1>}} : (tensor<2x3xi1>) -> ()
  func.return
}
