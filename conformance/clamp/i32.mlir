// clamp: oracle jax.lax.clamp
func.func @main() {
  %c1 = shlo.constant {value = dense<[-2007801740, -1515143492, -689038412, 1321754081, -439505294, -267191065]> : tensor<6xi32>} : () -> tensor<6xi32>
  %c2 = shlo.constant {value = dense<[350839850, -209233882, 1540073226, 498620481, 1163620034, 1741809909]> : tensor<6xi32>} : () -> tensor<6xi32>
  %c3 = shlo.constant {value = dense<[-1974934921, 504409547, 468889434, 1788951312, 534632040, 355278024]> : tensor<6xi32>} : () -> tensor<6xi32>
  %v4 = "shlo.clamp"(%c1, %c2, %c3) : (tensor<6xi32>, tensor<6xi32>, tensor<6xi32>) -> tensor<6xi32>
  "shlo.custom_call"(%v4) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[-1974934921, -209233882, 468889434, 1321754081, 534632040, 355278024]> : tensor<6xi32>}} : (tensor<6xi32>) -> ()
  func.return
}
