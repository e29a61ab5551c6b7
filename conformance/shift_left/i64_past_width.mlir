// shift_left: oracle jax.lax; shift amounts >= bit width (or negative) give 0 / sign fill
func.func @main() {
  %c1 = shlo.constant {value = dense<[-9223372036854775808, -3283300541866979151, -6680593993536005134, -4208812985587767287, 6600251297374758110, -5067175456746030466, -8290452573081998740, 5628565670843700998]> : tensor<8xi64>} : () -> tensor<8xi64>
  %c2 = shlo.constant {value = dense<[0, 1, 63, 64, 65, 128, 3, -1]> : tensor<8xi64>} : () -> tensor<8xi64>
  %v3 = "shlo.shift_left"(%c1, %c2) : (tensor<8xi64>, tensor<8xi64>) -> tensor<8xi64>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[-9223372036854775808, -6566601083733958302, 0, 0, 0, 0, 7463355710182216544, 0]> : tensor<8xi64>}} : (tensor<8xi64>) -> ()
  func.return
}
