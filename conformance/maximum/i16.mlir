// maximum: oracle jax.lax
func.func @main() {
  %c1 = shlo.constant {value = dense<[[8488, 28049, 173], [30952, 12663, 15602]]> : tensor<2x3xi16>} : () -> tensor<2x3xi16>
  %c2 = shlo.constant {value = dense<[[2292, 5961, -785], [-17069, 23961, -31926]]> : tensor<2x3xi16>} : () -> tensor<2x3xi16>
  %v3 = "shlo.maximum"(%c1, %c2) : (tensor<2x3xi16>, tensor<2x3xi16>) -> tensor<2x3xi16>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[8488, 28049, 173], [30952, 23961, 15602]]> : tensor<2x3xi16>}} : (tensor<2x3xi16>) -> ()
  func.return
}
