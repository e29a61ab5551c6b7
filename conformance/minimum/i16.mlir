// minimum: oracle jax.lax
func.func @main() {
  %c1 = shlo.constant {value = dense<[[-25535, -3162, -13018], [-7901, -29647, 5308]]> : tensor<2x3xi16>} : () -> tensor<2x3xi16>
  %c2 = shlo.constant {value = dense<[[22596, 695, -18236], [-13797, 26925, -23605]]> : tensor<2x3xi16>} : () -> tensor<2x3xi16>
  %v3 = "shlo.minimum"(%c1, %c2) : (tensor<2x3xi16>, tensor<2x3xi16>) -> tensor<2x3xi16>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-25535, -3162, -18236], [-13797, -29647, -23605]]> : tensor<2x3xi16>}} : (tensor<2x3xi16>) -> ()
  func.return
}
