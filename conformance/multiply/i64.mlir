// multiply: oracle jax.lax
func.func @main() {
  %c1 = shlo.constant {value = dense<[[4885456914670108976, 7324717957058902693, 1513860166277616409], [4011108602498197665, 1571299992511779334, -8925317702327844944]]> : tensor<2x3xi64>} : () -> tensor<2x3xi64>
  %c2 = shlo.constant {value = dense<[[8305992489700955051, 2057162733440448311, -8892293372876696457], [2423120740943640129, -7949115197590945470, 1020006947821683374]]> : tensor<2x3xi64>} : () -> tensor<2x3xi64>
  %v3 = "shlo.multiply"(%c1, %c2) : (tensor<2x3xi64>, tensor<2x3xi64>) -> tensor<2x3xi64>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-1523490142237287664, -6874137244121166733, -8855625962185861985], [2207976054093170401, -8894939427891500148, -7360048622312445536]]> : tensor<2x3xi64>}} : (tensor<2x3xi64>) -> ()
  func.return
}
