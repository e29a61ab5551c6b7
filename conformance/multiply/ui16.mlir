// multiply: oracle jax.lax
func.func @main() {
  %c1 = shlo.constant {value = dense<[[44246, 27787, 52335], [12529, 62888, 38667]]> : tensor<2x3xui16>} : () -> tensor<2x3xui16>
  %c2 = shlo.constant {value = dense<[[6005, 60385, 34952], [18300, 36282, 23014]]> : tensor<2x3xui16>} : () -> tensor<2x3xui16>
  %v3 = "shlo.multiply"(%c1, %c2) : (tensor<2x3xui16>, tensor<2x3xui16>) -> tensor<2x3xui16>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[14286, 65323, 37624], [35772, 1040, 34530]]> : tensor<2x3xui16>}} : (tensor<2x3xui16>) -> ()
  func.return
}
