// add: oracle jax.lax
func.func @main() {
  %c1 = shlo.constant {value = dense<[[2116781058400763033, 6250780000101562513, 16877187519370508311], [15866910071406594380, 9985392810094024281, 1805046358129178881]]> : tensor<2x3xui64>} : () -> tensor<2x3xui64>
  %c2 = shlo.constant {value = dense<[[3185475275123600946, 952322036888337040, 8832305930655644140], [15494785592757083283, 14017332605229862661, 6187334975369949500]]> : tensor<2x3xui64>} : () -> tensor<2x3xui64>
  %v3 = "shlo.add"(%c1, %c2) : (tensor<2x3xui64>, tensor<2x3xui64>) -> tensor<2x3xui64>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[5302256333524363979, 7203102036989899553, 7262749376316600835], [12914951590454126047, 5555981341614335326, 7992381333499128381]]> : tensor<2x3xui64>}} : (tensor<2x3xui64>) -> ()
  func.return
}
