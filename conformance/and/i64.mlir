// and: oracle jax.lax
func.func @main() {
  %c1 = shlo.constant {value = dense<[[3974911610417384835, -3341555714705865025, 9035134859687172844], [1664655221918861490, 5072676416439895795, -3821627614207629692]]> : tensor<2x3xi64>} : () -> tensor<2x3xi64>
  %c2 = shlo.constant {value = dense<[[-8449605148943730163, 8739852149052427059, 4903065907552442739], [-6350171126619269752, -1732248299961126124, 826243127539700064]]> : tensor<2x3xi64>} : () -> tensor<2x3xi64>
  %v3 = "shlo.and"(%c1, %c2) : (tensor<2x3xi64>, tensor<2x3xi64>) -> tensor<2x3xi64>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[155576499573950465, 5836700335829434931, 4900813871505545312], [511731404454232192, 5072672009729786384, 753862203262926848]]> : tensor<2x3xi64>}} : (tensor<2x3xi64>) -> ()
  func.return
}
