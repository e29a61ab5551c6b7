// select: oracle jax.lax.select
func.func @main() {
  %c1 = shlo.constant {value = dense<[[true, false, true], [false, false, false]]> : tensor<2x3xi1>} : () -> tensor<2x3xi1>
  %c2 = shlo.constant {value = dense<[[3885932886, 516144740, 1374737284], [4095719219, 2755897268, 1542681856]]> : tensor<2x3xui32>} : () -> tensor<2x3xui32>
  %c3 = shlo.constant {value = dense<[[3072350591, 3411419982, 1143082339], [184463467, 3550753291, 1775666380]]> : tensor<2x3xui32>} : () -> tensor<2x3xui32>
  %v4 = "shlo.select"(%c1, %c2, %c3) : (tensor<2x3xi1>, tensor<2x3xui32>, tensor<2x3xui32>) -> tensor<2x3xui32>
  "shlo.custom_call"(%v4) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[3885932886, 3411419982, 1374737284], [184463467, 3550753291, 1775666380]]> : tensor<2x3xui32>}} : (tensor<2x3xui32>) -> ()
  func.return
}
