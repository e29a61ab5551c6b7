// if: oracle jax.lax.cond
func.func @main() {
  %c1 = shlo.constant {value = dense<true> : tensor<i1>} : () -> tensor<i1>
  %c2 = shlo.constant {value = dense<[-2.30088186, 4.64870548, -0.894540727]> : tensor<3xf32>} : () -> tensor<3xf32>
  %v3 = "shlo.if"(%c1) ({
    %d = "shlo.add"(%c2, %c2) : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
    "shlo.return"(%d) : (tensor<3xf32>) -> ()
  }, {
    "shlo.return"(%c2) : (tensor<3xf32>) -> ()
  }) : (tensor<i1>) -> tensor<3xf32>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[-4.60176373, 9.29741096, -1.78908145]> : tensor<3xf32>}} : (tensor<3xf32>) -> ()
  func.return
}
