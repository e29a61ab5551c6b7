// multiply: oracle jax.lax
func.func @main() {
  %c1 = shlo.constant {value = dense<[[345559532, 1415482542, -655451123], [494393422, -969402789, 2088164753]]> : tensor<2x3xi32>} : () -> tensor<2x3xi32>
  %c2 = shlo.constant {value = dense<[[-1803226799, -1573591163, 1459930178], [608895021, -1475455827, 1835355313]]> : tensor<2x3xi32>} : () -> tensor<2x3xi32>
  %v3 = "shlo.multiply"(%c1, %c2) : (tensor<2x3xi32>, tensor<2x3xi32>) -> tensor<2x3xi32>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[262772652, -714598298, 2016554842], [-2064972362, 1278670719, 2133540161]]> : tensor<2x3xi32>}} : (tensor<2x3xi32>) -> ()
  func.return
}
