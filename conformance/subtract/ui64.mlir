// subtract: oracle jax.lax
func.func @main() {
  %c1 = shlo.constant {value = dense<[[3946457453871661404, 9678426753974292931, 15497484662444896218], [17571787109912587973, 15076657595638216421, 10802194486943089168]]> : tensor<2x3xui64>} : () -> tensor<2x3xui64>
  %c2 = shlo.constant {value = dense<[[17167206728755676506, 5322922880632712224, 12190144188727826186], [7240377344237209059, 6126347596150148313, 1233597285346287293]]> : tensor<2x3xui64>} : () -> tensor<2x3xui64>
  %v3 = "shlo.subtract"(%c1, %c2) : (tensor<2x3xui64>, tensor<2x3xui64>) -> tensor<2x3xui64>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[5225994798825536514, 4355503873341580707, 3307340473717070032], [10331409765675378914, 8950309999488068108, 9568597201596801875]]> : tensor<2x3xui64>}} : (tensor<2x3xui64>) -> ()
  func.return
}
