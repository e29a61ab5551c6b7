// add: oracle jax.lax
func.func @main() {
  %c1 = shlo.constant {value = dense<[[-1.461394370203505, 1.6726844433446053, 0.23532488535316387], [-3.2945823369009632, -4.3784246458765113, -5.9150502524728301]]> : tensor<2x3xf64>} : () -> tensor<2x3xf64>
  %c2 = shlo.constant {value = dense<[[0.14255821626812987, 1.2038327381625546, -0.81731169897310396], [5.7922248549614963, -2.209417365177508, 5.2354861504523411]]> : tensor<2x3xf64>} : () -> tensor<2x3xf64>
  %v3 = "shlo.add"(%c1, %c2) : (tensor<2x3xf64>, tensor<2x3xf64>) -> tensor<2x3xf64>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-1.3188361539353752, 2.8765171815071602, -0.58198681361994009], [2.4976425180605331, -6.5878420110540192, -0.679564102020489]]> : tensor<2x3xf64>}} : (tensor<2x3xf64>) -> ()
  func.return
}
