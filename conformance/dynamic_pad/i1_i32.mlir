// dynamic_pad: oracle jax.lax.pad
func.func @main() {
  %c1 = shlo.constant {value = dense<[false, false, false]> : tensor<3xi1>} : () -> tensor<3xi1>
  %c2 = shlo.constant {value = dense<true> : tensor<i1>} : () -> tensor<i1>
  %c3 = shlo.constant {value = dense<1> : tensor<1xi32>} : () -> tensor<1xi32>
  %c4 = shlo.constant {value = dense<2> : tensor<1xi32>} : () -> tensor<1xi32>
  %c5 = shlo.constant {value = dense<1> : tensor<1xi32>} : () -> tensor<1xi32>
  %v6 = "shlo.dynamic_pad"(%c1, %c2, %c3, %c4, %c5) : (tensor<3xi1>, tensor<i1>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<8xi1>
  "shlo.custom_call"(%v6) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[true, false, true, false, true, false, true, true]> : tensor<8xi1>}} : (tensor<8xi1>) -> ()
  func.return
}
