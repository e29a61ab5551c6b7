// maximum: oracle jax.lax
func.func @main() {
  %c1 = shlo.constant {value = dense<[[-1379133251460117168, -4407043615404913943, -5429773075082372287], [4003007173374797713, -2307740441971206758, 3403942289955964295]]> : tensor<2x3xi64>} : () -> tensor<2x3xi64>
  %c2 = shlo.constant {value = dense<[[3604425845392007631, 7265687381680375104, 5126798638719525112], [-6557649069184676353, -2745544576185507508, -4373649414481261881]]> : tensor<2x3xi64>} : () -> tensor<2x3xi64>
  %v3 = "shlo.maximum"(%c1, %c2) : (tensor<2x3xi64>, tensor<2x3xi64>) -> tensor<2x3xi64>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[3604425845392007631, 7265687381680375104, 5126798638719525112], [4003007173374797713, -2307740441971206758, 3403942289955964295]]> : tensor<2x3xi64>}} : (tensor<2x3xi64>) -> ()
  func.return
}
