// concatenate: oracle jax.lax.concatenate
func.func @main() {
  %c1 = shlo.constant {value = dense<[[[true, false, true, true], [false, true, true, true], [false, false, true, true]]]> : tensor<1x3x4xi1>} : () -> tensor<1x3x4xi1>
  %c2 = shlo.constant {value = dense<[[[true, true, true, false], [true, true, false, true], [false, false, false, false]], [[false, false, false, false], [false, true, true, true], [true, false, false, false]]]> : tensor<2x3x4xi1>} : () -> tensor<2x3x4xi1>
  %c3 = shlo.constant {value = dense<[[[false, true, false, false], [false, false, true, true], [false, false, false, true]], [[true, false, false, false], [true, true, true, true], [true, true, true, true]], [[false, false, false, true], [false, true, false, true], [false, true, false, true]]]> : tensor<3x3x4xi1>} : () -> tensor<3x3x4xi1>
  %v4 = "shlo.concatenate"(%c1, %c2, %c3) {dimension = 0 : i64} : (tensor<1x3x4xi1>, tensor<2x3x4xi1>, tensor<3x3x4xi1>) -> tensor<6x3x4xi1>
  "shlo.custom_call"(%v4) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[[true, false, true, true], [false, true, true, true], [false, false, true, true]], [[true, true, true, false], [true, true, false, true], [false, false, false, false]], [[false, false, false, false], [false, true, true, true], [true, false, false, false]], [[false, true, false, false], [false, false, true, true], [false, false, false, true]], [[true, false, false, false], [true, true, true, true], [true, true, true, true]], [[false, false, false, true], [false, true, false, true], [false, true, false, true]]]> : tensor<6x3x4xi1>}} : (tensor<6x3x4xi1>) -> ()
  func.return
}
