// sign: oracle jax.lax (sign)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[-528286349, 941188194, -686441310], [-73433716, 881152432, 1276865145]]> : tensor<2x3xi32>} : () -> tensor<2x3xi32>
  %v2 = "shlo.sign"(%c1) : (tensor<2x3xi32>) -> tensor<2x3xi32>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-1, 1, -1], [-1, 1, 1]]> : tensor<2x3xi32>}} : (tensor<2x3xi32>) -> ()
  func.return
}
