// select: oracle jax.lax.select
func.func @main() {
  %c1 = shlo.constant {value = dense<[[false, true, true], [false, true, false]]> : tensor<2x3xi1>} : () -> tensor<2x3xi1>
  %c2 = shlo.constant {value = dense<[[1.587890e+00, -1.123050e+00, 1.117190e+00], [-3.046880e+00, -2.849610e+00, 4.710940e+00]]> : tensor<2x3xf16>} : () -> tensor<2x3xf16>
  %c3 = shlo.constant {value = dense<[[2.738280e+00, 4.558590e+00, 2.937500e+00], [-3.970700e+00, -6.882810e+00, 5.815430e-01]]> : tensor<2x3xf16>} : () -> tensor<2x3xf16>
  %v4 = "shlo.select"(%c1, %c2, %c3) : (tensor<2x3xi1>, tensor<2x3xf16>, tensor<2x3xf16>) -> tensor<2x3xf16>
  "shlo.custom_call"(%v4) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[2.738280e+00, -1.123050e+00, 1.117190e+00], [-3.970700e+00, -2.849610e+00, 5.815430e-01]]> : tensor<2x3xf16>}} : (tensor<2x3xf16>) -> ()
  func.return
}
