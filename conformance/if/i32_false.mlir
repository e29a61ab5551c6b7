// if: oracle jax.lax.cond
func.func @main() {
  %c1 = shlo.constant {value = dense<false> : tensor<i1>} : () -> tensor<i1>
  %c2 = shlo.constant {value = dense<[96631106, 1758821783, -410645899]> : tensor<3xi32>} : () -> tensor<3xi32>
  %v3 = "shlo.if"(%c1) ({
    %d = "shlo.add"(%c2, %c2) : (tensor<3xi32>, tensor<3xi32>) -> tensor<3xi32>
    "shlo.return"(%d) : (tensor<3xi32>) -> ()
  }, {
    "shlo.return"(%c2) : (tensor<3xi32>) -> ()
  }) : (tensor<i1>) -> tensor<3xi32>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[96631106, 1758821783, -410645899]> : tensor<3xi32>}} : (tensor<3xi32>) -> ()
  func.return
}
