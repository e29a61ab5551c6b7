// xor: oracle jax.lax
func.func @main() {
  %c1 = shlo.constant {value = dense<[[-29525, -23926, -11399], [-20461, -3113, 27005]]> : tensor<2x3xi16>} : () -> tensor<2x3xi16>
  %c2 = shlo.constant {value = dense<[[32624, 16109, 27835], [-13378, -23684, 17389]]> : tensor<2x3xi16>} : () -> tensor<2x3xi16>
  %v3 = "shlo.xor"(%c1, %c2) : (tensor<2x3xi16>, tensor<2x3xi16>) -> tensor<2x3xi16>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-3109, -25497, -16446], [31661, 20651, 10896]]> : tensor<2x3xi16>}} : (tensor<2x3xi16>) -> ()
  func.return
}
