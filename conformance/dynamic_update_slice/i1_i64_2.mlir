// dynamic_update_slice: oracle jax.lax.dynamic_update_slice; start indices clamped
func.func @main() {
  %c1 = shlo.constant {value = dense<[[true, false, false, false, false], [true, false, true, true, true], [true, false, false, true, true], [false, false, false, false, true]]> : tensor<4x5xi1>} : () -> tensor<4x5xi1>
  %c2 = shlo.constant {value = dense<[[true, true, true], [false, true, true]]> : tensor<2x3xi1>} : () -> tensor<2x3xi1>
  %c3 = shlo.constant {value = dense<-1> : tensor<i64>} : () -> tensor<i64>
  %c4 = shlo.constant {value = dense<7> : tensor<i64>} : () -> tensor<i64>
  %v5 = "shlo.dynamic_update_slice"(%c1, %c2, %c3, %c4) : (tensor<4x5xi1>, tensor<2x3xi1>, tensor<i64>, tensor<i64>) -> tensor<4x5xi1>
  "shlo.custom_call"(%v5) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[true, false, true, true, true], [true, false, false, true, true], [true, false, false, true, true], [false, false, false, false, true]]> : tensor<4x5xi1>}} : (tensor<4x5xi1>) -> ()
  func.return
}
