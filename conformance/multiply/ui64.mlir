// multiply: oracle jax.lax
func.func @main() {
  %c1 = shlo.constant {value = dense<[[6360949513228224148, 6222155053446786012, 17361947331103790306], [18202271036988204211, 6137095794382483617, 8087638430643263954]]> : tensor<2x3xui64>} : () -> tensor<2x3xui64>
  %c2 = shlo.constant {value = dense<[[2168495545689016378, 16383715055014765765, 7559178262953583212], [13436553773505890086, 13684886161169060545, 17190597656249142200]]> : tensor<2x3xui64>} : () -> tensor<2x3xui64>
  %v3 = "shlo.multiply"(%c1, %c2) : (tensor<2x3xui64>, tensor<2x3xui64>) -> tensor<2x3xui64>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[17553878542340791688, 14067583376322293836, 10986835997770666840], [10469217932027926418, 13322956309392915297, 7295228563208246512]]> : tensor<2x3xui64>}} : (tensor<2x3xui64>) -> ()
  func.return
}
