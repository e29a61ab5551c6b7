// floor: oracle jax.lax (floor)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[-0.67094333920781402, -3.4212715001022405, 3.3227240592224865], [-0.33784368607012222, 5.4645429848247113, -2.2999756664992832]]> : tensor<2x3xf64>} : () -> tensor<2x3xf64>
  %v2 = "shlo.floor"(%c1) : (tensor<2x3xf64>) -> tensor<2x3xf64>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-1.000000e+00, -4.000000e+00, 3.000000e+00], [-1.000000e+00, 5.000000e+00, -3.000000e+00]]> : tensor<2x3xf64>}} : (tensor<2x3xf64>) -> ()
  func.return
}
