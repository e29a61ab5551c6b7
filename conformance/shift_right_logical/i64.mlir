// shift_right_logical: oracle jax.lax
func.func @main() {
  %c1 = shlo.constant {value = dense<[[-7669699363242384896, 3527178328867671058, 1522075019396766431], [-71803603452159236, -8100110776102934833, -3379729795002278371]]> : tensor<2x3xi64>} : () -> tensor<2x3xi64>
  %c2 = shlo.constant {value = dense<[[0, 1, 2], [3, 4, 5]]> : tensor<2x3xi64>} : () -> tensor<2x3xi64>
  %v3 = "shlo.shift_right_logical"(%c1, %c2) : (tensor<2x3xi64>, tensor<2x3xi64>) -> tensor<2x3xi64>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-7669699363242384896, 1763589164433835529, 380518754849191607], [2296867558782174047, 646664581100413548, 470844196209602288]]> : tensor<2x3xi64>}} : (tensor<2x3xi64>) -> ()
  func.return
}
