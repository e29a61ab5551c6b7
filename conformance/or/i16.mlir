// or: oracle jax.lax
func.func @main() {
  %c1 = shlo.constant {value = dense<[[22798, -23705, 724], [5979, 15586, -30080]]> : tensor<2x3xi16>} : () -> tensor<2x3xi16>
  %c2 = shlo.constant {value = dense<[[-14559, -26532, -22329], [-26643, 7258, 31607]]> : tensor<2x3xi16>} : () -> tensor<2x3xi16>
  %v3 = "shlo.or"(%c1, %c2) : (tensor<2x3xi16>, tensor<2x3xi16>) -> tensor<2x3xi16>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-8401, -17537, -21801], [-26625, 15610, -1033]]> : tensor<2x3xi16>}} : (tensor<2x3xi16>) -> ()
  func.return
}
