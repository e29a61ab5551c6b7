// maximum: oracle jax.lax
func.func @main() {
  %c1 = shlo.constant {value = dense<[[6854693996198531938, 5404106653213245658, 940143342121237392], [12122094237678699371, 2453920174627013347, 7864593200431477524]]> : tensor<2x3xui64>} : () -> tensor<2x3xui64>
  %c2 = shlo.constant {value = dense<[[16593245239830240212, 12938033400021798165, 10936804328250937327], [10959888099662514563, 9397019592705455145, 13245721014920682543]]> : tensor<2x3xui64>} : () -> tensor<2x3xui64>
  %v3 = "shlo.maximum"(%c1, %c2) : (tensor<2x3xui64>, tensor<2x3xui64>) -> tensor<2x3xui64>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[16593245239830240212, 12938033400021798165, 10936804328250937327], [12122094237678699371, 9397019592705455145, 13245721014920682543]]> : tensor<2x3xui64>}} : (tensor<2x3xui64>) -> ()
  func.return
}
