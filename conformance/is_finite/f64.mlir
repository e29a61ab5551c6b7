// is_finite: oracle jax.lax (is_finite)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[-3.7856783741576625, 5.2662064023386774, 1.4479096143900581], [0.98218112816552283, -5.9299222961575495, -0.20123308023462827]]> : tensor<2x3xf64>} : () -> tensor<2x3xf64>
  %v2 = "shlo.is_finite"(%c1) : (tensor<2x3xf64>) -> tensor<2x3xi1>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[true, true, true], [true, true, true]]> : tensor<2x3xi1>}} : (tensor<2x3xi1>) -> ()
  func.return
}
