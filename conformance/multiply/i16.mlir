// multiply: oracle jax.lax
func.func @main() {
  %c1 = shlo.constant {value = dense<[[12197, 10018, -16512], [28671, 527, 23902]]> : tensor<2x3xi16>} : () -> tensor<2x3xi16>
  %c2 = shlo.constant {value = dense<[[15179, -725, -15259], [27844, -8519, -12744]]> : tensor<2x3xi16>} : () -> tensor<2x3xi16>
  %v3 = "shlo.multiply"(%c1, %c2) : (tensor<2x3xi16>, tensor<2x3xi16>) -> tensor<2x3xi16>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-937, 11446, -29312], [21308, 32471, 4240]]> : tensor<2x3xi16>}} : (tensor<2x3xi16>) -> ()
  func.return
}
