// minimum: oracle jax.lax
func.func @main() {
  %c1 = shlo.constant {value = dense<[[6009391338016600603, -4559930124212008431, 4027816611345487335], [4156195946505996646, 227286235312559717, -3009984122216173735]]> : tensor<2x3xi64>} : () -> tensor<2x3xi64>
  %c2 = shlo.constant {value = dense<[[3474781907290502945, 5688699991729449248, -7140593846279979604], [-6433489830184530853, 7797352492733343725, 4932662256834870187]]> : tensor<2x3xi64>} : () -> tensor<2x3xi64>
  %v3 = "shlo.minimum"(%c1, %c2) : (tensor<2x3xi64>, tensor<2x3xi64>) -> tensor<2x3xi64>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[3474781907290502945, -4559930124212008431, -7140593846279979604], [-6433489830184530853, 227286235312559717, -3009984122216173735]]> : tensor<2x3xi64>}} : (tensor<2x3xi64>) -> ()
  func.return
}
