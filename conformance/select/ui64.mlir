// select: oracle jax.lax.select
func.func @main() {
  %c1 = shlo.constant {value = dense<[[false, false, false], [true, true, false]]> : tensor<2x3xi1>} : () -> tensor<2x3xi1>
  %c2 = shlo.constant {value = dense<[[12666277618452673753, 8321302687990164087, 13677338851471502503], [6420826711831253004, 14211586248826073723, 3340138128481206168]]> : tensor<2x3xui64>} : () -> tensor<2x3xui64>
  %c3 = shlo.constant {value = dense<[[15096284743536699191, 4270865630410133602, 17343079082487372200], [4162233540270797682, 13683372741628812619, 16057676958528879841]]> : tensor<2x3xui64>} : () -> tensor<2x3xui64>
  %v4 = "shlo.select"(%c1, %c2, %c3) : (tensor<2x3xi1>, tensor<2x3xui64>, tensor<2x3xui64>) -> tensor<2x3xui64>
  "shlo.custom_call"(%v4) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[15096284743536699191, 4270865630410133602, 17343079082487372200], [6420826711831253004, 14211586248826073723, 16057676958528879841]]> : tensor<2x3xui64>}} : (tensor<2x3xui64>) -> ()
  func.return
}
