// remainder: oracle jax.lax
func.func @main() {
  %c1 = shlo.constant {value = dense<[[1337049001282044237, 442442239439815421, 8247195070274563223], [6736044236490386893, 4864062916275078072, 6243722128118599291]]> : tensor<2x3xui64>} : () -> tensor<2x3xui64>
  %c2 = shlo.constant {value = dense<[[9, 1, 6], [9, 3, 9]]> : tensor<2x3xui64>} : () -> tensor<2x3xui64>
  %v3 = "shlo.remainder"(%c1, %c2) : (tensor<2x3xui64>, tensor<2x3xui64>) -> tensor<2x3xui64>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[6, 0, 5], [1, 0, 1]]> : tensor<2x3xui64>}} : (tensor<2x3xui64>) -> ()
  func.return
}
