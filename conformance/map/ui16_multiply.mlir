// map: oracle jax.lax elementwise op applied by map
func.func @main() {
  %c1 = shlo.constant {value = dense<[[22085, 32354, 45771], [31352, 13698, 38907]]> : tensor<2x3xui16>} : () -> tensor<2x3xui16>
  %c2 = shlo.constant {value = dense<[[9171, 35433, 11726], [53161, 26335, 59357]]> : tensor<2x3xui16>} : () -> tensor<2x3xui16>
  %v3 = "shlo.map"(%c1, %c2) ({
  ^bb0(%a0: tensor<ui16>, %b0: tensor<ui16>):
    %s0 = "shlo.multiply"(%a0, %b0) : (tensor<ui16>, tensor<ui16>) -> tensor<ui16>
    "shlo.return"(%s0) : (tensor<ui16>) -> ()
  }) {dimensions = array<i64: 0, 1>} : (tensor<2x3xui16>, tensor<2x3xui16>) -> tensor<2x3xui16>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[35295, 43570, 36442], [57656, 26686, 45231]]> : tensor<2x3xui16>}} : (tensor<2x3xui16>) -> ()
  func.return
}
